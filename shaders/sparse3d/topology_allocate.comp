#version 450
// Topology: the requests (wanted bricks that are missing), ranked in brick-map order, take the free
// slots in slot order: request k gets the k-th lowest free slot while there is one; the others are
// refused, the first BILLOW_MAX_REFUSED_LISTED of them listed in the header. Nothing else changes
// for a refused brick: it stays missing (open air).
// One block of BILLOW_TOPOLOGY_BLOCK elements per workgroup: dispatched in groups.
#define BILLOW_OWN_WORKGROUP_SIZE
layout(std430, set = 0, binding = 1) buffer BrickMap { uint brickMap[]; };
#include "sparse3d/topology.glsl"
#include "sparse3d/bricks.glsl"

layout(std430, set = 0, binding = 2) readonly buffer Wanted { uint wanted[]; };
layout(std430, set = 0, binding = 3) readonly buffer Blocks { uint blocks[]; };
layout(std430, set = 0, binding = 4) buffer Header { SparseTopologyHeader header; };
layout(std430, set = 0, binding = 5) readonly buffer FreeList { uint freeList[]; };
layout(std430, set = 0, binding = 6) buffer BrickCoords { ivec4 brickCoords[]; };
layout(push_constant) uniform Push { TopologyScanPush pc; };

void main() {
    uint flags[BILLOW_TOPOLOGY_ITEMS];
    uint sum = 0u;
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        uint i = topologyElement(k);
        flags[k] = i < pc.count && wanted[i] != 0u && brickMap[i] == BILLOW_NO_BRICK ? 1u : 0u;
        sum += flags[k];
    }
    uint total;
    uint rank = blocks[gl_WorkGroupID.x] + workgroupExclusiveSum(sum, total);
    uint freeCount = header.freeCount;
    ivec3 n = brickGrid();
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        if (flags[k] == 0u) continue;
        int i = int(topologyElement(k));
        ivec3 b = ivec3(i % n.x, (i / n.x) % n.y, i / (n.x * n.y));
        if (rank < freeCount) {
            uint slot = freeList[freeCount - 1u - rank];
            brickMap[i] = slot;
            brickCoords[slot] = ivec4(b, 0);
        } else if (rank - freeCount < BILLOW_MAX_REFUSED_LISTED) {
            header.refused[rank - freeCount] = ivec4(b, 0);
        }
        rank += 1u;
    }
}
