#version 450
// Topology: the header's counts after the allocation (one thread), the brick kernels' indirect
// dispatch (one workgroup per allocated brick) and the new bricks' (topology_fill_*).
#extension GL_GOOGLE_include_directive : require
#include "sparse3d/sparse3d_types.h"
#include "sparse3d/topology_types.h"
layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 1) buffer Header { SparseTopologyHeader header; };
layout(std430, set = 0, binding = 2) writeonly buffer Scratch { uint scratch[]; };

void main() {
    uint allocated = min(header.requestedCount, header.freeCount);
    header.refusedCount = header.requestedCount - allocated;
    header.freeCount -= allocated;
    header.activeCount = header.capacity - header.freeCount;
    header.dispatchX = header.activeCount;
    header.dispatchY = 1u;
    header.dispatchZ = 1u;
    scratch[0] = allocated;
    scratch[1] = 1u;
    scratch[2] = 1u;
    scratch[BILLOW_TOPOLOGY_NEW_COUNT_WORD] = allocated;
}
