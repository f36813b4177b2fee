#version 450
// Velocity damping by a dt-independent factor exp(-rate dt), then the speed limit
// (smoke/damp_velocity_rule.glsl). Reads one buffer pair, writes the other, so neighbours are
// never read half-updated. Closed faces are copied unchanged.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) writeonly buffer UOut { float uOut[]; };
layout(set = 0, binding = 4) writeonly buffer VOut { float vOut[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { DampVelocityPush pc; };

#include "smoke/damp_velocity_rule.glsl"

float readU(int i, int j) { Tap t = tapU(i, j); return t.scale * uIn[t.index] + t.offset; }
float readV(int i, int j) { Tap t = tapV(i, j); return t.scale * vIn[t.index] + t.offset; }

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (ownsXFace(id)) {
        int i = canonicalUColumn(id.x), j = id.y;
        int k = xFaceIndex(i, j);
        float value = uIn[k];
        if (openX[k] > 0.0) {
            float other = pc.maxSpeed > 0.0 ? BILLOW_V_AT_X_FACE(readV, i, j) : 0.0;
            value = dampedComponent(value, other, pc.factor, pc.maxSpeed);
        }
        uOut[xFaceIndex(id.x, j)] = value;
    }
    if (ownsYFace(id)) {
        int i = id.x, j = canonicalVRow(id.y);
        int k = yFaceIndex(i, j);
        float value = vIn[k];
        if (openY[k] > 0.0) {
            float other = pc.maxSpeed > 0.0 ? BILLOW_U_AT_Y_FACE(readU, i, j) : 0.0;
            value = dampedComponent(value, other, pc.factor, pc.maxSpeed);
        }
        vOut[yFaceIndex(i, id.y)] = value;
    }
}
