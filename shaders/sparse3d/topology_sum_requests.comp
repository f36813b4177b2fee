#version 450
// Topology: each block's count of requests (wanted bricks that are missing), over the brick map:
// the first level of the requests' scan. topology_allocate ranks them the same way.
// One block of BILLOW_TOPOLOGY_BLOCK elements per workgroup: dispatched in groups.
#define BILLOW_OWN_WORKGROUP_SIZE
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
#include "sparse3d/topology.glsl"
#include "sparse3d/sparse3d_types.h"

layout(std430, set = 0, binding = 2) readonly buffer Wanted { uint wanted[]; };
layout(std430, set = 0, binding = 3) writeonly buffer Blocks { uint blocks[]; };
layout(push_constant) uniform Push { TopologyScanPush pc; };

void main() {
    uint sum = 0u;
    for (uint k = 0u; k < BILLOW_TOPOLOGY_ITEMS; ++k) {
        uint i = topologyElement(k);
        if (i < pc.count && wanted[i] != 0u && brickMap[i] == BILLOW_NO_BRICK) sum += 1u;
    }
    uint total;
    workgroupExclusiveSum(sum, total);
    if (gl_LocalInvocationIndex == 0u) blocks[gl_WorkGroupID.x] = total;
}
