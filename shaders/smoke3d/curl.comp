#version 450
// Vorticity omega = curl u on the cell edges, where the staggered grid defines each component
// exactly from the four faces around the edge:
//   x-edges: dw/dy - dv/dz;  y-edges: du/dz - dw/dx;  z-edges: dv/dx - du/dy.
// Ghost velocities beyond the sides follow the boundary taps, so a moving wall shows its shear.
// One thread per point of the (nx+1) (ny+1) (nz+1) union of the three edge grids. On a periodic
// axis the last edge layer duplicates layer 0 and is computed as it.
#include "smoke3d/taps.glsl"
#include "smoke3d/edges.glsl"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 4) writeonly buffer CurlX { float curlX[]; };
layout(set = 0, binding = 5) writeonly buffer CurlY { float curlY[]; };
layout(set = 0, binding = 6) writeonly buffer CurlZ { float curlZ[]; };

#include "smoke3d/velocity_sampling.glsl"

ivec3 canonicalEdge(ivec3 e) {
    for (int b = 0; b < 3; ++b)
        if (periodic3(b) && e[b] == gridCells()[b]) e[b] = 0;
    return e;
}

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    ivec3 e = canonicalEdge(id);
    const ivec3 X = ivec3(1, 0, 0), Y = ivec3(0, 1, 0), Z = ivec3(0, 0, 1);
    if (ownsEdge3(0, id))
        curlX[edgeIndex3(0, id)] =
            (readVelocity3(2, e) - readVelocity3(2, e - Y) - readVelocity3(1, e) + readVelocity3(1, e - Z)) * grid.invH;
    if (ownsEdge3(1, id))
        curlY[edgeIndex3(1, id)] =
            (readVelocity3(0, e) - readVelocity3(0, e - Z) - readVelocity3(2, e) + readVelocity3(2, e - X)) * grid.invH;
    if (ownsEdge3(2, id))
        curlZ[edgeIndex3(2, id)] =
            (readVelocity3(1, e) - readVelocity3(1, e - X) - readVelocity3(0, e) + readVelocity3(0, e - Y)) * grid.invH;
}
