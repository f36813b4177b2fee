#version 450
// Topology: the active list in slot order, the neighbour table of every allocated slot and the
// list of the bricks allocated this step. The slots' free flags (before the allocation) are ranked
// again: free slot number k (k-th lowest) was taken by this step's allocation when k < allocated,
// so slot s is allocated now unless it was free with rank >= allocated, and its place in the
// active list is s minus the free slots left below it.
// One block of BILLOW_TOPOLOGY_BLOCK elements per workgroup: dispatched in groups.
#define BILLOW_OWN_WORKGROUP_SIZE
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
#include "sparse3d/topology.glsl"
#include "sparse3d/bricks.glsl"

layout(std430, set = 0, binding = 2) readonly buffer SlotFree { uint slotFree[]; };
layout(std430, set = 0, binding = 3) readonly buffer Blocks { uint blocks[]; };
layout(std430, set = 0, binding = 4) readonly buffer Scratch { uint scratch[]; };
layout(std430, set = 0, binding = 5) readonly buffer BrickCoords { ivec4 brickCoords[]; };
layout(std430, set = 0, binding = 6) writeonly buffer ActiveList { ivec4 activeList[]; };
layout(std430, set = 0, binding = 7) writeonly buffer Neighbours { uint neighbours[]; };
layout(std430, set = 0, binding = 8) writeonly buffer NewList { ivec4 newList[]; };
layout(std430, set = 0, binding = 9) writeonly buffer SlotNew { uint slotNew[]; };
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
    uint freeBelow = blocks[gl_WorkGroupID.x] + workgroupExclusiveSum(sum, total);
    uint allocated = scratch[BILLOW_TOPOLOGY_NEW_COUNT_WORD];
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        uint slot = topologyElement(k);
        if (slot >= pc.count) break;
        bool fresh = flags[k] != 0u && freeBelow < allocated;
        slotNew[slot] = fresh ? 1u : 0u;
        if (flags[k] == 0u || fresh) {
            ivec3 b = brickCoords[slot].xyz;
            uint place = slot - (freeBelow > allocated ? freeBelow - allocated : 0u);
            activeList[place] = ivec4(b, int(slot));
            for (int side = 0; side < 6; ++side) {
                ivec3 n = b;
                n[side / 2] += (side % 2 == 0) ? -1 : 1;
                neighbours[6u * slot + uint(side)] = brickSlot(n);
            }
            if (fresh) newList[freeBelow] = ivec4(b, int(slot));
        }
        freeBelow += flags[k];
    }
}
