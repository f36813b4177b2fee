// The grid size of any solver's "grid" section, after --scale/--size (the domain in metres stays
// the same, the number of cells changes).
#pragma once

#include <cstdint>
#include <string>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"

namespace billow::scene::detail {

inline constexpr uint32_t kMaxCellsPerAxis = 16384;
// The scene runner's bound on the cells of one grid (4096 x 4096; the dye grid may have 4 times
// as many): the library allows 16384 per axis, but a 16384 x 16384 smoke grid needs tens of GB,
// and a typo should get an error, not an out-of-memory kill.
inline constexpr uint64_t kMaxCells = uint64_t(4096) * 4096;
// Cells from a micrometre to a thousand kilometres: every length, area and brush reach the
// runner derives from them (domain size, rain brush 100 times the domain) stays a normal float.
inline constexpr double kMinCellSize = 1e-6, kMaxCellSize = 1e6;  // m

// `cells` times `factor`, rounded, at least 2 (at most kMaxCellsPerAxis + 1, so a result past the
// bound can still be reported).
uint32_t scaledCells(uint32_t cells, double factor);
// SceneError keyed `key` when nx * ny > most ("the <what> of NX x NY cells exceeds ...").
void requireCellCount(uint64_t nx, uint64_t ny, uint64_t most, const std::string& key, const char* what);

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
