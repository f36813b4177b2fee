#version 450
// One colour of a red-black Gauss-Seidel sweep of the 3D pressure equation, over-relaxed (SOR):
// cells of colour `colour` (sorColour3 in stencil3d.glsl) move to p + omega (p_stencil - p), in
// place. No cell shares a colour with a neighbour, so no thread reads what another thread of this
// dispatch writes. With the two plain colours ((x + y + z) % 2) the dispatch is packed: a thread
// per cell of the colour (x = 2 i + parity), so no thread of a warp idles on the other colour.
//
// Variant 1 (kInteriorOpen) is for a level whose faces between cells are all open (no obstacle;
// the multigrid's coarse levels of such a level while every finer level has even sizes): it reads
// the weight buffers only on the grid's sides, which leaves the pressure and the right-hand side as
// the sweep's traffic.
#define BILLOW_KERNEL_VARIANTS 2
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) buffer P { float p[]; };  // read and written in place
layout(set = 0, binding = 2) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { SorPush pc; };
layout(constant_id = 0) const int kInteriorOpen = 0;

#include "pressure3d/stencil3d.glsl"

float pressureAt(int cell) { return cell < 0 ? 0.0 : p[cell]; }

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = gridCells();
    if (pc.packed != 0) id.x = 2 * id.x + ((id.y + id.z + pc.colour) & 1);
    if (!insideCells3(id) || sorColour3(id, n) != pc.colour) return;
    const int c = cellAt3(id, n);
    const Neighbours3 nb = neighbours3(id, n);
    p[c] = relaxedPressure3(BILLOW_LEVEL_WEIGHTS3(kInteriorOpen != 0, openX, openY, openZ, id, n), BILLOW_GATHER3(pressureAt, nb.lo),
                            BILLOW_GATHER3(pressureAt, nb.hi), p[c], pc.rhsScale * divergence[c], pc.omega,
                            BILLOW_SHIFT3(shift, c));
}
