#version 450
// The mass correction's last dispatch: multiplies every cell of an advected field by its factor
// (mass/factor.comp). Strided like the sums (at most BILLOW_MASS_MAX_GROUPS workgroups).
// It declares no uniform block, so every solver's kernel set can hold it (KernelSet's extras). The
// fields it scales (density, fuel) are stored as the solver's flow storage says; never the
// temperature, whose 16-bit storage has an origin (common/flow_storage.glsl).
#extension GL_GOOGLE_include_directive : require
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_OWN_WORKGROUP_SIZE
#include "mass/mass_types.h"

layout(local_size_x = BILLOW_MASS_GROUP) in;

layout(set = 0, binding = 1) buffer Field { flow_t field[]; };
layout(set = 0, binding = 2) readonly buffer Factors { float factors[]; };
layout(push_constant) uniform Push { MassScalePush pc; };

void main() {
    const float factor = factors[pc.field];
    const int stride = int(gl_NumWorkGroups.x) * BILLOW_MASS_GROUP;
    for (int c = int(gl_GlobalInvocationID.x); c < pc.cells; c += stride) field[c] = FLOW_STORE(FLOW_LOAD(field[c]) * factor);
}
