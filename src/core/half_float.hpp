// IEEE 754 binary16 <-> float conversion on the host, for the dye stored as packed halves
// (SmokeSettings::dyeStorage = Float16): the values packHalf2x16 writes and unpackHalf2x16 reads.
#pragma once

#include <cstdint>

namespace billow::detail {

// Largest finite half, 65504: larger magnitudes round to infinity.
inline constexpr float kHalfMax = 65504.0f;

// Rounds to the nearest half, ties to even; subnormal halves are kept.
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t half);

} // namespace billow::detail
