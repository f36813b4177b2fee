// The vorticity vector at a cell centre: each component the mean of the four edges of its axis
// around the cell (smoke3d/curl.comp writes the edges). Needs smoke3d/edges.glsl and the readonly
// buffers curlX, curlY, curlZ.

vec3 cellVorticity(ivec3 c) {
    const ivec3 X = ivec3(1, 0, 0), Y = ivec3(0, 1, 0), Z = ivec3(0, 0, 1);
    float x = curlX[edgeIndex3(0, c)] + curlX[edgeIndex3(0, c + Y)] + curlX[edgeIndex3(0, c + Z)] +
              curlX[edgeIndex3(0, c + Y + Z)];
    float y = curlY[edgeIndex3(1, c)] + curlY[edgeIndex3(1, c + X)] + curlY[edgeIndex3(1, c + Z)] +
              curlY[edgeIndex3(1, c + X + Z)];
    float z = curlZ[edgeIndex3(2, c)] + curlZ[edgeIndex3(2, c + X)] + curlZ[edgeIndex3(2, c + Y)] +
              curlZ[edgeIndex3(2, c + X + Y)];
    return 0.25 * vec3(x, y, z);
}
