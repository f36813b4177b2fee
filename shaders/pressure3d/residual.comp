#version 450
// The largest residual of the 3D pressure equation, max |sum_f w_f (p_nb - p) - s p - rhsScale div|
// (s the diagonal shift, stencil3d.glsl), and the largest right-hand side, max |rhsScale div|, over
// cells with an equation, reduced over the workgroup and accumulated with one atomicMax per
// workgroup on the float bits (non-negative floats order like their bit patterns) into the first
// two words of report slot `slot` (the gate's accumulators, or the host-visible report ring).
// Variant 1 (kInteriorOpen): the level's faces between cells are all open, and only its sides'
// weights are read (pressure3d/rbsor.comp).
#define BILLOW_KERNEL_VARIANTS 2
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer P { float p[]; };
layout(set = 0, binding = 2) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) buffer Reports { uint reports[]; };  // per slot: residual bits, rhs bits, ...
layout(set = 0, binding = 7) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { ResidualPush pc; };
layout(constant_id = 0) const int kInteriorOpen = 0;

#include "pressure3d/stencil3d.glsl"
#include "common/workgroup_reduce_3d.glsl"

float pressureAt(int cell) { return cell < 0 ? 0.0 : p[cell]; }

void main() {
    // Every invocation reaches the workgroup reduction (it has barriers): cells without an
    // equation, and invocations beyond the grid, contribute zeros.
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    float residual = 0.0, rhs = 0.0;
    if (insideCells3(id)) {
        const Weights3 w = BILLOW_LEVEL_WEIGHTS3(kInteriorOpen != 0, openX, openY, openZ, id, n);
        const int c = cellAt3(id, n);
        const float s = BILLOW_SHIFT3(shift, c);
        if (hasEquation(w, s)) {
            const Neighbours3 nb = neighbours3(id, n);
            rhs = pc.rhsScale * divergence[c];
            residual = measuredResidual3(w, BILLOW_GATHER3(pressureAt, nb.lo), BILLOW_GATHER3(pressureAt, nb.hi), p[c], rhs, s);
        }
    }
    const uvec2 largest = workgroupMaxAbsBits(residual, rhs);
    if (gl_LocalInvocationIndex == 0) {
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot], largest.x);
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot + 1], largest.y);
    }
}
