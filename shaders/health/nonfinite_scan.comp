#version 450
// Finds non-finite values (NaN or infinity) in one field buffer and reports them on the health
// ring: the field's bit in the slot's mask, and the lowest index found; and, for a field with a
// physical limit, the largest finite magnitude beyond it (a finite run gone wild: 1e9 K, 1e14
// m/s). The values are tested on their bits (every exponent bit set), which no compiler may fold away as it may isnan() under
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

// Index k's bits if it is a non-finite value (either half, when the field holds halves): the
// lowest element index it holds that is non-finite, or none.
uint nonFiniteAt(uint k, uint bits) {
    if (pc.halves != 0) {
        if (nonFiniteHalf(bits)) return 2u * k;
        if (nonFiniteHalf(bits >> 16)) return 2u * k + 1u;
        return 0xffffffffu;
    }
    return nonFiniteFloat(bits) ? k : 0xffffffffu;
}

void main() {
    const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    const uint words = uint(pc.words);
    const uint none = 0xffffffffu;
    uint first = none;
    float beyond = 0.0;  // the largest finite |value| above pc.limit seen by this thread
    // Four strided words per iteration, loaded before any is tested, so four loads are in flight
    // per thread instead of one (the scan is bound by load latency, not bandwidth, at one). The
    // four indices rise, and so do the iterations', so a thread's first find is its lowest.
    for (uint k = gl_GlobalInvocationID.x; k < words && first == none; k += 4u * stride) {
        const uint k1 = k + stride, k2 = k + 2u * stride, k3 = k + 3u * stride;
        const uint b0 = field[k];
        const uint b1 = k1 < words ? field[k1] : 0u;
        const uint b2 = k2 < words ? field[k2] : 0u;
        const uint b3 = k3 < words ? field[k3] : 0u;
        first = nonFiniteAt(k, b0);
        if (first == none) first = nonFiniteAt(k1, b1);
        if (first == none) first = nonFiniteAt(k2, b2);
        if (first == none) first = nonFiniteAt(k3, b3);
        if (pc.limit > 0.0) {
            // Magnitudes from the bits (the sign cleared); non-finite ones are reported above.
            const uvec4 m = uvec4(b0, b1, b2, b3) & 0x7fffffffu;
            for (int c = 0; c < 4; ++c)
                if (m[c] < 0x7f800000u) beyond = max(beyond, uintBitsToFloat(m[c]));
        }
    }
    if (beyond > pc.limit && pc.limit > 0.0)
        atomicMax(report[pc.slotWord + BILLOW_HEALTH_BEYOND_LIMIT + pc.field], floatBitsToUint(beyond));
    if (first != none) {
        atomicOr(report[pc.slotWord + BILLOW_HEALTH_MASK], 1u << uint(pc.field));
        atomicMin(report[pc.slotWord + BILLOW_HEALTH_FIRST_INDEX + pc.field], first);
    }
}
