#version 450
// Semi-Lagrangian advection of a staggered face field (uField, vField) by the velocity (uIn, vIn):
// each open face traces back (midpoint or Euler) and samples the field (bilinear or monotone cubic, the
// kernel's variant) at its component's own staggered positions. Closed faces keep the field's
// (prescribed) value. The plain velocity advection passes the velocity as the field too; the
// corrected schemes (MacCormack, BFECC) also carry the forward result backward and the compensated
// field forward, by the pre-advection velocity.
#define BILLOW_KERNEL_VARIANTS 4  // interpolation (linear, monotone cubic) x velocity sampling (common/interpolation_variant.glsl)
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) writeonly buffer UOut { float uOut[]; };
layout(set = 0, binding = 4) writeonly buffer VOut { float vOut[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 7) readonly buffer UField { float uField[]; };
layout(set = 0, binding = 8) readonly buffer VField { float vField[]; };
layout(push_constant) uniform Push { AdvectPush pc; };

#include "smoke/velocity_sampling.glsl"
#include "smoke/field_interpolation.glsl"

BILLOW_FACE_READER(readFieldU, tapU, uField)
BILLOW_FACE_READER(readFieldV, tapV, vField)
float fieldUAt(int k) { return uField[k]; }
float fieldVAt(int k) { return vField[k]; }

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float h = grid.h;
    if (ownsXFace(id)) {
        int i = canonicalUColumn(id.x);
        int k = xFaceIndex(i, id.y);
        float value = uField[k];
        if (openX[k] > 0.0) {
            vec2 p = traceBack(vec2(float(i) * h, (float(id.y) + 0.5) * h), pc.dt);
            BILLOW_INTERPOLATE_DIRECT(float, readFieldU, fieldUAt, ivec2(grid.nx + 1, grid.ny), xFaceCoordinate(p), value);
        }
        uOut[xFaceIndex(id.x, id.y)] = value;
    }
    if (ownsYFace(id)) {
        int j = canonicalVRow(id.y);
        int k = yFaceIndex(id.x, j);
        float value = vField[k];
        if (openY[k] > 0.0) {
            vec2 p = traceBack(vec2((float(id.x) + 0.5) * h, float(j) * h), pc.dt);
            BILLOW_INTERPOLATE_DIRECT(float, readFieldV, fieldVAt, ivec2(grid.nx, grid.ny + 1), yFaceCoordinate(p), value);
        }
        vOut[yFaceIndex(id.x, id.y)] = value;
    }
}
