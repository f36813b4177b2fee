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
// Per axis x, y, z in turn, for its n cells: the basis Q (Q[j n + m]: mode m at cell j; on a folded
// axis the modes in the order even 0, 2, 4, ..., then odd 1, 3, ...), its transpose (modes in
// their own order), and the n eigenvalues of the axis's second difference (src/pressure/spectral_basis.hpp).
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

// The division of an output (mode m of lines u0 .. u0 + 15 along the axis, y mode `outer`) by its
// eigenvalue, after the z transform.
vec4 divided(vec4 value, int q, int u0, int outer, int m) {
    [[unroll]] for (int c = 0; c < 4; ++c) {
        const int mx = min(u0 + 4 * q + c, grid.nx - 1);  // lines beyond the grid hold zeros
        value[c] *= inverseEigenvalue(mx, outer, m);
    }
    return value;
}

// The tile's lines multiplied by `matrix` (out[o] = sum_i matrix[i len + o] in[i]), back into the
// tile; with `divide`, each output (a z mode of lines of x modes u0 + line, y mode `outer`) divided
// by its eigenvalue first.
void transformTile(int matrix, int len, bool divide, int u0, int outer) {
    const int t = int(gl_LocalInvocationIndex);
    // A line of at most BILLOW_SPECTRAL_THREADS cells needs one output a thread: the second
    // output's multiply-adds are skipped (a branch the whole workgroup takes alike), which halves
    // the work of a 128-cell line.
    const int outputs = (len + BILLOW_SPECTRAL_THREADS - 1) / BILLOW_SPECTRAL_THREADS;
    vec4 acc[kOutputs][kQuads];
    [[unroll]] for (int o = 0; o < kOutputs; ++o)
        [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] = vec4(0.0);
    // Four inputs a round, their weights loaded before any is used, so that the loads of a round
    // are in flight together (the basis streams from the L2 cache: 256 KiB for 256 cells).
    int i = 0;
    for (; i + 4 <= len; i += 4) {
        float weight[4][kOutputs];
        [[unroll]] for (int r = 0; r < 4; ++r)
            [[unroll]] for (int o = 0; o < kOutputs; ++o) {
                const int m = o * BILLOW_SPECTRAL_THREADS + t;
                weight[r][o] = o < outputs && m < len ? basis[matrix + (i + r) * len + m] : 0.0;
            }
        [[unroll]] for (int r = 0; r < 4; ++r) {
            vec4 s[kQuads];
            [[unroll]] for (int q = 0; q < kQuads; ++q) s[q] = tile[(i + r) * kQuads + q];
            [[unroll]] for (int o = 0; o < kOutputs; ++o)
                if (o < outputs)
                    [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] += weight[r][o] * s[q];
        }
    }
    for (; i < len; ++i) {
        vec4 s[kQuads];
        [[unroll]] for (int q = 0; q < kQuads; ++q) s[q] = tile[i * kQuads + q];
        [[unroll]] for (int o = 0; o < kOutputs; ++o) {
            const int m = o * BILLOW_SPECTRAL_THREADS + t;
            if (o < outputs) {
                const float weight = m < len ? basis[matrix + i * len + m] : 0.0;
                [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] += weight * s[q];
            }
        }
    }
    barrier();  // every thread has read the tile
    [[unroll]] for (int o = 0; o < kOutputs; ++o) {
        const int m = o * BILLOW_SPECTRAL_THREADS + t;
        if (m >= len) continue;
        [[unroll]] for (int q = 0; q < kQuads; ++q) {
            tile[m * kQuads + q] = divide ? divided(acc[o][q], q, u0, outer, m) : acc[o][q];
        }
    }
    barrier();
}

// The same transforms at half the multiply-adds on an axis whose two sides are alike (closed and
// closed, outflow and outflow): there every mode is even or odd about the axis's centre,
// Q[n-1-j][m] = (-1)^m Q[j][m] (checked by test_spectral_basis), so an even mode needs only the
// sums x_j + x_{n-1-j} and an odd mode the differences, over half the cells.
//
// Forward: the tile's rows become the sums (j < n/2) and differences (rows n-1-j); output k of the
// threads is even mode 2k for k < ceil(n/2), else odd mode 2(k - ceil(n/2)) + 1, so that a warp's
// outputs share their parity but at one boundary.
void foldedForward(int matrix, int len, bool divide, int u0, int outer) {
    const int t = int(gl_LocalInvocationIndex);
    const int halfCells = len / 2, evens = (len + 1) / 2;
    for (int e = t; e < halfCells * kQuads; e += BILLOW_SPECTRAL_THREADS) {
        const int j = e / kQuads, q = e % kQuads;
        const vec4 a = tile[j * kQuads + q], b = tile[(len - 1 - j) * kQuads + q];
        tile[j * kQuads + q] = a + b;
        tile[(len - 1 - j) * kQuads + q] = a - b;
    }
    barrier();
    const int outputs = (len + BILLOW_SPECTRAL_THREADS - 1) / BILLOW_SPECTRAL_THREADS;
    int mode[kOutputs];
    bool even[kOutputs];
    [[unroll]] for (int o = 0; o < kOutputs; ++o) {
        const int k = o * BILLOW_SPECTRAL_THREADS + t;
        even[o] = k < evens;
        mode[o] = even[o] ? 2 * k : 2 * (k - evens) + 1;
    }
    vec4 acc[kOutputs][kQuads];
    [[unroll]] for (int o = 0; o < kOutputs; ++o)
        [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] = vec4(0.0);
    // Rows j < evens: an even mode reads sum j (row j; the middle cell itself on an odd axis), an
    // odd mode difference j (row n-1-j), none past the middle. The basis of a folded axis holds
    // its modes in the outputs' order (spectral_solve.cpp), so a warp's weights are one run; four
    // rows a round, their weights loaded before any is used (the basis streams from the L2 cache).
    int j = 0;
    for (; j + 4 <= evens; j += 4) {
        float weight[4][kOutputs];
        [[unroll]] for (int r = 0; r < 4; ++r)
            [[unroll]] for (int o = 0; o < kOutputs; ++o) {
                const int k = o * BILLOW_SPECTRAL_THREADS + t;
                const bool used = o < outputs && k < len && (even[o] || j + r < halfCells);
                weight[r][o] = used ? basis[matrix + (j + r) * len + k] : 0.0;
            }
        [[unroll]] for (int r = 0; r < 4; ++r)
            [[unroll]] for (int o = 0; o < kOutputs; ++o) {
                if (o >= outputs) continue;
                const int row = even[o] ? j + r : len - 1 - (j + r);
                [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] += weight[r][o] * tile[row * kQuads + q];
            }
    }
    for (; j < evens; ++j)
        [[unroll]] for (int o = 0; o < kOutputs; ++o) {
            if (o >= outputs) continue;
            const int k = o * BILLOW_SPECTRAL_THREADS + t;
            const bool used = k < len && (even[o] || j < halfCells);
            const float weight = used ? basis[matrix + j * len + k] : 0.0;
            const int row = even[o] ? j : len - 1 - j;
            [[unroll]] for (int q = 0; q < kQuads; ++q) acc[o][q] += weight * tile[row * kQuads + q];
        }
    barrier();
    [[unroll]] for (int o = 0; o < kOutputs; ++o) {
        if (o >= outputs || mode[o] >= len) continue;
        [[unroll]] for (int q = 0; q < kQuads; ++q)
            tile[mode[o] * kQuads + q] = divide ? divided(acc[o][q], q, u0, outer, mode[o]) : acc[o][q];
    }
    barrier();
}

// Inverse: x_j = E_j + O_j and x_{n-1-j} = E_j - O_j, E_j and O_j the sums over the even and the
// odd modes, one j < ceil(n/2) a thread (at most 128).
void foldedInverse(int matrix, int len) {
    const int t = int(gl_LocalInvocationIndex);
    const int evens = (len + 1) / 2;
    vec4 evenSum[kQuads], oddSum[kQuads];
    [[unroll]] for (int q = 0; q < kQuads; ++q) evenSum[q] = oddSum[q] = vec4(0.0);
    const bool owner = t < evens;
    // Four modes a round (two even, two odd), their weights loaded before any is used.
    int m = 0;
    for (; m + 4 <= len; m += 4) {
        float weight[4];
        [[unroll]] for (int r = 0; r < 4; ++r) weight[r] = owner ? basis[matrix + (m + r) * len + t] : 0.0;
        [[unroll]] for (int q = 0; q < kQuads; ++q) {
            evenSum[q] += weight[0] * tile[m * kQuads + q] + weight[2] * tile[(m + 2) * kQuads + q];
            oddSum[q] += weight[1] * tile[(m + 1) * kQuads + q] + weight[3] * tile[(m + 3) * kQuads + q];
        }
    }
    for (; m + 2 <= len; m += 2) {
        const float evenWeight = owner ? basis[matrix + m * len + t] : 0.0;
        const float oddWeight = owner ? basis[matrix + (m + 1) * len + t] : 0.0;
        [[unroll]] for (int q = 0; q < kQuads; ++q) {
            evenSum[q] += evenWeight * tile[m * kQuads + q];
            oddSum[q] += oddWeight * tile[(m + 1) * kQuads + q];
        }
    }
    if (m < len) {  // the last even mode of an odd axis
        const float evenWeight = owner ? basis[matrix + m * len + t] : 0.0;
        [[unroll]] for (int q = 0; q < kQuads; ++q) evenSum[q] += evenWeight * tile[m * kQuads + q];
    }
    barrier();
    if (owner)
        [[unroll]] for (int q = 0; q < kQuads; ++q) {
            tile[t * kQuads + q] = evenSum[q] + oddSum[q];
            if (len - 1 - t != t) tile[(len - 1 - t) * kQuads + q] = evenSum[q] - oddSum[q];
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
    const bool divide = pc.stage == BILLOW_SPECTRAL_DIVIDE;
    if (pc.folded == 0) {
        transformTile(backwards ? inverse : forward, len, divide, u0, v);
        if (divide) transformTile(inverse, len, false, u0, v);
    } else {
        if (backwards) foldedInverse(inverse, len);
        else foldedForward(forward, len, divide, u0, v);
        if (divide) foldedInverse(inverse, len);
    }

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
