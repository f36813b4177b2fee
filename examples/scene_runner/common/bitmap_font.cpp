#include "common/bitmap_font.hpp"

#include <algorithm>

namespace billow::scene {

namespace {

// Glyphs of ' ' (32) to '~' (126): 8 rows of 5 bits each, the top row in the highest bits, the
// leftmost pixel of a row in its highest bit. Drawn for this project on a 5 x 7 grid in the
// style of character-LCD fonts.
constexpr uint64_t kGlyphs[95] = {
    0x0000000000, 0x2108420080, 0x5280000000, 0x52BEAFA940, 0x23E8E2F880, 0xC644444C60,
    0x64A88AC9A0, 0x2100000000, 0x1110841040, 0x4104211100, 0x012AEA9000, 0x0109F21000,
    0x0000061100, 0x0001F00000, 0x0000003180, 0x0044444000, 0x74675CC5C0, 0x23084211C0,
    0x74422223E0, 0xF88820C5C0, 0x11952F8840, 0xFC3C10C5C0, 0x3221E8C5C0, 0xF844442100,
    0x7462E8C5C0, 0x7462F08980, 0x0318063000, 0x0318061100, 0x1111041040, 0x003E0F8000,
    0x4104111100, 0x7442220080, 0x7442DAD5C0, 0x7463F8C620, 0xF463E8C7C0, 0x74610845C0,
    0xE4A318CB80, 0xFC21E843E0, 0xFC21E84200, 0x746178C5E0, 0x8C63F8C620, 0x71084211C0,
    0x3884214980, 0x8CA98A4A20, 0x84210843E0, 0x8EEB58C620, 0x8C7359C620, 0x746318C5C0,
    0xF463E84200, 0x74631AC9A0, 0xF463EA4A20, 0x7C20E087C0, 0xF908421080, 0x8C6318C5C0,
    0x8C6318A880, 0x8C635AD540, 0x8C54454620, 0x8C54421080, 0xF8444443E0, 0x72108421C0,
    0x0410410400, 0x70842109C0, 0x22A2000000, 0x00000003E0, 0x4100000000, 0x001C17C5E0,
    0x842D98C7C0, 0x001D0845C0, 0x085B38C5E0, 0x001D1FC1C0, 0x3251C42100, 0x001F18BC2E,
    0x842D98C620, 0x20184211C0, 0x100C210A4C, 0x84254C5240, 0x61084211C0, 0x00355AC620,
    0x002D98C620, 0x001D18C5C0, 0x003D18FA10, 0x001F18BC21, 0x002D984200, 0x001F0707C0,
    0x42388424C0, 0x002318CDA0, 0x002318A880, 0x00231AD540, 0x0022A22A20, 0x002318BC2E,
    0x003E2223E0, 0x1108821040, 0x2108421080, 0x4108221100, 0x0011510000,
};

// A hollow box for characters the font does not have.
constexpr uint64_t kMissing = 0xFC6318C7E0ull;

} // namespace

bool glyphPixel(char c, uint32_t column, uint32_t row) {
    if (column >= kGlyphWidth || row >= kGlyphHeight) return false;
    const unsigned code = static_cast<unsigned char>(c);
    const uint64_t bits = code >= 32 && code <= 126 ? kGlyphs[code - 32] : kMissing;
    const uint32_t bit = (kGlyphHeight - 1 - row) * kGlyphWidth + (kGlyphWidth - 1 - column);
    return (bits >> bit) & 1u;
}

uint32_t textWidth(const std::string& text, uint32_t scale) {
    return text.empty() ? 0 : (uint32_t(text.size()) * kCharAdvance - 1) * scale;
}

void drawText(Picture& picture, int x, int y, const std::string& text, uint32_t scale, Rgb8 colour) {
    for (size_t k = 0; k < text.size(); ++k)
        for (uint32_t row = 0; row < kGlyphHeight; ++row)
            for (uint32_t column = 0; column < kGlyphWidth; ++column) {
                if (!glyphPixel(text[k], column, row)) continue;
                const int left = x + int((k * kCharAdvance + column) * scale), top = y + int(row * scale);
                for (uint32_t dy = 0; dy < scale; ++dy)
                    for (uint32_t dx = 0; dx < scale; ++dx) {
                        const int px = left + int(dx), py = top + int(dy);
                        if (px < 0 || py < 0 || px >= int(picture.width) || py >= int(picture.height)) continue;
                        std::copy(colour.begin(), colour.end(), &picture.rgb[(size_t(py) * picture.width + px) * 3]);
                    }
            }
}

} // namespace billow::scene
