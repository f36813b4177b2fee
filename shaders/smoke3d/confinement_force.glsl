// Vorticity confinement on the faces of the 3D grid (Fedkiw, Stam & Jensen 2001), shared by
// smoke3d/vorticity_force.comp and smoke3d/velocity_forces.comp: at each cell centre
//   f = epsilon h (N x omega),  N = grad|omega| / |grad|omega||  (0 where the gradient is 0),
// with omega from the edge curl (smoke3d/vorticity_cells.glsl), |omega| from the Vorticity field
// and its gradient by central differences (neighbours beyond a side clamped, or wrapped), stored
// per cell by smoke3d/confinement_cells.comp; each face gets the mean of its two cells' component
// (a face on a side that is not periodic: its cell's, counted twice). The includer declares the
// readonly buffer `confinementCells` (vec4 per cell) after smoke3d/taps.glsl, unless it defines
// BILLOW_CONFINEMENT_AT3(c), the force per unit epsilon h of cell c (inside the grid; the sparse
// grid reads its bricks, sparse3d/vorticity_force.comp).
#ifndef BILLOW_CONFINEMENT_AT3
#define BILLOW_CONFINEMENT_AT3(c) confinementCells[cellIndex3(c)]
#endif

// The force component per unit epsilon h along `axis` on the face at f: the mean of its two
// cells'.
float faceConfinement(int axis, ivec3 f) {
    ivec3 above = canonicalFace3(axis, f), below = above;
    below[axis] -= 1;
    return 0.5 * (BILLOW_CONFINEMENT_AT3(resolveCell3(below))[axis] + BILLOW_CONFINEMENT_AT3(resolveCell3(above))[axis]);
}
