#version 450
// Vorticity omega = curl u on the cell edges (smoke3d/curl_rule.glsl). One thread per point of the
// (nx+1) (ny+1) (nz+1) union of the three edge grids.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/edges.glsl"

layout(set = 0, binding = 1) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 4) writeonly buffer CurlX { float curlX[]; };
layout(set = 0, binding = 5) writeonly buffer CurlY { float curlY[]; };
layout(set = 0, binding = 6) writeonly buffer CurlZ { float curlZ[]; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/curl_rule.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    ivec3 e = canonicalEdge3(id);
    if (ownsEdge3(0, id)) curlX[edgeIndex3(0, id)] = edgeCurl3(0, e);
    if (ownsEdge3(1, id)) curlY[edgeIndex3(1, id)] = edgeCurl3(1, e);
    if (ownsEdge3(2, id)) curlZ[edgeIndex3(2, id)] = edgeCurl3(2, e);
}
