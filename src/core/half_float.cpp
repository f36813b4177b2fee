#include "core/half_float.hpp"

#include <bit>
#include <cmath>

namespace billow::detail {

uint16_t floatToHalf(float value) {
    const uint32_t bits = std::bit_cast<uint32_t>(value);
    const uint16_t sign = uint16_t((bits >> 16) & 0x8000u);
    const float magnitude = std::fabs(value);
    if (std::isnan(value)) return uint16_t(sign | 0x7e00u);
    // Scaling by 2^-112 moves the half range's exponents onto float's with the same rounding
    // position for normal halves; below 2^-14 the result is built from the subnormal spacing 2^-24.
    if (magnitude >= 65520.0f) return uint16_t(sign | 0x7c00u);  // rounds past kHalfMax: infinity
    if (magnitude < 0.00006103515625f) {                          // 2^-14: subnormal (or zero) half
        // A multiple of 2^-24; nearbyint rounds ties to even in the default rounding mode.
        return uint16_t(sign | uint16_t(std::nearbyint(magnitude * 16777216.0f)));
    }
    const uint32_t m = std::bit_cast<uint32_t>(magnitude);
    // Drop 13 mantissa bits with round-to-nearest-even, then rebias the exponent (127 -> 15).
    const uint32_t rounded = m + 0x0fffu + ((m >> 13) & 1u);
    return uint16_t(sign | uint16_t((rounded >> 13) - ((127u - 15u) << 10)));
}

float halfToFloat(uint16_t half) {
    const uint32_t sign = uint32_t(half & 0x8000u) << 16;
    const uint32_t exponent = (half >> 10) & 0x1fu, mantissa = half & 0x3ffu;
    if (exponent == 0) {  // zero or subnormal: mantissa * 2^-24
        const float magnitude = float(mantissa) * (1.0f / 16777216.0f);
        return sign ? -magnitude : magnitude;
    }
    if (exponent == 31) return std::bit_cast<float>(sign | 0x7f800000u | (mantissa << 13));
    return std::bit_cast<float>(sign | ((exponent + 127u - 15u) << 23) | (mantissa << 13));
}

} // namespace billow::detail
