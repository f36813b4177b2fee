// The cell an index stands for on a periodic axis of n cells: i wrapped into [0, n).
//
// Written without `%` or `/` on a negative operand: GLSL leaves both undefined there, and GPUs
// differ. Lavapipe returns the C remainder (-1 % 48 == -1), while an NVIDIA driver was seen to
// return the remainder of the operands' unsigned bit patterns ((2^32 - 1) % 48 == 15), which is
// right only where n divides 2^32, so periodic grids of 32 or 64 cells worked and 37, 40 or 48
// did not. Indices here stay within a few cells of the grid, but the rule holds for any int.
#ifndef BILLOW_WRAP_INDEX_GLSL
#define BILLOW_WRAP_INDEX_GLSL

int wrapIndex(int i, int n) {
    if (i >= 0) return i < n ? i : i % n;
    // -i - 1 >= 0 (also for i == INT_MIN), so both operands of % are non-negative.
    return n - 1 - (-(i + 1)) % n;
}

#endif
