// A contact sheet: every view of one picture frame tiled on one page, each under its title, with
// a heading (scene, frame and time) above them, so a frame can be judged at a glance.
#pragma once

#include <string>
#include <vector>

#include "common/picture.hpp"

namespace billow::scene {

struct SheetTile {
    std::string title;
    Picture picture;
};

// Tiles left to right, top to bottom, in as many columns as make the sheet closest to square;
// each tile is centred in a cell as wide and tall as the largest tile.
Picture contactSheet(const std::string& heading, const std::vector<SheetTile>& tiles);

} // namespace billow::scene
