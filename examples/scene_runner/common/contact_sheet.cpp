#include "common/contact_sheet.hpp"

#include <algorithm>
#include <cmath>

#include "common/bitmap_font.hpp"

namespace billow::scene {

namespace {

constexpr Rgb8 kPage = {12, 12, 14};
constexpr Rgb8 kTitle = {235, 235, 235};

void paste(Picture& page, const Picture& tile, uint32_t left, uint32_t top) {
    for (uint32_t y = 0; y < tile.height && top + y < page.height; ++y) {
        const uint32_t width = std::min(tile.width, page.width - left);
        std::copy_n(&tile.rgb[size_t(y) * tile.width * 3], size_t(width) * 3, &page.rgb[(size_t(top + y) * page.width + left) * 3]);
    }
}

} // namespace

Picture contactSheet(const std::string& heading, const std::vector<SheetTile>& tiles) {
    uint32_t tileWidth = 1, tileHeight = 1;
    for (const SheetTile& t : tiles) tileWidth = std::max(tileWidth, t.picture.width), tileHeight = std::max(tileHeight, t.picture.height);
    const uint32_t n = std::max<uint32_t>(uint32_t(tiles.size()), 1);
    // Columns c making the page's width (c * w) and height (n / c * h) closest to equal.
    const uint32_t columns = std::clamp<uint32_t>(
        static_cast<uint32_t>(std::lround(std::sqrt(double(n) * tileHeight / tileWidth))), 1, n);
    const uint32_t rows = (n + columns - 1) / columns;

    const uint32_t s = 1 + (tileWidth >= 400);  // title text scale
    const uint32_t gap = 6 * s, titleHeight = kLineHeight * s + 4 * s;
    const uint32_t headingScale = s + 1, headingHeight = kLineHeight * headingScale + 2 * gap;
    const uint32_t cellWidth = tileWidth + gap, cellHeight = titleHeight + tileHeight + gap;
    // As wide as the tiles or the heading, whichever is wider.
    Picture page{std::max(gap + columns * cellWidth, 2 * gap + textWidth(heading, headingScale)), headingHeight + rows * cellHeight, {}};
    page.rgb.resize(size_t(page.width) * page.height * 3);
    for (size_t k = 0; k < size_t(page.width) * page.height; ++k) std::copy(kPage.begin(), kPage.end(), &page.rgb[k * 3]);

    drawText(page, int(gap), int(gap), heading, headingScale, kTitle);
    for (size_t k = 0; k < tiles.size(); ++k) {
        const SheetTile& t = tiles[k];
        const uint32_t left = gap + uint32_t(k % columns) * cellWidth, top = headingHeight + uint32_t(k / columns) * cellHeight;
        const int titleLeft = int(left + (tileWidth - std::min(tileWidth, textWidth(t.title, s))) / 2);
        drawText(page, titleLeft, int(top), t.title, s, kTitle);
        paste(page, t.picture, left + (tileWidth - t.picture.width) / 2, top + titleHeight);
    }
    return page;
}

} // namespace billow::scene
