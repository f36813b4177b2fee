#version 450
// One Jacobi sweep of implicit viscosity (Harris, GPU Gems ch. 38's alpha/beta, written for
// any cell aspect):
//   x = (b + ax (x_left + x_right) + ay (x_down + x_up)) / (1 + 2 ax + 2 ay),  a = nu dt / h^2,
// on open faces; neighbours come through the boundary taps, closed faces keep their value.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UB { float uB[]; };      // right-hand side
layout(set = 0, binding = 2) readonly buffer VB { float vB[]; };
layout(set = 0, binding = 3) readonly buffer UIn { float uIn[]; };    // current iterate
layout(set = 0, binding = 4) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 5) writeonly buffer UOut { float uOut[]; };
layout(set = 0, binding = 6) writeonly buffer VOut { float vOut[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { DiffusePush pc; };

float readU(int i, int j) { Tap t = tapU(i, j); return t.scale * uIn[t.index] + t.offset; }
float readV(int i, int j) { Tap t = tapV(i, j); return t.scale * vIn[t.index] + t.offset; }

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float denominator = 1.0 + 2.0 * pc.ax + 2.0 * pc.ay;
    if (ownsXFace(id)) {
        int i = canonicalUColumn(id.x), j = id.y;
        int k = xFaceIndex(i, j);
        float value = uIn[k];
        if (openX[k] > 0.0)
            value = (uB[k] + pc.ax * (readU(i - 1, j) + readU(i + 1, j)) +
                     pc.ay * (readU(i, j - 1) + readU(i, j + 1))) / denominator;
        uOut[xFaceIndex(id.x, j)] = value;
    }
    if (ownsYFace(id)) {
        int i = id.x, j = canonicalVRow(id.y);
        int k = yFaceIndex(i, j);
        float value = vIn[k];
        if (openY[k] > 0.0)
            value = (vB[k] + pc.ax * (readV(i - 1, j) + readV(i + 1, j)) +
                     pc.ay * (readV(i, j - 1) + readV(i, j + 1))) / denominator;
        vOut[yFaceIndex(i, id.y)] = value;
    }
}
