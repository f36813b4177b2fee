#version 450
// Semi-Lagrangian advection (RK2 back-trace, bilinear) of RGBA dye on its own grid (seed 002:
// dye finer than velocity). Beyond an inflow side the sample is the inflow's colour.
#include "grid.glsl"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
#include "dye_storage.glsl"
EDDY_DYE_BUFFER(3, readonly, dyeIn)
EDDY_DYE_BUFFER(4, writeonly, dyeOut)
layout(push_constant) uniform Push { AdvectPush pc; };

#include "velocity_sampling.glsl"

vec4 readDye(int i, int j) {
    CellTap t = tapCell(i, j, dyeGrid());
    return t.inflowSide >= 0 ? grid.inflowDye[t.inflowSide] : EDDY_LOAD_DYE(dyeIn, t.index);
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
    vec2 cellSize = vec2(grid.dyeHx, grid.dyeHy);
    vec2 p = traceBack((vec2(id) + 0.5) * cellSize, pc.dt);
    vec4 value;
    EDDY_BILERP(readDye, p / cellSize - 0.5, value);
    EDDY_STORE_DYE(dyeOut, id.x + id.y * grid.dyeNx, value);
}
