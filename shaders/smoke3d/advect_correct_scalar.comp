#version 450
// MacCormack / BFECC correction of one cell-centred scalar (pc.field: 0 density, 1 temperature,
// 2 fuel, which picks the inflow value of the boundary taps); see smoke3d/advect_correct.glsl.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_GATHER_WORKGROUP  // traces back: compact bricks (grid3d_types.h)
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 4) readonly buffer Original { flow_t original[]; };
layout(set = 0, binding = 5) readonly buffer Backward { flow_t backward[]; };
layout(set = 0, binding = 6) buffer Result { flow_t result[]; };
layout(set = 0, binding = 7) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { CorrectPush3D pc; };

// The temperature (pc.field 1) is stored from its origin (common/flow_storage.glsl).
#define LOAD_VALUE(x) (pc.field == 1 ? TEMPERATURE_LOAD(x) : FLOW_LOAD(x))
#define STORE_VALUE(x) FLOW_STORE(pc.field == 1 ? (x) - BILLOW_TEMPERATURE_ORIGIN : (x))

float readOriginal(ivec3 c) {
    CellTap3 t = tapCell3(c);
    return t.inflowSide >= 0 ? inflowScalar3(t.inflowSide, pc.field) : LOAD_VALUE(original[t.index]);
}

#define VALUE float
#define FIELD_OFFSET vec3(0.5)
#include "smoke3d/advect_correct.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    int k = cellIndex3(id);
    // Solid cells are not limited: they hold the mean of their fluid neighbours from the last
    // forward advection (MacCormack: already in `result`; BFECC: in `backward`). The BFECC
    // compensation covers them too, since its result is advected again.
    if (solid[k] >= 1.0 && pc.mode != 1) {
        if (pc.mode == 2) result[k] = backward[k];
        return;
    }
    correct(id, k, pc.mode, pc.limiter, pc.dt);
}
