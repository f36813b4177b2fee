#version 450
// Finds non-finite values (NaN or infinity) in one field buffer and reports them on the health
// ring: the field's bit in the slot's mask, and the lowest index found. The values are tested on
// their bits (every exponent bit set), which no compiler may fold away as it may isnan() under
// relaxed float rules. Finite fields write nothing; the cost is one read of the field.
// It declares no uniform block, so every solver's kernel set can hold it (KernelSet's extras).
// A 1D kernel, dispatched in workgroups (at most BILLOW_HEALTH_MAX_GROUPS; each thread strides).
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "health/health_types.h"

layout(local_size_x = BILLOW_HEALTH_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Field { uint field[]; };
layout(set = 0, binding = 2) buffer Report { uint report[]; };
layout(push_constant) uniform Push { NonFiniteScanPush pc; };

bool nonFiniteFloat(uint bits) { return (bits & 0x7f800000u) == 0x7f800000u; }
bool nonFiniteHalf(uint bits) { return (bits & 0x7c00u) == 0x7c00u; }

void main() {
    const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    const uint words = uint(pc.words);
    uint first = 0xffffffffu;
    // Each thread's indices rise, so its first find is its lowest.
    for (uint k = gl_GlobalInvocationID.x; k < words && first == 0xffffffffu; k += stride) {
        const uint bits = field[k];
        if (pc.halves != 0) {
            if (nonFiniteHalf(bits)) first = 2u * k;
            else if (nonFiniteHalf(bits >> 16)) first = 2u * k + 1u;
        } else if (nonFiniteFloat(bits)) {
            first = k;
        }
    }
    if (first != 0xffffffffu) {
        atomicOr(report[pc.slotWord + BILLOW_HEALTH_MASK], 1u << uint(pc.field));
        atomicMin(report[pc.slotWord + BILLOW_HEALTH_FIRST_INDEX + pc.field], first);
    }
}
