// The cell an index stands for on a periodic axis of n cells: i wrapped into [0, n).
//
// Without GLSL's `%`: it is undefined for a negative operand, and GPUs differ. Lavapipe returns
// the C remainder (-1 % 48 == -1), while an NVIDIA driver was seen to return the remainder of the
// operands' unsigned bit patterns ((2^32 - 1) % 48 == 15), which is right only where n divides
// 2^32, so periodic grids of 32 or 64 cells worked and 37, 40 or 48 did not. The forms with an
// integer remainder of non-negative operands tried (a branch with a remainder on each side;
// abs() then a remainder and two selects) slowed the 3D kernels on the H100, which resolve every
// tap through this function (SubtractGradient by 28%). So the quotient comes from a float
// division, floored, and the remainder is put back into [0, n) by one select each way: the float
// quotient is off by at most one for |i| < 2^22, far beyond any index a kernel forms (grids have
// at most 2048 cells an axis; back-traces are floats, so their cells are within 2^22 too). The
// trilinear 3D advection is still slower than with the undefined form (docs/performance-log.md,
// "Correct on the GPU").
#ifndef BILLOW_WRAP_INDEX_GLSL
#define BILLOW_WRAP_INDEX_GLSL

int wrapIndex(int i, int n) {
    int r = i - n * int(floor(float(i) / float(n)));
    r = r < 0 ? r + n : r;
    return r >= n ? r - n : r;
}

#endif
