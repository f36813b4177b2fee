#version 450
// MacCormack / BFECC correction of one velocity component (pc.field: 0 u, 1 v, 2 w) at its
// staggered positions; see smoke3d/advect_correct.glsl. The limiter's stencil is read through the
// velocity's ghost rules (tapFace3). Closed faces are not advected: they keep their value.
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
layout(set = 0, binding = 7) readonly buffer Open { float open[]; };  // openX, openY or openZ
layout(push_constant) uniform Push { CorrectPush3D pc; };
#define LOAD_VALUE(x) FLOW_LOAD(x)
#define STORE_VALUE(x) FLOW_STORE(x)

float readOriginal(ivec3 f) {
    Tap3 t = tapFace3(pc.field, f);
    return t.scale * FLOW_LOAD(original[t.index]) + t.offset;
}

#define VALUE float
#define FIELD_OFFSET faceOffset3(pc.field)
#include "smoke3d/advect_correct.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!ownsFace3(pc.field, id)) return;
    int k = faceIndex3(pc.field, id);
    if (open[k] <= 0.0) {
        result[k] = original[k];
        return;
    }
    // The duplicate last layer of a periodic axis traces from layer 0, so both stay bitwise equal.
    correct(canonicalFace3(pc.field, id), k, pc.mode, pc.limiter, pc.dt);
}
