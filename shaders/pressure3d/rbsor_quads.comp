#version 450
// One colour of a red-black SOR sweep of the 3D pressure equation, the rule of
// pressure3d/rbsor.comp (in place, cells of colour `colour` = (x + y + z) % 2 move to
// p + omega (p_stencil - p)), on a level whose rows are a whole number of quads (nx % 4 == 0),
// whose faces between cells are all open (no obstacle: the weight buffers are read only on the
// grid's sides) and whose colours are the two plain ones (no periodic axis of odd size).
//
// Each thread takes four cells along x in a column of `column` quads along z, as
// pressure3d/jacobi_quads.comp does: the quads are read as vec4 (one along z, two along y, the
// cells beside the quad along x and the right-hand side), and the two cells of the colour are
// written as floats. The one-cell kernel issues six scalar loads a cell of the colour, strided by
// two along x, for half the cells it reads; this issues about three a cell it writes.
//
// Why in place is safe with whole-quad reads: a thread writes only cells of the colour, and every
// value it uses from a neighbouring quad (or from its own, beside a cell it updates) is of the
// other colour, which no thread of this dispatch writes. The lanes of the colour in the quads it
// reads may be old or new; they are not used.
#extension GL_EXT_control_flow_attributes : require
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer P { vec4 p[]; };       // the level's pressure, as quads
layout(set = 0, binding = 1) writeonly buffer PCells { float pCells[]; };  // the same buffer, a cell at a time
layout(set = 0, binding = 2) readonly buffer Divergence { vec4 divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) readonly buffer Shift { vec4 shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { SorQuadsPush pc; };

#include "pressure3d/stencil3d.glsl"

#include "pressure3d/quads.glsl"

vec4 quadAt(int q) { return q < 0 ? vec4(0.0) : p[q]; }

void main() {
    const ivec3 n = gridCells();
    const ivec3 quads = ivec3(n.x / 4, n.y, n.z);
    const ivec3 first = ivec3(gl_GlobalInvocationID.xy, int(gl_GlobalInvocationID.z) * pc.column);
    if (any(greaterThanEqual(first, quads))) return;
    const int plane = quads.x * quads.y;
    int q = first.x + quads.x * (first.y + quads.y * first.z);
    // The quads along y of the column's first quad (the same one plane up are the next's), the
    // one below the first and the one above the top layer (its periodic twin in layer 0, or none).
    const int yLo = quadNeighbour(first, quads, 1, -1), yHi = quadNeighbour(first, quads, 1, 1);
    const int aboveTop = quadNeighbour(ivec3(first.xy, n.z - 1), quads, 2, 1);
    const QuadRow row = quadRow(first, quads);
    const ivec3 corner = ivec3(4 * first.x, first.y, first.z);
    const QuadSideWeights sides = quadSideWeights(corner, n);
    vec4 below = quadAt(quadNeighbour(first, quads, 2, -1));
    vec4 centre = p[q];
    for (int k = 0; k < pc.column; ++k) {
        const int z = first.z + k;
        if (z >= n.z) break;
        const int offset = k * plane;
        const vec4 above = quadAt(z + 1 < n.z ? q + plane : aboveTop);
        const vec4 south = quadAt(yLo < 0 ? -1 : yLo + offset), north = quadAt(yHi < 0 ? -1 : yHi + offset);
        const vec4 rhs = pc.rhsScale * divergence[q];
        const vec4 shifts = grid.shifted != 0 ? shift[q] : vec4(0.0);
        const ivec3 base = ivec3(corner.xy, z);
        const vec4 belowWeights = quadBelowWeights(base, n), aboveWeights = quadAboveWeights(base, n);
        // The quad starts at an even x: its lanes 0 and 2 have colour (y + z) % 2, lanes 1 and 3
        // the other. The cell beside the quad is needed only where its lane is of the colour.
        const int firstLane = (pc.colour + first.y + z) & 1;
        const float westValue = firstLane == 0 && row.hasWest ? p[q + row.west].w : 0.0;
        const float eastValue = firstLane == 1 && row.hasEast ? p[q + row.east].x : 0.0;
        [[unroll]] for (int pair = 0; pair < 2; ++pair) {
            const int lane = firstLane + 2 * pair;
            pCells[4 * q + lane] = relaxedPressure3(quadLaneWeights(lane, sides, belowWeights, aboveWeights),
                                                    quadLaneLo(lane, westValue, centre, south, below),
                                                    quadLaneHi(lane, eastValue, centre, north, above), centre[lane],
                                                    rhs[lane], pc.omega, shifts[lane]);
        }
        below = centre;
        centre = above;
        q += plane;
    }
}
