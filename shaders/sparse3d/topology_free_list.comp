#version 450
// Topology: the free list from the slots' free flags, as a stack whose top is the lowest free slot
// (freeList[freeCount - 1] the lowest, freeList[0] the highest): popping takes slots in slot order,
// as SparseSmokeSolver3D::allocateBricks does on the host.
// One block of BILLOW_TOPOLOGY_BLOCK elements per workgroup: dispatched in groups.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "sparse3d/topology.glsl"
#include "sparse3d/sparse3d_types.h"

layout(std430, set = 0, binding = 1) readonly buffer SlotFree { uint slotFree[]; };
layout(std430, set = 0, binding = 2) readonly buffer Blocks { uint blocks[]; };
layout(std430, set = 0, binding = 3) readonly buffer Header { SparseTopologyHeader header; };
layout(std430, set = 0, binding = 4) writeonly buffer FreeList { uint freeList[]; };
layout(push_constant) uniform Push { TopologyScanPush pc; };

void main() {
    uint flags[BILLOW_TOPOLOGY_ITEMS];
    uint sum = 0u;
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        uint i = topologyElement(k);
        flags[k] = i < pc.count ? slotFree[i] : 0u;
        sum += flags[k];
    }
    uint total;
    uint rank = blocks[gl_WorkGroupID.x] + workgroupExclusiveSum(sum, total);
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        if (flags[k] != 0u) freeList[header.freeCount - 1u - rank] = topologyElement(k);
        rank += flags[k];
    }
}
