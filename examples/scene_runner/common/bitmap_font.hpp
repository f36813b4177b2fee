// A tiny bitmap font (printable ASCII, 5 x 7 pixels with a one-row descender) for the labels,
// numbers and titles drawn into pictures: colour bars, the velocity key, contact-sheet titles.
// Drawn at a whole-pixel scale, so text stays crisp and a picture halved in size with a 2 x 2
// box filter still shows it crisp at half the scale.
#pragma once

#include <cstdint>
#include <string>

#include "common/picture.hpp"

namespace billow::scene {

// One character cell: 5 pixels of glyph + 1 of spacing across, 7 + 1 (descender) + 1 (line gap) down.
constexpr uint32_t kGlyphWidth = 5, kGlyphHeight = 8, kCharAdvance = 6, kLineHeight = 9;

// Whether pixel (column, row) of `c`'s glyph is set (row 0 at the top, rows 0..6 above the
// baseline, row 7 below it). Characters outside printable ASCII draw as a hollow box.
bool glyphPixel(char c, uint32_t column, uint32_t row);

// Width and height in pixels of `text` on one line at `scale` (no trailing spacing column).
uint32_t textWidth(const std::string& text, uint32_t scale);
inline uint32_t textHeight(uint32_t scale) { return kGlyphHeight * scale; }

// Draws `text` with its top-left corner at (x, y) (pixels from the picture's top-left),
// clipped to the picture.
void drawText(Picture& picture, int x, int y, const std::string& text, uint32_t scale, Rgb8 colour);

} // namespace billow::scene
