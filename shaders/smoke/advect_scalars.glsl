// Semi-Lagrangian advection of density and temperature at one cell centre, shared by
// advect_scalars.comp and advect_cells.comp. Beyond an inflow side the sample is the inflow's
// value; fully solid cells hold the mean of their fluid neighbours.
// Needs velocity_sampling.glsl and the buffers densityIn, temperatureIn, densityOut,
// temperatureOut, solid, and push constants `pc` (AdvectPush).

float readDensity(int i, int j) {
    CellTap t = tapCell(i, j, cellGrid());
    return t.inflowSide >= 0 ? grid.inflowDensity[t.inflowSide] : densityIn[t.index];
}
float readTemperature(int i, int j) {
    CellTap t = tapCell(i, j, cellGrid());
    return t.inflowSide >= 0 ? grid.inflowTemperature[t.inflowSide] : temperatureIn[t.index];
}

float densityAt(int k) { return densityIn[k]; }
float temperatureAt(int k) { return temperatureIn[k]; }

// Cell `id`, whose centre the back-trace took to `p` (m).
void advectScalarsAt(ivec2 id, vec2 p) {
    int c = cellIndex(id.x, id.y);
    if (solid[c] >= 1.0) {
        // A solid cell holds the mean of its fluid neighbours (or density 0 and the ambient
        // temperature when it has none), so samples that reach into an obstacle see the smoke
        // beside it rather than an empty sink that would drain smoke out of the fluid.
        float sumDensity = 0.0, sumTemperature = 0.0, count = 0.0;
        const ivec2 offsets[4] = ivec2[4](ivec2(-1, 0), ivec2(1, 0), ivec2(0, -1), ivec2(0, 1));
        for (int k = 0; k < 4; ++k) {
            ivec2 n = id + offsets[k];
            if (n.x < 0 || n.y < 0 || n.x >= grid.nx || n.y >= grid.ny) continue;
            int nc = cellIndex(n.x, n.y);
            if (solid[nc] >= 1.0) continue;
            sumDensity += densityIn[nc];
            sumTemperature += temperatureIn[nc];
            count += 1.0;
        }
        densityOut[c] = count > 0.0 ? sumDensity / count : 0.0;
        temperatureOut[c] = count > 0.0 ? sumTemperature / count : pc.ambient;
        return;
    }
    vec2 coord = p * grid.invH - 0.5;
    float d, t;
    BILLOW_INTERPOLATE_DIRECT(float, readDensity, densityAt, ivec2(grid.nx, grid.ny), coord, d);
    BILLOW_INTERPOLATE_DIRECT(float, readTemperature, temperatureAt, ivec2(grid.nx, grid.ny), coord, t);
    densityOut[c] = d;
    temperatureOut[c] = t;
}
