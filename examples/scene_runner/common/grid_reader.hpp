// The grid size of any solver's "grid" section, after --scale/--size (the domain in metres stays
// the same, the number of cells changes).
#pragma once

#include <cstdint>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"

namespace billow::scene::detail {

inline constexpr uint32_t kMaxCellsPerAxis = 16384;

// `cells` times `factor`, rounded, at least 2.
uint32_t scaledCells(uint32_t cells, double factor);

struct GridSize {
    uint32_t nx = 0, ny = 0;  // after scaling
    float cellSize = 0.0f;    // m, after scaling
    uint32_t fileNx = 0, fileNy = 0;  // as the file gives them
};
// nx, ny and cellSize (or width) of a "grid" reader (nx and ny default to `defaultCells`). Leaves
// other keys of `grid` to the caller, which finishes the reader.
GridSize readGridSize(ObjectReader& grid, const LoadOptions& options, uint32_t defaultCells = 128);

// The "grid" section into any solver's settings with nx, ny and cellSize. `readMore(grid)` reads
// the solver's own grid keys, if it has any, before the reader is finished.
template <typename Settings, typename ReadMore>
GridSize readGridSection(ObjectReader& top, const LoadOptions& options, Settings& s, const ReadMore& readMore,
                         uint32_t defaultCells = 128) {
    ObjectReader r = top.objectOrEmpty("grid");
    const GridSize g = readGridSize(r, options, defaultCells);
    readMore(r);
    r.finish();
    s.nx = g.nx;
    s.ny = g.ny;
    s.cellSize = g.cellSize;
    return g;
}
template <typename Settings>
GridSize readGridSection(ObjectReader& top, const LoadOptions& options, Settings& s) {
    return readGridSection(top, options, s, [](ObjectReader&) {});
}

} // namespace billow::scene::detail
