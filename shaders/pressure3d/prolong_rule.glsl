// The multigrid prolongation's interpolation, shared by the dense and sparse prolongation kernels
// (pressure3d/mg_prolong.comp, sparse3d/mg_prolong.comp): the coarse correction interpolated
// trilinearly at a fine cell's centre from its parent and the parent's seven neighbours towards
// it, with weights (3/4 or 1/4 per axis) 27/64, 9/64, 3/64, 1/64.
//
// The including kernel defines, before including it,
//   float coarseCorrectionAt(ivec3 c, ivec3 parent, float parentValue)
// the coarse correction at coarse cell c next to the parent (c may lie beyond a side or in missing
// storage: the kernel's rules, ghostCorrection3 of pressure3d/stencil3d.glsl among them).

// The interpolated correction at fine cell `id` (its coordinates on the fine level) whose parent
// (id / 2) holds `parentValue`. A parent covering a single fine cell (odd edge) has its centre
// there, so its neighbour on the far side is used with the same weights.
float trilinearCorrection3(ivec3 id, float parentValue) {
    const ivec3 parent = id / 2;
    const ivec3 toward = ivec3((id.x & 1) == 1 ? 1 : -1, (id.y & 1) == 1 ? 1 : -1, (id.z & 1) == 1 ? 1 : -1);
    float value = 0.0;
    for (int k = 0; k < 2; ++k)
        for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i) {
                const float weight = (i == 0 ? 0.75 : 0.25) * (j == 0 ? 0.75 : 0.25) * (k == 0 ? 0.75 : 0.25);
                const ivec3 c = parent + ivec3(i, j, k) * toward;
                value += weight * (i + j + k == 0 ? parentValue : coarseCorrectionAt(c, parent, parentValue));
            }
    return value;
}
