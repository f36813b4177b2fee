#version 450
// Gradient subtraction (smoke/subtract_gradient.glsl), for steps with moving colliders. The closed part
// of a face carries the solid velocity the colliders were rasterised with (colliders_rasterise.comp).
#define BILLOW_SOLID_VELOCITY
#include "smoke/subtract_gradient.glsl"
