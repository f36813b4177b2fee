// The curl of the staggered velocity on one cell edge (smoke3d/edges.glsl), shared by
// smoke3d/curl.comp (which stores every edge) and the sparse grid's vorticity kernels (which take
// each edge from the faces when a cell needs it, sparse3d/vorticity_cells.glsl):
//   x-edges: dw/dy - dv/dz;  y-edges: du/dz - dw/dx;  z-edges: dv/dx - du/dy,
// exactly from the four faces around the edge; ghost velocities beyond the sides follow the
// boundary taps (readVelocity3, smoke3d/velocity_sampling.glsl), so a moving wall shows its shear.

// On a periodic axis the last edge layer duplicates layer 0 and is computed as it.
ivec3 canonicalEdge3(ivec3 e) {
    for (int b = 0; b < 3; ++b)
        if (periodic3(b) && e[b] == gridCells()[b]) e[b] = 0;
    return e;
}

// The curl component along `axis` on the edge e (canonical, smoke3d/edges.glsl's indexing).
float edgeCurl3(int axis, ivec3 e) {
    const ivec3 X = ivec3(1, 0, 0), Y = ivec3(0, 1, 0), Z = ivec3(0, 0, 1);
    if (axis == 0) return (readVelocity3(2, e) - readVelocity3(2, e - Y) - readVelocity3(1, e) + readVelocity3(1, e - Z)) * grid.invH;
    if (axis == 1) return (readVelocity3(0, e) - readVelocity3(0, e - Z) - readVelocity3(2, e) + readVelocity3(2, e - X)) * grid.invH;
    return (readVelocity3(1, e) - readVelocity3(1, e - X) - readVelocity3(0, e) + readVelocity3(0, e - Y)) * grid.invH;
}
