#version 450
// Vorticity confinement (Fedkiw, Stam & Jensen 2001): at each cell centre
//   f = epsilon h (N x omega),  N = grad|omega| / |grad|omega||  (0 where the gradient is 0),
// with omega from the edge curl (smoke3d_vorticity_cells.glsl), |omega| from the Vorticity field
// and its gradient by central differences (neighbours beyond a side clamped, or wrapped).
// Each open face gets the mean of its two cells' force component: u += dt f_x, and so on.
#include "smoke3d/smoke3d_taps.glsl"
#include "smoke3d/smoke3d_edges.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) buffer W { float w[]; };
layout(set = 0, binding = 4) readonly buffer CurlX { float curlX[]; };
layout(set = 0, binding = 5) readonly buffer CurlY { float curlY[]; };
layout(set = 0, binding = 6) readonly buffer CurlZ { float curlZ[]; };
layout(set = 0, binding = 7) readonly buffer Vorticity { float vorticity[]; };
layout(set = 0, binding = 8) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 9) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 10) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { VorticityPush3D pc; };

#include "smoke3d/smoke3d_vorticity_cells.glsl"

// A cell index clamped into the grid, or wrapped on periodic axes.
ivec3 resolveCell(ivec3 c) {
    ivec3 n = gridCells();
    for (int b = 0; b < 3; ++b) c[b] = periodic3(b) ? wrapIndex3(c[b], n[b]) : clamp(c[b], 0, n[b] - 1);
    return c;
}

float magnitude(ivec3 c) { return vorticity[cellIndex3(resolveCell(c))]; }

// The confinement force per unit epsilon h at cell c (resolved into the grid first).
vec3 confinement(ivec3 c) {
    c = resolveCell(c);
    const ivec3 X = ivec3(1, 0, 0), Y = ivec3(0, 1, 0), Z = ivec3(0, 0, 1);
    vec3 g = vec3(magnitude(c + X) - magnitude(c - X), magnitude(c + Y) - magnitude(c - Y),
                  magnitude(c + Z) - magnitude(c - Z));
    float len = length(g);
    vec3 N = len > 0.0 ? g / len : vec3(0.0);
    return cross(N, cellVorticity(c));
}

// The force component along `axis` on the face at f: the mean of its two cells'. `here` is the
// force at cell f, which the thread's three faces share (unless a periodic face is computed as
// layer 0).
float faceForce(int axis, ivec3 f, vec3 here) {
    ivec3 above = canonicalFace3(axis, f), below = above;
    below[axis] -= 1;
    float aboveForce = above == f ? here[axis] : confinement(above)[axis];
    return 0.5 * (confinement(below)[axis] + aboveForce);
}

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    bool x = ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0;
    bool y = ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0;
    bool z = ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0;
    if (!(x || y || z)) return;
    float strength = pc.dt * pc.epsilon * grid.h;
    vec3 here = confinement(id);
    if (x) u[xFaceIndex3(id)] += strength * faceForce(0, id, here);
    if (y) v[yFaceIndex3(id)] += strength * faceForce(1, id, here);
    if (z) w[zFaceIndex3(id)] += strength * faceForce(2, id, here);
}
