// One picture frame made from the views' figures: each figure resized to the run's picture size
// with its legend below, and the contact sheet of all of them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/figure.hpp"
#include "common/picture_resample.hpp"

namespace billow::scene {

struct PictureStyle {
    uint32_t longSide = 0;       // pixels on the long side; 0 = automatic (pictureLongSide)
    uint32_t pixelsPerCell = 0;  // when longSide is 0 and this is not: this many pixels per grid sample
    PictureFilter filter = PictureFilter::Bicubic;
    bool contactSheet = true;
};

struct NamedFigure {
    std::string name;
    Figure figure;
};

struct FramePictures {
    std::vector<Picture> views;  // in the order of the figures
    Picture sheet;               // empty (0 x 0) when the style asks for none
};

// Every picture of a frame is the same size: the long side from `style` (the finest figure's grid
// decides the automatic size and the aspect), so views line up with each other and on the sheet.
FramePictures composeFrame(const std::vector<NamedFigure>& figures, const PictureStyle& style, const std::string& heading);

// The size of every view's picture in a frame whose finest figure is width x height samples (the
// legends add rows below it).
PictureSize frameSize(const PictureStyle& style, uint32_t finestWidth, uint32_t finestHeight);

// The long side of a contact-sheet tile for pictures `longSide` pixels long: half of it, but not
// under 256 pixels (or the picture itself, when that is smaller).
uint32_t sheetTileLongSide(uint32_t longSide);

} // namespace billow::scene
