#version 450
// Gradient subtraction (smoke/subtract_gradient.glsl), for steps without moving colliders.
#include "smoke/subtract_gradient.glsl"
