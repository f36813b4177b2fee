#include "common/frame_pictures.hpp"

#include <algorithm>
#include <cmath>

#include "common/maths.hpp"

namespace billow::scene {

Figure scalarFigure(const std::vector<float>& values, uint32_t nx, uint32_t ny, const ColourMap& map, double low, double high,
                    const std::string& label, const SolidMask& solid) {
    Picture image = draw(nx, ny, 1, [&](uint32_t i, uint32_t j) {
        return solid && solid(i, j) ? kObstacleColour : map(values[i + j * size_t(nx)]);
    });
    return {std::move(image), [map, low, high, label](Picture& p) { drawColourBar(p, map, low, high, label); }};
}

Figure velocityFigure(const std::vector<float>& velocity, uint32_t nx, uint32_t ny, const SolidMask& solid) {
    const float top = largestMagnitude(cellSpeeds(velocity));
    const VelocityColour colour = [top](double u, double v) {
        return directional(float(std::atan2(v, u)), std::sqrt(float(std::hypot(u, v) / top)));
    };
    Picture image = draw(nx, ny, 1, [&](uint32_t i, uint32_t j) {
        const size_t c = i + j * size_t(nx);
        return solid && solid(i, j) ? kObstacleColour : colour(velocity[c * 2], velocity[c * 2 + 1]);
    });
    return {std::move(image), [colour, top](Picture& p) { drawVelocityKey(p, colour, top, "velocity"); }};
}

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

namespace {

Picture withLegend(const Figure& figure, PictureSize size, PictureFilter filter) {
    const bool asIs = size.width == figure.image.width && size.height == figure.image.height;
    Picture p = asIs ? figure.image : resample(figure.image, size.width, size.height, filter);
    if (figure.legend) figure.legend(p);
    return p;
}

} // namespace

PictureSize frameSize(const PictureStyle& style, uint32_t finestWidth, uint32_t finestHeight) {
    const uint32_t gridLongSide = std::max(finestWidth, finestHeight);
    const uint32_t requested = style.longSide ? style.longSide : style.pixelsPerCell * gridLongSide;
    return sizeForLongSide(finestWidth, finestHeight, pictureLongSide(requested, gridLongSide));
}

uint32_t sheetTileLongSide(uint32_t longSide) { return std::min(longSide, std::max(256u, longSide / 2)); }

namespace {

// `p` scaled by `factor` (at least 1 pixel a side): the same aspect, give or take a pixel's rounding.
PictureSize scaled(const Picture& p, double factor) {
    return {std::max(1u, uint32_t(std::lround(p.width * factor))), std::max(1u, uint32_t(std::lround(p.height * factor)))};
}

} // namespace

FramePictures composeFrame(const std::vector<NamedFigure>& figures, const PictureStyle& style, const std::string& heading) {
    FramePictures frame;
    if (figures.empty()) return frame;
    // The finest grid among the grid figures sets the automatic long side.
    const Picture* finest = nullptr;
    for (const NamedFigure& f : figures)
        if (!f.figure.finished && (!finest || size_t(f.figure.image.width) * f.figure.image.height > size_t(finest->width) * finest->height))
            finest = &f.figure.image;
    uint32_t gridLongSide = 0;
    if (finest) {
        const PictureSize size = frameSize(style, finest->width, finest->height);
        gridLongSide = std::max(size.width, size.height);
    }

    // Each view's size before its legend: its own aspect, never another view's.
    std::vector<PictureSize> sizes;
    for (const NamedFigure& f : figures) {
        const Picture& image = f.figure.image;
        if (!f.figure.finished) sizes.push_back(sizeForLongSide(image.width, image.height, gridLongSide));
        else if (style.longSide) sizes.push_back(sizeForLongSide(image.width, image.height, style.longSide));
        else sizes.push_back({image.width, image.height});
    }
    uint32_t largest = 1;
    for (const PictureSize& size : sizes) largest = std::max({largest, size.width, size.height});
    const double tileFactor = double(sheetTileLongSide(largest)) / largest;

    std::vector<SheetTile> tiles;
    for (size_t k = 0; k < figures.size(); ++k) {
        const Figure& figure = figures[k].figure;
        const Picture view{sizes[k].width, sizes[k].height, {}};  // only its size is read
        frame.views.push_back(withLegend(figure, sizes[k], style.filter));
        if (style.contactSheet) tiles.push_back({figures[k].name, withLegend(figure, scaled(view, tileFactor), style.filter)});
    }
    if (style.contactSheet) frame.sheet = contactSheet(heading, tiles);
    return frame;
}

} // namespace billow::scene
