#version 450
// The mass correction's last dispatch: multiplies every cell of an advected field by its factor
// (mass/factor.comp). Strided like the sums (at most BILLOW_MASS_MAX_GROUPS workgroups).
// It declares no uniform block, so every solver's kernel set can hold it (KernelSet's extras).
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "mass/mass_types.h"

layout(local_size_x = BILLOW_MASS_GROUP) in;

layout(set = 0, binding = 1) buffer Field { float field[]; };
layout(set = 0, binding = 2) readonly buffer Factors { float factors[]; };
layout(push_constant) uniform Push { MassScalePush pc; };

void main() {
    const float factor = factors[pc.field];
    const int stride = int(gl_NumWorkGroups.x) * BILLOW_MASS_GROUP;
    for (int c = int(gl_GlobalInvocationID.x); c < pc.cells; c += stride) field[c] *= factor;
}
