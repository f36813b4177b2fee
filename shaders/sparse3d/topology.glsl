// What the Topology pass's kernels over the brick map and the slots share: a block of
// BILLOW_TOPOLOGY_BLOCK elements per workgroup, BILLOW_TOPOLOGY_ITEMS consecutive ones a thread, and
// the workgroup's exclusive prefix sum. Counting with scans (not atomics) gives every element a rank
// that depends only on the flags, so slots are handed out and the active list is ordered the same
// way run after run.
#include "sparse3d/topology_types.h"

layout(local_size_x = BILLOW_TOPOLOGY_THREADS) in;

// Element `item` of this thread (its block's elements, BILLOW_TOPOLOGY_ITEMS consecutive a thread).
uint topologyElement(uint item) {
    return gl_WorkGroupID.x * BILLOW_TOPOLOGY_BLOCK + gl_LocalInvocationIndex * BILLOW_TOPOLOGY_ITEMS + item;
}

shared uint topologyScan[BILLOW_TOPOLOGY_THREADS];

// The exclusive prefix sum of `value` over the workgroup's threads (Hillis and Steele 1986), and
// the workgroup's total. Every thread of the workgroup calls it.
uint workgroupExclusiveSum(uint value, out uint total) {
    uint t = gl_LocalInvocationIndex;
    topologyScan[t] = value;
    barrier();
    for (uint d = 1; d < BILLOW_TOPOLOGY_THREADS; d <<= 1) {
        uint add = t >= d ? topologyScan[t - d] : 0u;
        barrier();
        topologyScan[t] += add;
        barrier();
    }
    total = topologyScan[BILLOW_TOPOLOGY_THREADS - 1];
    uint inclusive = topologyScan[t];
    barrier();
    return inclusive - value;
}
