#version 450
// Topology: each block's count of free slots (the first level of the free slots' scan).
// One block of BILLOW_TOPOLOGY_BLOCK elements per workgroup: dispatched in groups.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "sparse3d/topology.glsl"

layout(std430, set = 0, binding = 1) readonly buffer SlotFree { uint slotFree[]; };
layout(std430, set = 0, binding = 2) writeonly buffer Blocks { uint blocks[]; };
layout(push_constant) uniform Push { TopologyScanPush pc; };

void main() {
    uint sum = 0u;
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        uint i = topologyElement(k);
        if (i < pc.count) sum += slotFree[i];
    }
    uint total;
    workgroupExclusiveSum(sum, total);
    if (gl_LocalInvocationIndex == 0u) blocks[gl_WorkGroupID.x] = total;
}
