#version 450
// Semi-Lagrangian advection of a staggered face field (uField, vField, wField) by the velocity
// (uIn, vIn, wIn): each open face traces back with RK2 and samples the field (trilinear or monotone tricubic) at its
// component's own staggered positions (ghost values beyond the sides by the velocity's taps).
// Closed faces keep the field's (prescribed) value. The plain velocity advection passes the
// velocity as the field too; the corrected schemes (MacCormack, BFECC) also carry the forward
// result backward and the compensated field forward, by the pre-advection velocity. The three
// components are one loop over the axis (one copy of the sampling code).
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_GATHER_WORKGROUP  // traces back: compact bricks (grid3d_types.h)
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 4) writeonly buffer UOut { flow_t uOut[]; };
layout(set = 0, binding = 5) writeonly buffer VOut { flow_t vOut[]; };
layout(set = 0, binding = 6) writeonly buffer WOut { flow_t wOut[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 9) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 10) readonly buffer UField { flow_t uField[]; };
layout(set = 0, binding = 11) readonly buffer VField { flow_t vField[]; };
layout(set = 0, binding = 12) readonly buffer WField { flow_t wField[]; };
layout(push_constant) uniform Push { AdvectPush3D pc; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/field_interpolation.glsl"

float fieldAt(int axis, int k) {
    // Converted in each branch: a select of halves would need 16-bit arithmetic (shaderFloat16).
    return axis == 0 ? FLOW_LOAD(uField[k]) : axis == 1 ? FLOW_LOAD(vField[k]) : FLOW_LOAD(wField[k]);
}
float openAt(int axis, int k) { return axis == 0 ? openX[k] : axis == 1 ? openY[k] : openZ[k]; }
#include "smoke3d/advect_velocity_rule.glsl"

void advectFace(int axis, ivec3 id) {
    // The duplicate last layer of a periodic axis is computed as layer 0.
    ivec3 f = canonicalFace3(axis, id);
    float value = advectedFace(axis, f, faceIndex3(axis, f));
    int out_ = faceIndex3(axis, id);
    if (axis == 0) uOut[out_] = FLOW_STORE(value);
    else if (axis == 1) vOut[out_] = FLOW_STORE(value);
    else wOut[out_] = FLOW_STORE(value);
}

// A grid of up to 128^3 cells runs one face a thread (the threads' z runs over the three face
// grids in turn): three times the threads keep its SMs busier. A larger one runs the three faces
// at a point in one thread, whose traces read neighbouring samples (measured on the H200 in
// docs/performance-log.md, "One face a thread").
void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (pc.oneFaceAThread != 0) {
        const int depth = gridCells().z + 1;
        const int axis = id.z / depth;
        id.z -= axis * depth;
        if (axis <= 2 && ownsFace3(axis, id)) advectFace(axis, id);
        return;
    }
    [[dont_unroll]] for (int axis = 0; axis < 3; ++axis)
        if (ownsFace3(axis, id)) advectFace(axis, id);
}
