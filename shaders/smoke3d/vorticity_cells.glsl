// The vorticity vector at a cell centre: each component the mean of the four edges of its axis
// around the cell (smoke3d/curl.comp writes the edges). Needs smoke3d/edges.glsl and the readonly
// buffers curlX, curlY, curlZ, unless the includer defines BILLOW_EDGE_CURL3(axis, e), the curl on
// edge e along `axis` (the sparse grid computes it from the faces: smoke3d/curl_rule.glsl).
#ifndef BILLOW_EDGE_CURL3
#define BILLOW_EDGE_CURL3(axis, e) \
    ((axis) == 0 ? curlX[edgeIndex3(0, e)] : (axis) == 1 ? curlY[edgeIndex3(1, e)] : curlZ[edgeIndex3(2, e)])
#endif

vec3 cellVorticity(ivec3 c) {
    const ivec3 X = ivec3(1, 0, 0), Y = ivec3(0, 1, 0), Z = ivec3(0, 0, 1);
    float x = BILLOW_EDGE_CURL3(0, c) + BILLOW_EDGE_CURL3(0, c + Y) + BILLOW_EDGE_CURL3(0, c + Z) +
              BILLOW_EDGE_CURL3(0, c + Y + Z);
    float y = BILLOW_EDGE_CURL3(1, c) + BILLOW_EDGE_CURL3(1, c + X) + BILLOW_EDGE_CURL3(1, c + Z) +
              BILLOW_EDGE_CURL3(1, c + X + Z);
    float z = BILLOW_EDGE_CURL3(2, c) + BILLOW_EDGE_CURL3(2, c + X) + BILLOW_EDGE_CURL3(2, c + Y) +
              BILLOW_EDGE_CURL3(2, c + X + Y);
    return 0.25 * vec3(x, y, z);
}
