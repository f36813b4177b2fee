#include "common/frame_pictures.hpp"

#include <algorithm>

#include "common/contact_sheet.hpp"

namespace billow::scene {

namespace {

Picture withLegend(const Figure& figure, PictureSize size, PictureFilter filter) {
    Picture p = resample(figure.image, size.width, size.height, filter);
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

FramePictures composeFrame(const std::vector<NamedFigure>& figures, const PictureStyle& style, const std::string& heading) {
    FramePictures frame;
    if (figures.empty()) return frame;
    // The finest grid among the views sets the aspect and the automatic size.
    const Picture* finest = &figures.front().figure.image;
    for (const NamedFigure& f : figures)
        if (size_t(f.figure.image.width) * f.figure.image.height > size_t(finest->width) * finest->height) finest = &f.figure.image;
    const PictureSize size = frameSize(style, finest->width, finest->height);
    const uint32_t longSide = std::max(size.width, size.height);

    std::vector<SheetTile> tiles;
    const PictureSize tileSize = sizeForLongSide(finest->width, finest->height, sheetTileLongSide(longSide));
    for (const NamedFigure& f : figures) {
        frame.views.push_back(withLegend(f.figure, size, style.filter));
        if (style.contactSheet) tiles.push_back({f.name, withLegend(f.figure, tileSize, style.filter)});
    }
    if (style.contactSheet) frame.sheet = contactSheet(heading, tiles);
    return frame;
}

} // namespace billow::scene
