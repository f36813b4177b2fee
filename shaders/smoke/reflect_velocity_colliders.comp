#version 450
// The midpoint projection and reflection of advection-reflection (smoke/subtract_gradient.glsl with
// BILLOW_REFLECT), for steps with moving colliders.
#define BILLOW_REFLECT
#define BILLOW_SOLID_VELOCITY
#include "smoke/subtract_gradient.glsl"
