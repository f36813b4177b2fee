// Resizing pictures: grids smaller than the picture are enlarged smoothly (bicubic by default),
// larger ones reduced without aliasing.
#pragma once

#include <cstdint>

#include "common/picture.hpp"
#include "common/word_table.hpp"

namespace billow::scene {

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
