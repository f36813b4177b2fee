#version 450
// Velocity divergence per cell (smoke/divergence.glsl), for steps without moving colliders.
#include "smoke/divergence.glsl"
