#version 450
// One pass of a spectral cycle on a box without obstacles (src/pressure/spectral_solve.hpp): the
// 7-point operator of such a box is a sum of one second difference per axis, so it is diagonal in
// the product of the three axes' eigenbases (cosines, sines or Fourier modes, by the axis's side
// types: src/pressure/spectral_basis.hpp). A cycle solves L e = r for the residual r exactly, up
// to rounding, in five passes of this kernel, and adds e to the unknown:
//
//   RESIDUAL  r = rhsScale rhs - L p at each cell, transformed along x   (p, rhs -> scratch)
//   FORWARD   transformed along y                                        (scratch, in place)
//   DIVIDE    transformed along z, each mode divided by -(its eigenvalue), transformed back along z
//   INVERSE   transformed back along y                                   (scratch, in place)
//   ADD       transformed back along x and added to p                    (scratch -> p)
//
// A transform along an axis of n cells is a product with the n x n orthonormal basis (forward: its
// transpose): each workgroup reads BILLOW_SPECTRAL_LINES lines along the axis into shared memory
// (lines next to each other along the next axis, so that every read is a run of cells), computes
// every output of every line from them, and writes them back over the lines it read, so a pass
// needs no second buffer. The mode of eigenvalue 0 (a box closed or periodic on every side) is the
// constant, which the pressure equation leaves free: it is set to 0.
#extension GL_EXT_control_flow_attributes : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"

layout(local_size_x = BILLOW_SPECTRAL_THREADS) in;

layout(set = 0, binding = 1) buffer Scratch { float scratch[]; };  // the lines between passes
layout(set = 0, binding = 2) buffer P { float p[]; };  // read by RESIDUAL, added to by ADD
layout(set = 0, binding = 3) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
// Per axis x, y, z in turn, for its n cells: the basis Q (Q[j n + m]: mode m at cell j), its
// transpose, and the n eigenvalues of the axis's second difference (src/pressure/spectral_basis.hpp).
layout(set = 0, binding = 7) readonly buffer Basis { float basis[]; };
layout(push_constant) uniform Push { SpectralPush pc; };

#include "pressure3d/stencil3d.glsl"

const int kQuads = BILLOW_SPECTRAL_LINES / 4;
const int kOutputs = BILLOW_SPECTRAL_MAX_CELLS / BILLOW_SPECTRAL_THREADS;
// tile[j * kQuads + q]: cell j of lines 4q .. 4q + 3 (each thread reads all lines of a cell at once).
shared vec4 tile[BILLOW_SPECTRAL_MAX_CELLS * kQuads];

int cellsAlong(int axis) { return axis == 0 ? grid.nx : axis == 1 ? grid.ny : grid.nz; }
int strideAlong(int axis) { return axis == 0 ? 1 : axis == 1 ? grid.nx : grid.nx * grid.ny; }
// A workgroup's lines lie next to each other along `across` (x, or y for lines along x), and its
// second group index walks the remaining axis.
int acrossAxis(int axis) { return axis == 0 ? 1 : 0; }
int outerAxis(int axis) { return axis == 2 ? 1 : 2; }
// Where axis `axis`'s basis starts in `basis`.
int basisOffset(int axis) {
    int offset = 0;
    for (int b = 0; b < axis; ++b) offset += cellsAlong(b) * (2 * cellsAlong(b) + 1);
    return offset;
}

float pressureAt(int k) { return k < 0 ? 0.0 : p[k]; }
// rhsScale rhs - L p at cell c (no obstacle: the weights are 1 between cells).
float residualAt(ivec3 c, ivec3 n) {
    const int k = cellAt3(c, n);
    const Weights3 w = BILLOW_SIDE_WEIGHTS3(openX, openY, openZ, c, n);
    const Neighbours3 nb = neighbours3(c, n);
    return restrictedResidual3(w, BILLOW_GATHER3(pressureAt, nb.lo), BILLOW_GATHER3(pressureAt, nb.hi), p[k],
                               pc.rhsScale * divergence[k], 0.0);
}

// The cell and the tile entry of element e of a workgroup's lines (a run of cells along x per
// step of e: along the line for lines along x, across the lines otherwise).
void elementOf(int e, int axis, int len, out int along, out int line) {
    if (axis == 0) {
        along = e % len;
        line = e / len;
    } else {
        along = e / BILLOW_SPECTRAL_LINES;
        line = e % BILLOW_SPECTRAL_LINES;
    }
}
ivec3 cellOf(int axis, int along, int across, int outer) {
    return axis == 0 ? ivec3(along, across, outer) : axis == 1 ? ivec3(across, along, outer) : ivec3(across, outer, along);
}

// The divisor of mode (x mode `mx`, y mode `my`, z mode `mz`): -(the sum of the axes' eigenvalues),
// 0 for the free constant.
float inverseEigenvalue(int mx, int my, int mz) {
    const float lambda = basis[basisOffset(0) + 2 * grid.nx * grid.nx + mx] +
                         basis[basisOffset(1) + 2 * grid.ny * grid.ny + my] +
                         basis[basisOffset(2) + 2 * grid.nz * grid.nz + mz];
    return lambda > 0.0 ? -1.0 / lambda : 0.0;
}

// The tile's lines multiplied by `matrix` (out[o] = sum_i matrix[i len + o] in[i]), back into the
// tile; with `divide`, each output (a z mode of lines of x modes u0 + line, y mode `outer`) divided
// by its eigenvalue first.
void transformTile(int matrix, int len, bool divide, int u0, int outer) {
    const int t = int(gl_LocalInvocationIndex);
    vec4 acc[kOutputs][kQuads];
    [[unroll]] for (int o = 0; o < kOutputs; ++o)
        [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] = vec4(0.0);
    for (int i = 0; i < len; ++i) {
        vec4 s[kQuads];
        [[unroll]] for (int q = 0; q < kQuads; ++q) s[q] = tile[i * kQuads + q];
        [[unroll]] for (int o = 0; o < kOutputs; ++o) {
            const int m = o * BILLOW_SPECTRAL_THREADS + t;
            const float weight = m < len ? basis[matrix + i * len + m] : 0.0;
            [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] += weight * s[q];
        }
    }
    barrier();  // every thread has read the tile
    [[unroll]] for (int o = 0; o < kOutputs; ++o) {
        const int m = o * BILLOW_SPECTRAL_THREADS + t;
        if (m >= len) continue;
        [[unroll]] for (int q = 0; q < kQuads; ++q) {
            vec4 value = acc[o][q];
            if (divide)
                [[unroll]] for (int c = 0; c < 4; ++c) {
                    const int mx = min(u0 + 4 * q + c, grid.nx - 1);  // lines beyond the grid hold zeros
                    value[c] *= inverseEigenvalue(mx, outer, m);
                }
            tile[m * kQuads + q] = value;
        }
    }
    barrier();
}

void main() {
    const ivec3 n = gridCells();
    const int axis = pc.axis;
    const int len = cellsAlong(axis);
    const int across = acrossAxis(axis), outer = outerAxis(axis);
    const int u0 = int(gl_WorkGroupID.x) * BILLOW_SPECTRAL_LINES;
    const int v = int(gl_WorkGroupID.y);
    const int lines = min(BILLOW_SPECTRAL_LINES, cellsAlong(across) - u0);
    const int t = int(gl_LocalInvocationIndex);
    const int stride = strideAlong(axis), acrossStride = strideAlong(across), outerStride = strideAlong(outer);
    const int elements = len * BILLOW_SPECTRAL_LINES;

    for (int e = t; e < elements; e += BILLOW_SPECTRAL_THREADS) {
        int along, line;
        elementOf(e, axis, len, along, line);
        float value = 0.0;
        if (line < lines) {
            if (pc.stage == BILLOW_SPECTRAL_RESIDUAL) value = residualAt(cellOf(axis, along, u0 + line, v), n);
            else value = scratch[along * stride + (u0 + line) * acrossStride + v * outerStride];
        }
        tile[along * kQuads + line / 4][line % 4] = value;
    }
    barrier();

    const int forward = basisOffset(axis), inverse = forward + len * len;
    const bool backwards = pc.stage == BILLOW_SPECTRAL_INVERSE || pc.stage == BILLOW_SPECTRAL_ADD;
    transformTile(backwards ? inverse : forward, len, pc.stage == BILLOW_SPECTRAL_DIVIDE, u0, v);
    if (pc.stage == BILLOW_SPECTRAL_DIVIDE) transformTile(inverse, len, false, u0, v);

    for (int e = t; e < elements; e += BILLOW_SPECTRAL_THREADS) {
        int along, line;
        elementOf(e, axis, len, along, line);
        if (line >= lines) continue;
        const int k = along * stride + (u0 + line) * acrossStride + v * outerStride;
        const float value = tile[along * kQuads + line / 4][line % 4];
        if (pc.stage == BILLOW_SPECTRAL_ADD) p[k] += value;
        else scratch[k] = value;
    }
}
