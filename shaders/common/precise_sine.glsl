// sin(x) to a few float roundings of max(|x|, 1), the same on every device. Vulkan lets a driver's
// sin be off by 2^-11 absolute (and leaves it undefined beyond [-pi, pi]); SwiftShader's is that
// loose, lavapipe's and NVIDIA's are within a few roundings, so a wave maker driven by the
// built-in would flow differently from one GPU to the next by 1e-4 of its amplitude.
//
// Range reduction by multiples of pi/2 (Cody and Waite: pi/2 in three parts, the first two short
// enough that k times them is exact for |k| < 2^15, |x| < 5e4; beyond, the reduction's error grows
// as |x| 2^-24, as the rounding of the argument itself does), then the minimax polynomials of
// sin and cos on [-pi/4, pi/4] (the coefficients of Moshier's Cephes sinf/cosf).
#ifndef BILLOW_PRECISE_SINE_GLSL
#define BILLOW_PRECISE_SINE_GLSL

float preciseSin(float x) {
    const float k = roundEven(x * 0.63661977236758134);  // x / (pi / 2)
    precise float r = x - k * 1.5703125;
    r = r - k * 4.837512969970703125e-4;
    r = r - k * 7.54978995489188216e-8;
    const float r2 = r * r;
    const float s = r + r * r2 * (-1.6666654611e-1 + r2 * (8.3321608736e-3 + r2 * -1.9515295891e-4));
    const float c = 1.0 - 0.5 * r2 + r2 * r2 * (4.166664568298827e-2 + r2 * (-1.388731625493765e-3 + r2 * 2.443315711809948e-5));
    const int quadrant = int(k) & 3;
    return quadrant == 0 ? s : quadrant == 1 ? c : quadrant == 2 ? -s : -c;
}

#endif
