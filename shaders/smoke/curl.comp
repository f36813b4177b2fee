#version 450
// Vorticity omega = dv/dx - du/dy at grid nodes, where the MAC grid defines it exactly (averaging
// the velocity to cell centres first would blur it; this does not). Ghost velocities beyond the
// sides follow the boundary taps, so a moving wall shows its shear.
#include "common/grid.glsl"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) writeonly buffer Curl { float curl[]; };

float readU(int i, int j) { Tap t = tapU(i, j); return t.scale * uIn[t.index] + t.offset; }
float readV(int i, int j) { Tap t = tapV(i, j); return t.scale * vIn[t.index] + t.offset; }

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x > grid.nx || id.y > grid.ny) return;
    int i = canonicalUColumn(id.x), j = canonicalVRow(id.y);
    float omega = (readV(i, j) - readV(i - 1, j) - readU(i, j) + readU(i, j - 1)) * grid.invH;
    curl[nodeIndex(id.x, id.y)] = omega;
}
