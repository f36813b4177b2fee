// The cell an index stands for on a periodic axis of n cells: i wrapped into [0, n).
//
// Written without `%` on a negative operand: GLSL leaves `%` and `/` undefined there, and GPUs
// differ. Lavapipe returns the C remainder (-1 % 48 == -1), while an NVIDIA driver was seen to
// return the remainder of the operands' unsigned bit patterns ((2^32 - 1) % 48 == 15), which is
// right only where n divides 2^32, so periodic grids of 32 or 64 cells worked and 37, 40 or 48
// did not. One remainder of non-negative operands and two selects, as cheap as the undefined form:
// a version with a branch and a remainder on each side made the 3D advection kernels twice as
// slow on the H100 (docs/performance.md, "Correct on the GPU"). Holds for every int but INT_MIN.
#ifndef BILLOW_WRAP_INDEX_GLSL
#define BILLOW_WRAP_INDEX_GLSL

int wrapIndex(int i, int n) {
    const int r = abs(i) % n;
    return (i < 0 && r != 0) ? n - r : r;
}

#endif
