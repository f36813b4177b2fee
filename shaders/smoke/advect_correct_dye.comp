#version 450
// MacCormack / BFECC correction of the RGBA dye on its own grid; see advect_correct.glsl.
#define BILLOW_KERNEL_VARIANTS 4  // interpolation (linear, monotone cubic) x velocity sampling (common/interpolation_variant.glsl)
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(3, readonly, original)
BILLOW_DYE_BUFFER(4, readonly, backward)
BILLOW_DYE_BUFFER(5, restrict, result)
layout(push_constant) uniform Push { CorrectPush pc; };

vec4 readOriginal(int i, int j) {
    CellTap t = tapCell(i, j, dyeGrid());
    return t.inflowSide >= 0 ? grid.inflowDye[t.inflowSide] : BILLOW_LOAD_DYE(original, t.index);
}

#define VALUE vec4
#define FIELD_CELL vec2(grid.dyeHx, grid.dyeHy)
#define LOAD(BUFFER, k) BILLOW_LOAD_DYE(BUFFER, k)
#define STORE(BUFFER, k, value) BILLOW_STORE_DYE(BUFFER, k, value)
#include "smoke/advect_correct.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
    correct(id, id.x + id.y * grid.dyeNx, pc.mode, pc.limiter, pc.dt);
}
