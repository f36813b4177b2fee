#include "common/colour_bar.hpp"

#include <algorithm>
#include <cstdio>

#include "common/bitmap_font.hpp"

namespace billow::scene {

namespace {

constexpr Rgb8 kBackground = {24, 24, 28}, kInk = {230, 230, 230};

std::string valueText(double v) {
    char text[32];
    std::snprintf(text, sizeof(text), "%.3g", v);
    return text;
}

} // namespace

void drawColourBar(Picture& picture, const std::function<Rgb8(double)>& colourOf, double low, double high,
                   const std::string& label) {
    const uint32_t scale = picture.height >= 256 ? 2 : 1;
    const uint32_t glyph = kGlyphHeight * scale, margin = 4 * scale, barWidth = 10 * scale;
    const std::string texts[3] = {valueText(high), valueText(0.5 * (low + high)), valueText(low)};
    uint32_t widest = 0;
    for (const std::string& t : texts) widest = std::max(widest, textWidth(t, scale));
    const uint32_t strip = margin + barWidth + margin + widest + margin;
    const uint32_t band = glyph + 2 * margin;
    Picture out{picture.width + strip, picture.height + band, {}};
    out.rgb.resize(size_t(out.width) * out.height * 3);
    for (size_t p = 0; p < size_t(out.width) * out.height; ++p) std::copy(kBackground.begin(), kBackground.end(), &out.rgb[3 * p]);
    for (uint32_t y = 0; y < picture.height; ++y)
        std::copy_n(&picture.rgb[size_t(y) * picture.width * 3], size_t(picture.width) * 3, &out.rgb[size_t(y) * out.width * 3]);

    // The bar: top = high, bottom = low, between half a glyph from the picture's top and bottom.
    const uint32_t top = glyph / 2 + margin, bottom = picture.height - glyph / 2 - margin;
    const uint32_t left = picture.width + margin;
    for (uint32_t y = top; y < bottom; ++y) {
        const double t = double(bottom - 1 - y) / std::max(1u, bottom - 1 - top);
        const Rgb8 c = colourOf(low + t * (high - low));
        for (uint32_t x = left; x < left + barWidth; ++x) std::copy(c.begin(), c.end(), &out.rgb[(size_t(y) * out.width + x) * 3]);
    }
    const uint32_t textLeft = left + barWidth + margin;
    const uint32_t rows[3] = {top, (top + bottom) / 2, bottom};
    for (int k = 0; k < 3; ++k) drawText(out, textLeft, rows[k] - glyph / 2, texts[k], kInk, scale);
    drawText(out, margin, picture.height + margin, label, kInk, scale);
    picture = std::move(out);
}

} // namespace billow::scene
