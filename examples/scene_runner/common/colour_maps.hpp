// Colour maps for the diagnostic pictures. All return 8-bit RGB.
#pragma once

#include <array>
#include <cstdint>

namespace billow::scene {

using Rgb8 = std::array<uint8_t, 3>;

// Where a value is NaN (or infinite, which the per-frame scaling turns into NaN), every view draws
// this magenta, which no colour map here produces otherwise (the hue wheel's colours all have a
// zero channel; the ramps' are red/white/blue or inferno): a blown-up simulation shows where.
inline constexpr Rgb8 kNonFiniteColour = {255, 64, 255};

uint8_t toByte(float x);  // [0, 1] -> 0..255, clamped; NaN -> 0
// Signed values in [-1, 1]: blue (negative) - white (0) - red (positive).
Rgb8 diverging(float x);
// Magnitudes in [0, 1]: black - purple - orange - pale yellow (an inferno-like ramp).
Rgb8 sequential(float x);
// The fully saturated colour of hue h in [0, 1) (0 red, 1/3 green, 2/3 blue), channels in [0, 1].
std::array<float, 3> hueRgb(float h);
// Direction (radians) as hue and magnitude in [0, 1] as brightness.
Rgb8 directional(float angle, float magnitude);

} // namespace billow::scene
