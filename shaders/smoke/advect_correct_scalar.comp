#version 450
// MacCormack / BFECC correction of one cell-centred scalar (density or temperature); see
// advect_correct.glsl. `pc.field` picks the inflow values the boundary taps use (0 density,
// 1 temperature).
#define BILLOW_KERNEL_VARIANTS 4  // interpolation (linear, monotone cubic) x velocity sampling (common/interpolation_variant.glsl)
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) readonly buffer Original { float original[]; };
layout(set = 0, binding = 4) readonly buffer Backward { float backward[]; };
layout(set = 0, binding = 5) buffer Result { float result[]; };
layout(set = 0, binding = 6) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { CorrectPush pc; };

float readOriginal(int i, int j) {
    CellTap t = tapCell(i, j, cellGrid());
    if (t.inflowSide < 0) return original[t.index];
    return pc.field == 0 ? grid.inflowDensity[t.inflowSide] : grid.inflowTemperature[t.inflowSide];
}

#define VALUE float
#define FIELD_CELL vec2(grid.h)
#include "smoke/advect_correct.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    int k = cellIndex(id.x, id.y);
    // Solid cells are not limited: they hold the mean of their fluid neighbours from the last
    // forward advection (MacCormack: already in `result`; BFECC: in `backward`). The BFECC
    // compensation covers them too, since its result is advected again.
    if (solid[k] >= 1.0 && pc.mode != 1) {
        if (pc.mode == 2) result[k] = backward[k];
        return;
    }
    correct(id, k, pc.mode, pc.limiter, pc.dt);
}
