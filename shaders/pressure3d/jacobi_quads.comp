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

vec4 quadAt(int q) { return q < 0 ? vec4(0.0) : pIn[q]; }

// The quad across the side of quad coordinate c along y or z (axis 1 or 2), in a grid of `quads`
// quads along each axis: its index, or -1 beyond a side that is not periodic.
int quadNeighbour(ivec3 c, ivec3 quads, int axis, int step) {
    c[axis] += step;
    if (c[axis] < 0 || c[axis] >= quads[axis]) {
        if (!periodic3(axis)) return -1;
        c[axis] = wrapIndex(c[axis], quads[axis]);
    }
    return c.x + quads.x * (c.y + quads.y * c.z);
}

// The weights of four faces in a row along x, a quad's faces normal to y or z: read in one branch
// per side of the quad. Each of the four cells reading its own six (BILLOW_SIDE_WEIGHTS3, 24
// branches in the loop) made SwiftShader's shader compiler use up 24 GB of memory and fail.
vec4 openYQuad(int face) { return vec4(openY[face], openY[face + 1], openY[face + 2], openY[face + 3]); }
vec4 openZQuad(int face) { return vec4(openZ[face], openZ[face + 1], openZ[face + 2], openZ[face + 3]); }

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
    // The cells beside the quad along x: the last lane of the quad before, the first of the one
    // after (wrapped on a periodic axis; beyond another side 0, where the side's weight is 0 or
    // the outflow's pressure is 0).
    const bool xPeriodic = periodic3(0);
    const bool hasWest = first.x > 0 || xPeriodic, hasEast = first.x < quads.x - 1 || xPeriodic;
    const int west = first.x > 0 ? -1 : quads.x - 1, east = first.x < quads.x - 1 ? 1 : 1 - quads.x;
    // The weights of faces between cells are 1; the side faces carry the boundary conditions.
    const vec4 open = vec4(1.0);
    const ivec3 corner = ivec3(4 * first.x, first.y, first.z);
    const vec4 southWeights = first.y == 0 ? openYQuad(faceAt3(1, corner, n)) : open;
    const vec4 northWeights = first.y == n.y - 1 ? openYQuad(faceAt3(1, corner + ivec3(0, 1, 0), n)) : open;
    const float westWeight = first.x == 0 ? openX[faceAt3(0, corner, n)] : 1.0;
    const float eastWeight = first.x == quads.x - 1 ? openX[faceAt3(0, corner + ivec3(4, 0, 0), n)] : 1.0;
    vec4 below = quadAt(quadNeighbour(first, quads, 2, -1));
    vec4 centre = pIn[q];
    for (int k = 0; k < pc.column; ++k) {
        const int z = first.z + k;
        if (z >= n.z) break;
        const int offset = k * plane;
        const vec4 above = quadAt(z + 1 < n.z ? q + plane : aboveTop);
        const vec4 south = quadAt(yLo < 0 ? -1 : yLo + offset), north = quadAt(yHi < 0 ? -1 : yHi + offset);
        const float westValue = hasWest ? pIn[q + west].w : 0.0;
        const float eastValue = hasEast ? pIn[q + east].x : 0.0;
        const vec4 rhs = pc.rhsScale * divergence[q];
        const ivec3 base = ivec3(corner.xy, z);
        const vec4 belowWeights = z == 0 ? openZQuad(faceAt3(2, base, n)) : open;
        const vec4 aboveWeights = z == n.z - 1 ? openZQuad(faceAt3(2, base + ivec3(0, 0, 1), n)) : open;
        vec4 result;
        [[unroll]] for (int lane = 0; lane < 4; ++lane) {
            const Weights3 w = Weights3(vec3(lane == 0 ? westWeight : 1.0, southWeights[lane], belowWeights[lane]),
                                        vec3(lane == 3 ? eastWeight : 1.0, northWeights[lane], aboveWeights[lane]));
            const vec3 lo = vec3(lane == 0 ? westValue : centre[max(lane - 1, 0)], south[lane], below[lane]);
            const vec3 hi = vec3(lane == 3 ? eastValue : centre[min(lane + 1, 3)], north[lane], above[lane]);
            result[lane] = relaxedPressure3(w, lo, hi, centre[lane], rhs[lane], BILLOW_JACOBI_RELAXATION, 0.0);
        }
        pOut[q] = result;
        below = centre;
        centre = above;
        q += plane;
    }
}
