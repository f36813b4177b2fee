#version 450
// Velocity damping by a dt-independent factor exp(-rate dt), then the speed limit: a face whose
// speed (its own component with the other averaged from the four nearest faces) exceeds
// maxSpeed is scaled down to it. Reads one buffer pair, writes the other, so neighbours are
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

float readU(int i, int j) { Tap t = tapU(i, j); return t.scale * uIn[t.index] + t.offset; }
float readV(int i, int j) { Tap t = tapV(i, j); return t.scale * vIn[t.index] + t.offset; }

float limited(float own, float other) {
    float value = own * pc.factor;
    float speed = pc.factor * length(vec2(own, other));
    if (pc.maxSpeed > 0.0 && speed > pc.maxSpeed) value *= pc.maxSpeed / speed;
    return value;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (ownsXFace(id)) {
        int i = canonicalUColumn(id.x), j = id.y;
        int k = xFaceIndex(i, j);
        float value = uIn[k];
        if (openX[k] > 0.0) {
            float vAverage = 0.25 * (readV(i - 1, j) + readV(i, j) + readV(i - 1, j + 1) + readV(i, j + 1));
            value = limited(value, vAverage);
        }
        uOut[xFaceIndex(id.x, j)] = value;
    }
    if (ownsYFace(id)) {
        int i = id.x, j = canonicalVRow(id.y);
        int k = yFaceIndex(i, j);
        float value = vIn[k];
        if (openY[k] > 0.0) {
            float uAverage = 0.25 * (readU(i, j - 1) + readU(i + 1, j - 1) + readU(i, j) + readU(i + 1, j));
            value = limited(value, uAverage);
        }
        vOut[yFaceIndex(i, id.y)] = value;
    }
}
