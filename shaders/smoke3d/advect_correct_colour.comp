#version 450
// MacCormack / BFECC correction of the RGBA colour; see smoke3d/advect_correct.glsl. Solid cells
// as in smoke3d/advect_correct_scalar.comp.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_GATHER_WORKGROUP  // traces back: compact bricks (grid3d_types.h)
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 4) readonly buffer Original { vec4 original[]; };
layout(set = 0, binding = 5) readonly buffer Backward { vec4 backward[]; };
layout(set = 0, binding = 6) buffer Result { vec4 result[]; };
layout(set = 0, binding = 7) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { CorrectPush3D pc; };
#define LOAD_VALUE(x) (x)  // the colour stays float32
#define STORE_VALUE(x) (x)

vec4 readOriginal(ivec3 c) {
    CellTap3 t = tapCell3(c);
    return t.inflowSide >= 0 ? grid.inflowColour[t.inflowSide] : original[t.index];
}

#define VALUE vec4
#define FIELD_OFFSET vec3(0.5)
#include "smoke3d/advect_correct.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    int k = cellIndex3(id);
    if (solid[k] >= 1.0 && pc.mode != 1) {
        if (pc.mode == 2) result[k] = backward[k];
        return;
    }
    correct(id, k, pc.mode, pc.limiter, pc.dt);
}
