#version 450
// The midpoint projection and reflection of advection-reflection (smoke/subtract_gradient.glsl with
// BILLOW_REFLECT), for steps without moving colliders.
#define BILLOW_REFLECT
#include "smoke/subtract_gradient.glsl"
