// Semi-Lagrangian advection of RGBA dye at one cell of the dye grid, shared by advect_dye.comp and
// advect_cells.comp. Beyond an inflow side the sample is the inflow's colour.
// Needs velocity_sampling.glsl, dye_storage.glsl, the dye buffers dyeIn, dyeOut and push constants
// `pc` (AdvectPush).

vec4 readDye(int i, int j) {
    CellTap t = tapCell(i, j, dyeGrid());
    return t.inflowSide >= 0 ? grid.inflowDye[t.inflowSide] : BILLOW_LOAD_DYE(dyeIn, t.index);
}

// Dye cell `id`, whose centre the RK2 back-trace took to `p` (m).
void advectDyeAt(ivec2 id, vec2 p) {
    vec2 cellSize = vec2(grid.dyeHx, grid.dyeHy);
    vec4 value;
    BILLOW_INTERPOLATE(vec4, readDye, p / cellSize - 0.5, value);
    BILLOW_STORE_DYE(dyeOut, id.x + id.y * grid.dyeNx, value);
}
