#version 450
// One damped Jacobi sweep of the 3D pressure equation (stencil3d.glsl): every cell moves
// BILLOW_JACOBI_RELAXATION of the way towards the value that satisfies its equation given its
// neighbours' previous values (why damped: pressure_types.h). Reads pIn, writes pOut.
// Variant 1 (kInteriorOpen) is for a level whose faces between cells are all open (no obstacle):
// it reads the weight buffers only on the grid's sides, the sweep's other three arrays being the
// pressure in and out and the right-hand side.
#define BILLOW_KERNEL_VARIANTS 2
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer PIn { float pIn[]; };
layout(set = 0, binding = 2) writeonly buffer POut { float pOut[]; };
layout(set = 0, binding = 3) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { Jacobi3Push pc; };
layout(constant_id = 0) const int kInteriorOpen = 0;

#include "pressure3d/stencil3d.glsl"

float pressureAt(int cell) { return cell < 0 ? 0.0 : pIn[cell]; }

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (!insideCells3(id)) return;
    const int c = cellAt3(id, n);
    const Neighbours3 nb = neighbours3(id, n);
    const Weights3 w = kInteriorOpen != 0 ? BILLOW_SIDE_WEIGHTS3(openX, openY, openZ, id, n)
                                          : BILLOW_WEIGHTS3(openX, openY, openZ, id, n);
    pOut[c] = relaxedPressure3(w, BILLOW_GATHER3(pressureAt, nb.lo),
                               BILLOW_GATHER3(pressureAt, nb.hi), pIn[c], pc.rhsScale * divergence[c],
                               BILLOW_JACOBI_RELAXATION, 0.0);
}
