// The largest of one non-negative value per invocation of the workgroup (a shared-memory tree
// reduction), for the host-visible maxima that set the stability limit. Must be reached by every
// invocation (it has barriers); the result is valid in invocation 0.
shared float groupMaxValues[BILLOW_GROUP_X * BILLOW_GROUP_Y];

float groupMaximum(float value) {
    uint lid = gl_LocalInvocationIndex;
    groupMaxValues[lid] = value;
    memoryBarrierShared();
    barrier();
    for (uint s = BILLOW_GROUP_X * BILLOW_GROUP_Y / 2; s > 0; s >>= 1) {
        if (lid < s) groupMaxValues[lid] = max(groupMaxValues[lid], groupMaxValues[lid + s]);
        memoryBarrierShared();
        barrier();
    }
    return groupMaxValues[0];
}
