// Pictures as the scene runner draws them: 8-bit RGB rasters drawn a colour per grid sample, the
// colour maps of the diagnostic views, and resizing.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "common/json_reader.hpp"

namespace billow::scene {

// Colour maps for the diagnostic pictures. All return 8-bit RGB.
using Rgb8 = std::array<uint8_t, 3>;

// Where a value is NaN (or infinite, which the per-frame scaling turns into NaN), every view draws
// this magenta, which no colour map here produces otherwise (the hue wheel's colours all have a
// zero channel; the ramps' are red/white/blue or inferno): a blown-up simulation shows where.
inline constexpr Rgb8 kNonFiniteColour = {255, 64, 255};

uint8_t toByte(float x);  // [0, 1] -> 0..255, clamped; NaN -> 0
// Signed values in [-1, 1]: blue (negative) - white (0) - red (positive).
Rgb8 diverging(float x);
// sign(x) * sqrt(|x|): signed values on a square-root ramp, so small ones stay visible.
float signedRamp(float x);
// Magnitudes in [0, 1]: black - purple - orange - pale yellow (an inferno-like ramp).
Rgb8 sequential(float x);
// The fully saturated colour of hue h in [0, 1) (0 red, 1/3 green, 2/3 blue), channels in [0, 1].
std::array<float, 3> hueRgb(float h);
// Direction (radians) as hue and magnitude in [0, 1] as brightness.
Rgb8 directional(float angle, float magnitude);

// An RGB picture and the way every view draws one: a colour per grid sample (optionally enlarged
// by whole pixels; the scene runner's views draw one pixel per sample and resize afterwards, see
// resample below).
struct Picture {
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> rgb;  // first row at the top (+y up in the domain)
};

// A width x height picture from a per-sample colour function (i, j with j = 0 at the bottom),
// each sample drawn as a `zoom` x `zoom` block.
Picture draw(uint32_t width, uint32_t height, uint32_t zoom, const std::function<Rgb8(uint32_t, uint32_t)>& colour);

// The largest |value| (at least 1e-20, so dividing by it is safe).
float largestMagnitude(const std::vector<float>& values);

// Resizing pictures: grids smaller than the picture are enlarged smoothly (bicubic by default),
// larger ones reduced without aliasing.

// nearest: one block of pixels per grid sample (to see the cells); bilinear: a triangle filter;
// bicubic: Catmull-Rom (Keys 1981, a = -0.5), sharper than bilinear with a little overshoot,
// clamped. Reducing widens the filter by the reduction factor, so it averages instead of aliasing.
enum class PictureFilter { Bicubic, Bilinear, Nearest };
// As output.pictures.filter spells them.
inline const WordTable<PictureFilter> kPictureFilters = {
    {"bicubic", PictureFilter::Bicubic}, {"bilinear", PictureFilter::Bilinear}, {"nearest", PictureFilter::Nearest}};

// `picture` resized to width x height; the picture's pixel centres map onto the new picture's
// (pixel k of n sits at (k + 0.5) / n of the way across, in both).
Picture resample(const Picture& picture, uint32_t width, uint32_t height, PictureFilter filter);

// The size of a picture of a domain whose grid is nx x ny samples: `longSide` pixels along the
// longer side, the other side in proportion (at least 1).
struct PictureSize {
    uint32_t width = 0, height = 0;
};
PictureSize sizeForLongSide(uint32_t nx, uint32_t ny, uint32_t longSide);

// The long side pixels a run draws at: `requested` when not 0; otherwise the larger of
// kDefaultLongSide and the finest grid's own long side (so no grid loses detail).
constexpr uint32_t kDefaultLongSide = 512;
constexpr uint32_t kMinPictureSize = 16, kMaxPictureSize = 16384;  // output.pictures.size, --picture-size
uint32_t pictureLongSide(uint32_t requested, uint32_t finestLongSide);

} // namespace billow::scene
