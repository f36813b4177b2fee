#version 450
// The mass correction's factor for one field (mass/mass_types.h): the sum of the sums kernel's
// partials gives the field's total before advection (M0), after it (M1) and what the advecting
// velocity carried out through inflow and outflow sides in the step (F); the field is then scaled
// by (M0 - F) / M1, so its total changes by exactly what crossed the sides. The factor stays
// within 1 +- maxChange, and is 1 where M1 or M0 - F is not positive (no smoke, or all of it
// gone), so a nearly empty field is never blown up, and where it differs from 1 by no more than
// the sums' own rounding (BILLOW_MASS_RESOLUTION), so a transport that kept the total exactly (a
// shift by whole cells, a constant) is left bit for bit as it was. One workgroup.
// It declares no uniform block, so every solver's kernel set can hold it (KernelSet's extras).
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "mass/mass_types.h"

layout(local_size_x = BILLOW_MASS_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Partials { vec4 partials[]; };
layout(set = 0, binding = 2) buffer Factors { float factors[]; };
layout(push_constant) uniform Push { MassFactorPush pc; };

shared vec3 sums[BILLOW_MASS_GROUP];

void main() {
    const uint t = gl_LocalInvocationIndex;
    vec3 sum = vec3(0.0);
    for (int g = int(t); g < pc.groups; g += BILLOW_MASS_GROUP) sum += partials[pc.field * BILLOW_MASS_MAX_GROUPS + g].xyz;
    sums[t] = sum;
    barrier();
    for (uint s = BILLOW_MASS_GROUP / 2; s > 0; s >>= 1) {
        if (t < s) sums[t] += sums[t + s];
        barrier();
    }
    if (t != 0) return;
    const float before = sums[0].x, after = sums[0].y, outflow = sums[0].z;
    const float expected = before - outflow;
    float factor = 1.0;
    if (after > 0.0 && expected > 0.0 && abs(expected - after) > BILLOW_MASS_RESOLUTION * after)
        factor = clamp(expected / after, 1.0 - pc.maxChange, 1.0 + pc.maxChange);
    factors[pc.field] = factor;
}
