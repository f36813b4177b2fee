#version 450
// Conjugate gradient step on the 3D grid: p += alpha d, r -= alpha q (alpha from the gate's
// state), z = 0 (the next preconditioning's initial guess), max |r| into the gate's accumulator
// (one atomicMax per workgroup), and per workgroup (sum r, open cells) for the mean of r.
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) buffer P { float p[]; };
layout(set = 0, binding = 2) readonly buffer D { float d[]; };
layout(set = 0, binding = 3) buffer R { float r[]; };
layout(set = 0, binding = 4) readonly buffer Q { float q[]; };
layout(set = 0, binding = 5) writeonly buffer Z { float z[]; };
layout(set = 0, binding = 6) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 7) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 8) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 9) buffer State { uint state[]; };
layout(set = 0, binding = 10) writeonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure3d/cg_reduce.glsl"
#include "pressure/gate_accumulate.glsl"

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    vec2 sums = vec2(0.0);
    float largestResidual = 0.0, largestRhs = 0.0;  // this cell's |r| and |rhs|, 0 without an equation
    if (insideCells3(id)) {
        const float alpha = stateFloat(BILLOW_CG_ALPHA);
        const int c = cellAt3(id, n);
        if (hasOpenFace(BILLOW_WEIGHTS3(openX, openY, openZ, id, n))) {
            p[c] += alpha * d[c];
            const float residual = r[c] - alpha * q[c];
            r[c] = residual;
            largestResidual = residual;
            sums = vec2(residual, 1.0);
        }
        z[c] = 0.0;
    }
    writeWorkgroupSum(sums);
    accumulateGateMaxima(largestResidual, largestRhs);
}
