#version 450
// One Jacobi sweep of implicit viscosity on the open faces (Harris, GPU Gems ch. 38's alpha/beta,
// in 3D): x = (b + a (sum of the six neighbours)) / (1 + 6 a), a = nu dt / h^2, b the velocity
// before diffusion; neighbours come through the velocity's boundary taps (walls mirror, moving
// walls no-slip, inflow 0 tangential). Closed faces keep their value.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer UB { flow_t uB[]; };  // right-hand side
layout(set = 0, binding = 2) readonly buffer VB { flow_t vB[]; };
layout(set = 0, binding = 3) readonly buffer WB { flow_t wB[]; };
layout(set = 0, binding = 4) readonly buffer UIn { flow_t uIn[]; };  // current iterate
layout(set = 0, binding = 5) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 6) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 7) writeonly buffer UOut { flow_t uOut[]; };
layout(set = 0, binding = 8) writeonly buffer VOut { flow_t vOut[]; };
layout(set = 0, binding = 9) writeonly buffer WOut { flow_t wOut[]; };
layout(set = 0, binding = 10) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 11) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 12) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { DiffusePush3D pc; };

#define BILLOW_NEIGHBOUR_SUM(READ, f)                                                         \
    (READ(f - ivec3(1, 0, 0)) + READ(f + ivec3(1, 0, 0)) + READ(f - ivec3(0, 1, 0)) +       \
     READ(f + ivec3(0, 1, 0)) + READ(f - ivec3(0, 0, 1)) + READ(f + ivec3(0, 0, 1)))

float readU(ivec3 f) { Tap3 t = tapFace3(0, f); return t.scale * FLOW_LOAD(uIn[t.index]) + t.offset; }
float readV(ivec3 f) { Tap3 t = tapFace3(1, f); return t.scale * FLOW_LOAD(vIn[t.index]) + t.offset; }
float readW(ivec3 f) { Tap3 t = tapFace3(2, f); return t.scale * FLOW_LOAD(wIn[t.index]) + t.offset; }

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    float denominator = 1.0 + 6.0 * pc.a;
    if (ownsFace3(0, id)) {
        ivec3 f = canonicalFace3(0, id);
        int k = xFaceIndex3(f);
        float value = FLOW_LOAD(uIn[k]);
        if (openX[k] > 0.0) value = (FLOW_LOAD(uB[k]) + pc.a * BILLOW_NEIGHBOUR_SUM(readU, f)) / denominator;
        uOut[xFaceIndex3(id)] = FLOW_STORE(value);
    }
    if (ownsFace3(1, id)) {
        ivec3 f = canonicalFace3(1, id);
        int k = yFaceIndex3(f);
        float value = FLOW_LOAD(vIn[k]);
        if (openY[k] > 0.0) value = (FLOW_LOAD(vB[k]) + pc.a * BILLOW_NEIGHBOUR_SUM(readV, f)) / denominator;
        vOut[yFaceIndex3(id)] = FLOW_STORE(value);
    }
    if (ownsFace3(2, id)) {
        ivec3 f = canonicalFace3(2, id);
        int k = zFaceIndex3(f);
        float value = FLOW_LOAD(wIn[k]);
        if (openZ[k] > 0.0) value = (FLOW_LOAD(wB[k]) + pc.a * BILLOW_NEIGHBOUR_SUM(readW, f)) / denominator;
        wOut[zFaceIndex3(id)] = FLOW_STORE(value);
    }
}
