// A small 5 x 7 pixel font for the labels in pictures (colour bars): digits, lower-case letters,
// "K", "P", and . , - + / ( ) ^ : = % and space. Other characters are drawn as a box.
#pragma once

#include <cstdint>
#include <string>

#include "common/picture.hpp"

namespace billow::scene {

inline constexpr uint32_t kGlyphWidth = 5, kGlyphHeight = 7, kGlyphAdvance = 6;

// Draws `text` with its top-left corner at (x, y) (pixels, y down), each font pixel a `scale` x
// `scale` block of `colour`; what falls outside the picture is clipped.
void drawText(Picture& picture, uint32_t x, uint32_t y, const std::string& text, Rgb8 colour, uint32_t scale);
// Width in pixels of `text` drawn at `scale`.
uint32_t textWidth(const std::string& text, uint32_t scale);

} // namespace billow::scene
