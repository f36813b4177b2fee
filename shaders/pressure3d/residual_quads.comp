#version 450
// The residual measurement of pressure3d/residual.comp (the largest |residual| and the largest
// right-hand side over cells with an equation, reduced over the workgroup, one atomicMax per
// workgroup into report slot `slot`) on a level whose rows are a whole number of quads
// (nx % 4 == 0) and whose faces between cells are all open (no obstacle: the weight buffers are
// read only on the grid's sides). Each thread measures four cells along x from vec4 loads
// (pressure3d/quads.glsl): five quads, its right-hand side and the cells beside it, where the
// one-cell kernel issues eight scalar loads a cell.
#extension GL_EXT_control_flow_attributes : require
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer P { vec4 p[]; };
layout(set = 0, binding = 2) readonly buffer Divergence { vec4 divergence[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 6) buffer Reports { uint reports[]; };  // per slot: residual bits, rhs bits, ...
layout(set = 0, binding = 7) readonly buffer Shift { vec4 shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { ResidualPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "pressure3d/quads.glsl"
#include "common/workgroup_reduce_3d.glsl"

vec4 quadAt(int q) { return q < 0 ? vec4(0.0) : p[q]; }

void main() {
    // Every invocation reaches the workgroup reduction (it has barriers): cells without an
    // equation, and invocations beyond the grid, contribute zeros.
    const ivec3 n = gridCells();
    const ivec3 quads = ivec3(n.x / 4, n.y, n.z);
    const ivec3 c = ivec3(gl_GlobalInvocationID);
    // Kept as the bits of |value|, which order like the values and keep a NaN the largest (max()
    // of floats may drop it), as the one-cell kernel's reduction does.
    uint residualBits = 0u, rhsBits = 0u;
    if (all(lessThan(c, quads))) {
        const int q = c.x + quads.x * (c.y + quads.y * c.z);
        const ivec3 corner = ivec3(4 * c.x, c.y, c.z);
        const QuadSideWeights sides = quadSideWeights(corner, n);
        const QuadRow row = quadRow(c, quads);
        const vec4 centre = p[q];
        const vec4 south = quadAt(quadNeighbour(c, quads, 1, -1)), north = quadAt(quadNeighbour(c, quads, 1, 1));
        const vec4 below = quadAt(quadNeighbour(c, quads, 2, -1)), above = quadAt(quadNeighbour(c, quads, 2, 1));
        const float westValue = row.hasWest ? p[q + row.west].w : 0.0;
        const float eastValue = row.hasEast ? p[q + row.east].x : 0.0;
        const vec4 rhs = pc.rhsScale * divergence[q];
        const vec4 shifts = grid.shifted != 0 ? shift[q] : vec4(0.0);
        const vec4 belowWeights = quadBelowWeights(corner, n), aboveWeights = quadAboveWeights(corner, n);
        [[unroll]] for (int lane = 0; lane < 4; ++lane) {
            const Weights3 w = quadLaneWeights(lane, sides, belowWeights, aboveWeights);
            if (!hasEquation(w, shifts[lane])) continue;
            const float r = measuredResidual3(w, quadLaneLo(lane, westValue, centre, south, below),
                                              quadLaneHi(lane, eastValue, centre, north, above), centre[lane],
                                              rhs[lane], shifts[lane]);
            residualBits = max(residualBits, floatBitsToUint(abs(r)));
            rhsBits = max(rhsBits, floatBitsToUint(abs(rhs[lane])));
        }
    }
    const uvec2 largest = workgroupMaxAbsBits(uintBitsToFloat(residualBits), uintBitsToFloat(rhsBits));
    if (gl_LocalInvocationIndex == 0) {
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot], largest.x);
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot + 1], largest.y);
    }
}
