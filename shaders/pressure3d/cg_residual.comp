#version 450
// Conjugate gradient start on the 3D grid (pressure/cg_residual.comp's step): the residual
// r = rhsScale * div - sum_f w_f (p_nb - p) of the warm start p on cells with an open face (0
// elsewhere), the preconditioner's zero initial guess z = 0, max |r| and max |rhs| into the gate's
// accumulators (atomicMax on the bits of non-negative floats), and per workgroup (sum r, open
// cells) for the mean of r.
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer P { float p[]; };
layout(set = 0, binding = 2) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) writeonly buffer R { float r[]; };
layout(set = 0, binding = 7) writeonly buffer Z { float z[]; };
layout(set = 0, binding = 8) buffer State { uint state[]; };
layout(set = 0, binding = 9) writeonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure3d/cg_reduce.glsl"
#include "pressure/gate_accumulate.glsl"

float pressureAt(int cell) { return cell < 0 ? 0.0 : p[cell]; }

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    vec2 sums = vec2(0.0);
    float largestResidual = 0.0, largestRhs = 0.0;  // this cell's |r| and |rhs|, 0 without an equation
    if (insideCells3(id)) {
        const int c = cellAt3(id, n);
        const Weights3 w = BILLOW_WEIGHTS3(openX, openY, openZ, id, n);
        float residual = 0.0;
        if (hasOpenFace(w)) {
            const float rhs = pc.rhsScale * divergence[c];
            const Neighbours3 nb = neighbours3(id, n);
            residual = rhs - applyStencil3(w, BILLOW_GATHER3(pressureAt, nb.lo), BILLOW_GATHER3(pressureAt, nb.hi), p[c]);
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
