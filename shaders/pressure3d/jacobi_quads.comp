#version 450
// One damped Jacobi sweep of the 3D pressure equation (stencil3d.glsl), the rule of
// pressure3d/jacobi.comp, on a grid whose rows are a whole number of quads (nx % 4 == 0) and
// whose faces between cells are all open (no obstacle): the weight buffers are read only on the
// grid's sides.
//
// Each thread relaxes four cells along x (one vec4) in a column of `column` quads along z, so a
// quad of cells costs one vec4 load along z (the quad above), two along y and two scalars along x
// (the cells beside the quad) besides its right-hand side: about 1.5 loads a cell where the one-
// cell sweep issues six. The sweep of a large grid is bound by how many load instructions the
// SMs issue rather than by DRAM (measured in docs/performance-log.md, "Jacobi in quads").
#extension GL_EXT_control_flow_attributes : require
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(set = 0, binding = 1) readonly buffer PIn { vec4 pIn[]; };
layout(set = 0, binding = 2) writeonly buffer POut { vec4 pOut[]; };
layout(set = 0, binding = 3) readonly buffer Divergence { vec4 divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { Jacobi3Push pc; };

#include "pressure3d/stencil3d.glsl"

#include "pressure3d/quads.glsl"

vec4 quadAt(int q) { return q < 0 ? vec4(0.0) : pIn[q]; }

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
    vec4 centre = pIn[q];
    for (int k = 0; k < pc.column; ++k) {
        const int z = first.z + k;
        if (z >= n.z) break;
        const int offset = k * plane;
        const vec4 above = quadAt(z + 1 < n.z ? q + plane : aboveTop);
        const vec4 south = quadAt(yLo < 0 ? -1 : yLo + offset), north = quadAt(yHi < 0 ? -1 : yHi + offset);
        const float westValue = row.hasWest ? pIn[q + row.west].w : 0.0;
        const float eastValue = row.hasEast ? pIn[q + row.east].x : 0.0;
        const vec4 rhs = pc.rhsScale * divergence[q];
        const ivec3 base = ivec3(corner.xy, z);
        const vec4 belowWeights = quadBelowWeights(base, n), aboveWeights = quadAboveWeights(base, n);
        vec4 result;
        [[unroll]] for (int lane = 0; lane < 4; ++lane)
            result[lane] = relaxedPressure3(quadLaneWeights(lane, sides, belowWeights, aboveWeights),
                                            quadLaneLo(lane, westValue, centre, south, below),
                                            quadLaneHi(lane, eastValue, centre, north, above), centre[lane], rhs[lane],
                                            BILLOW_JACOBI_RELAXATION, 0.0);
        pOut[q] = result;
        below = centre;
        centre = above;
        q += plane;
    }
}
