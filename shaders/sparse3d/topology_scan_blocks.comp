#version 450
// Topology: the second level of a scan, in one workgroup: the blocks' counts become each block's
// first rank (exclusive prefix sum, in place), and their total goes to a header word.
// One block of BILLOW_TOPOLOGY_BLOCK elements per workgroup: dispatched in groups.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "sparse3d/topology.glsl"

layout(std430, set = 0, binding = 1) buffer Blocks { uint blocks[]; };
layout(std430, set = 0, binding = 2) buffer Header { uint headerWords[]; };
layout(push_constant) uniform Push { TopologyScanPush pc; };

void main() {
    uint carry = 0u;
    for (uint first = 0u; first < pc.count; first += BILLOW_TOPOLOGY_BLOCK) {
        uint values[BILLOW_TOPOLOGY_ITEMS];
        uint sum = 0u;
        for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
            uint i = first + gl_LocalInvocationIndex * BILLOW_TOPOLOGY_ITEMS + k;
            values[k] = i < pc.count ? blocks[i] : 0u;
            sum += values[k];
        }
        uint total;
        uint rank = carry + workgroupExclusiveSum(sum, total);
        for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
            uint i = first + gl_LocalInvocationIndex * BILLOW_TOPOLOGY_ITEMS + k;
            if (i < pc.count) blocks[i] = rank;
            rank += values[k];
        }
        carry += total;
    }
    if (gl_LocalInvocationIndex == 0u) headerWords[pc.totalWord] = carry;
}
