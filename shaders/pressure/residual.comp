#version 450
// The largest residual of the pressure equation, max |sum_f w_f (p_nb - p) - s p - h^2/dt div| (s the
// diagonal shift, pressure_stencil.glsl), and the largest right-hand side, max |h^2/dt div|, over
// cells with an open face or a shift, reduced over the workgroup and accumulated with one
// atomicMax per workgroup on the float bits (non-negative floats order like their bit patterns)
// into a buffer (the gate's accumulators or a host-visible report ring), so the host can read them after the submission without stalling the GPU.
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer P { float pIn[]; };
layout(set = 0, binding = 2) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) buffer Reports { uint reports[]; };  // per slot: residual bits, rhs bits, ...
layout(set = 0, binding = 6) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { ResidualPush pc; };

#include "pressure/pressure_neighbours.glsl"
#include "pressure/pressure_stencil.glsl"
#include "common/workgroup_reduce.glsl"

void main() {
    // Every invocation reaches the workgroup reduction (it has barriers): cells without an
    // equation, and invocations beyond the grid, contribute zeros.
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float residual = 0.0, rhs = 0.0;
    if (id.x < grid.nx && id.y < grid.ny) {
        vec4 w = faceWeights(id.x, id.y);
        int c = cellIndex(id.x, id.y);
        float s = BILLOW_SHIFT(c);
        if (w.x + w.y + w.z + w.w + s > 0.0) {
            vec4 differences = neighbourPressures(id.x, id.y) - pIn[c];
            rhs = pc.rhsScale * divergence[c];
            residual = dot(w, differences) - s * pIn[c] - rhs;
        }
    }
    const uvec2 largest = workgroupMaxAbsBits(residual, rhs);
    if (gl_LocalInvocationIndex == 0) {
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot], largest.x);
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot + 1], largest.y);
    }
}
