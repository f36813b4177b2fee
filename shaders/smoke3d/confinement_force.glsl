// Vorticity confinement on the faces of the 3D grid (Fedkiw, Stam & Jensen 2001), shared by
// smoke3d/vorticity_force.comp and smoke3d/velocity_forces.comp: at each cell centre
//   f = epsilon h (N x omega),  N = grad|omega| / |grad|omega||  (0 where the gradient is 0),
// with omega from the edge curl (smoke3d/vorticity_cells.glsl), |omega| from the Vorticity field
// and its gradient by central differences (neighbours beyond a side clamped, or wrapped); each
// face gets the mean of its two cells' component. The includer declares the readonly buffers
// curlX, curlY, curlZ and vorticity after smoke3d/taps.glsl and smoke3d/edges.glsl.
#include "smoke3d/vorticity_cells.glsl"

// A cell index clamped into the grid, or wrapped on periodic axes.
ivec3 resolveCell(ivec3 c) {
    ivec3 n = gridCells();
    for (int b = 0; b < 3; ++b) c[b] = periodic3(b) ? wrapIndex(c[b], n[b]) : clamp(c[b], 0, n[b] - 1);
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

// The force component per unit epsilon h along `axis` on the face at f: the mean of its two
// cells'. `here` is the force at cell f, which the thread's three faces share (unless a periodic
// face is computed as layer 0).
float faceConfinement(int axis, ivec3 f, vec3 here) {
    ivec3 above = canonicalFace3(axis, f), below = above;
    below[axis] -= 1;
    float aboveForce = above == f ? here[axis] : confinement(above)[axis];
    return 0.5 * (confinement(below)[axis] + aboveForce);
}
