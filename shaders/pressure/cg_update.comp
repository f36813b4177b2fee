#version 450
// Conjugate gradient step: p += alpha d, r -= alpha q (alpha from the gate's state), z = 0 (the
// next preconditioning's initial guess), max |r| into the gate's accumulator (one atomicMax per workgroup),
// and per workgroup (sum r, open cells) for the mean of r.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) buffer P { float p[]; };
layout(set = 0, binding = 2) readonly buffer D { float d[]; };
layout(set = 0, binding = 3) buffer R { float r[]; };
layout(set = 0, binding = 4) readonly buffer Q { float q[]; };
layout(set = 0, binding = 5) writeonly buffer Z { float z[]; };
layout(set = 0, binding = 6) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 7) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 8) buffer State { uint state[]; };
layout(set = 0, binding = 9) writeonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "common/stencil_cells.glsl"
#include "pressure/cg_reduce.glsl"
#include "pressure/gate_accumulate.glsl"

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    vec2 sums = vec2(0.0);
    float largestResidual = 0.0, largestRhs = 0.0;  // this cell's |r| and |rhs|, 0 without an equation
    if (id.x < grid.nx && id.y < grid.ny) {
        const float alpha = stateFloat(BILLOW_CG_ALPHA);
        const int c = cellIndex(id.x, id.y);
        const vec4 w = faceWeights(id.x, id.y);
        if (w.x + w.y + w.z + w.w > 0.0) {
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
