#version 450
// Conjugate gradient start: the residual r = rhsScale * div - sum_f w_f (p_nb - p) of the warm
// start p on cells with an open face (0 elsewhere), the preconditioner's zero initial guess z = 0,
// max |r| and max |rhs| into the gate's accumulators (one atomicMax per workgroup on the
// bits of non-negative floats), and per workgroup (sum r, open cells) for the mean of r.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer P { float pIn[]; };
layout(set = 0, binding = 2) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) writeonly buffer R { float r[]; };
layout(set = 0, binding = 6) writeonly buffer Z { float z[]; };
layout(set = 0, binding = 7) buffer State { uint state[]; };
layout(set = 0, binding = 8) writeonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "pressure/pressure_neighbours.glsl"
#include "pressure/cg_reduce.glsl"
#include "pressure/gate_accumulate.glsl"

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    vec2 sums = vec2(0.0);
    float largestResidual = 0.0, largestRhs = 0.0;  // this cell's |r| and |rhs|, 0 without an equation
    if (id.x < grid.nx && id.y < grid.ny) {
        const int c = cellIndex(id.x, id.y);
        const vec4 w = faceWeights(id.x, id.y);
        float residual = 0.0;
        if (w.x + w.y + w.z + w.w > 0.0) {
            const float rhs = pc.rhsScale * divergence[c];
            residual = rhs - dot(w, neighbourPressures(id.x, id.y) - pIn[c]);
            largestResidual = residual;
            largestRhs = rhs;
            sums = vec2(residual, 1.0);
        }
        r[c] = residual;
        z[c] = 0.0;
    }
    writeWorkgroupSum(sums);
    accumulateGateMaxima(largestResidual, largestRhs);
}
