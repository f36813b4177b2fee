#version 450
// Velocity divergence per cell (smoke/divergence.glsl), for steps with moving colliders. The closed part
// of a face carries the solid velocity the colliders were rasterised with (colliders_rasterise.comp).
#define BILLOW_SOLID_VELOCITY
#include "smoke/divergence.glsl"
