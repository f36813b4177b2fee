#version 450
// MacCormack / BFECC correction of one velocity component (pc.field: 0 u on the x-faces, 1 v on
// the y-faces) at its staggered positions; see advect_correct.glsl. The limiter's stencil is read
// through the same ghost rules as the velocity (tapU / tapV). Closed faces (walls, moving walls,
// inflow, obstacles) are not advected: they keep their prescribed value.
#define BILLOW_KERNEL_VARIANTS 4  // interpolation (linear, monotone cubic) x velocity sampling (common/interpolation_variant.glsl)
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) readonly buffer Original { float original[]; };
layout(set = 0, binding = 4) readonly buffer Backward { float backward[]; };
layout(set = 0, binding = 5) buffer Result { float result[]; };
layout(set = 0, binding = 6) readonly buffer Open { float open[]; };  // openX or openY
layout(push_constant) uniform Push { CorrectPush pc; };

bool isX() { return pc.field == 0; }

float readOriginal(int i, int j) {
    Tap t = isX() ? tapU(i, j) : tapV(i, j);
    return t.scale * original[t.index] + t.offset;
}

#define VALUE float
#define FIELD_CELL vec2(grid.h)
#define FIELD_OFFSET (isX() ? vec2(0.0, 0.5) : vec2(0.5, 0.0))
#include "smoke/advect_correct.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (isX() ? !ownsXFace(id) : !ownsYFace(id)) return;
    int k = isX() ? xFaceIndex(id.x, id.y) : yFaceIndex(id.x, id.y);
    if (open[k] <= 0.0) {
        result[k] = original[k];
        return;
    }
    // The duplicate last face of a periodic axis traces from face 0, so both stay bitwise equal.
    ivec2 traced = isX() ? ivec2(canonicalUColumn(id.x), id.y) : ivec2(id.x, canonicalVRow(id.y));
    correct(traced, k, pc.mode, pc.limiter, pc.dt);
}
