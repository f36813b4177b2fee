// One picture frame made from the views' figures: each figure resized to the run's picture size
// at its own aspect (never stretched) with its legend below, and the contact sheet of all of them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/legends.hpp"
#include "common/pictures.hpp"

namespace billow::scene {

// A view as a solver draws it: the picture at the view's own grid (one pixel per sample) and the
// legend that says what its colours mean. The output writer resizes the picture to the run's
// picture size and draws the legend below it, once for the full picture and once for its
// contact-sheet tile, so solvers never deal with picture sizes. A finished figure (3D renders and
// slices, drawn at the size the scene asks for, legend included) is written at its own size.
struct Figure {
    Picture image;                          // one pixel per grid sample, first row at the top
    std::function<void(Picture&)> legend;   // appends a colour bar or key below a picture; empty: none
    bool finished = false;                  // `image` is the picture itself, at its own size
};

// Figures of cell-centred fields, shared by every solver's views: a scalar with its colour bar,
// and a velocity field as hue (direction) and brightness (speed) with its colour-wheel key.

// Obstacles are drawn in this grey in every view.
constexpr Rgb8 kObstacleColour = {115, 115, 115};
// Whether cell (i, j) is drawn as an obstacle instead of its value; empty: no obstacles.
using SolidMask = std::function<bool(uint32_t i, uint32_t j)>;

// nx x ny cell values (index i + j * nx) coloured by `map`, with a bar from `low` to `high`
// labelled `label` (name and unit).
Figure scalarFigure(const std::vector<float>& values, uint32_t nx, uint32_t ny, const ColourMap& map, double low, double high,
                    const std::string& label, const SolidMask& solid = {});

// Cell velocities, (u, v) interleaved per cell, m/s: hue = direction, brightness = the square
// root of speed / the frame's largest speed; the key shows that speed at its rim.
Figure velocityFigure(const std::vector<float>& velocity, uint32_t nx, uint32_t ny, const SolidMask& solid = {});

// A contact sheet: every view of one picture frame tiled on one page, each under its title, with
// a heading (scene, frame and time) above them, so a frame can be judged at a glance.
struct SheetTile {
    std::string title;
    Picture picture;
};

// Tiles left to right, top to bottom, in as many columns as make the sheet closest to square;
// each tile is centred in a cell as wide and tall as the largest tile (padded, never scaled).
Picture contactSheet(const std::string& heading, const std::vector<SheetTile>& tiles);

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

// Every view keeps its own aspect: a grid figure is resized so that its long side is the frame's
// (from `style`; the finest grid figure decides the automatic size), a finished figure is written
// as it is, or scaled uniformly to `style.longSide` when a size was asked for. Views of different
// shapes (a 320 x 457 render beside 512 x 419 slices) are never stretched to one size. The sheet
// shows every view scaled by one factor (its largest view's long side to sheetTileLongSide), so
// their sizes compare as in the files, each padded to the sheet's cell.
FramePictures composeFrame(const std::vector<NamedFigure>& figures, const PictureStyle& style, const std::string& heading);

// The size of the picture of the finest grid figure of a frame, width x height samples (the
// legends add rows below it); its long side is every grid figure's long side.
PictureSize frameSize(const PictureStyle& style, uint32_t finestWidth, uint32_t finestHeight);

// The long side of a contact-sheet tile for pictures `longSide` pixels long: half of it, but not
// under 256 pixels (or the picture itself, when that is smaller).
uint32_t sheetTileLongSide(uint32_t longSide);

} // namespace billow::scene
