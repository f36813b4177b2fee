#include "common/grid_reader.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

namespace billow::scene::detail {

uint32_t scaledCells(uint32_t cells, double factor) {
    // Rounded and bounded in double: a --size far beyond the grid must not overflow the conversion.
    const double scaled = std::clamp(std::round(cells * factor), 2.0, double(kMaxCellsPerAxis) + 1.0);
    return static_cast<uint32_t>(scaled);
}

void requireCellCount(uint64_t nx, uint64_t ny, uint64_t most, const std::string& key, const char* what) {
    if (nx * ny > most)
        throw SceneError(key, std::string("the ") + what + " of " + std::to_string(nx) + " x " + std::to_string(ny) +
                                  " cells exceeds the scene runner's " + std::to_string(most) +
                                  " cells (use --scale or --size for a smaller run)");
}

GridSize readGridSize(ObjectReader& r, const LoadOptions& options, uint32_t defaultCells) {
    const uint32_t nx = r.integer("nx", defaultCells, 2, kMaxCellsPerAxis);
    const uint32_t ny = r.integer("ny", defaultCells, 2, kMaxCellsPerAxis);
    if (r.has("cellSize") && r.has("width"))
        throw SceneError(r.keyPath("width"), "give either cellSize or width (the domain width), not both");
    double cellSize = 1.0 / nx;
    std::string sizeKey = r.keyPath("cellSize");
    if (r.has("cellSize")) cellSize = r.real("cellSize", 1.0f, Range::positive());
    if (r.has("width")) {
        sizeKey = r.keyPath("width");
        cellSize = r.real("width", 1.0f, Range::positive()) / nx;
    }
    // Scaling keeps the domain and changes the number of cells.
    GridSize g;
    g.fileNx = nx;
    g.fileNy = ny;
    const double factor = options.size ? double(options.size) / nx : options.scale;
    g.nx = scaledCells(nx, factor);
    g.ny = scaledCells(ny, factor);
    if (g.nx > kMaxCellsPerAxis || g.ny > kMaxCellsPerAxis)
        throw SceneError(options.size ? "--size" : "--scale",
                         "the scaled grid exceeds " + std::to_string(kMaxCellsPerAxis) + " cells per axis");
    const std::string gridKey = options.size ? "--size" : options.scale != 1.0 ? "--scale" : r.path();
    requireCellCount(g.nx, g.ny, kMaxCells, gridKey, "grid");
    // The cell (and the domain, nx cells of it) must be a normal 32-bit float: the solver works in float.
    const double h = cellSize * nx / g.nx;
    if (!(h >= kMinCellSize && h <= kMaxCellSize))
        throw SceneError(sizeKey, "gives cells of " + std::to_string(h) + " m (after scaling); expected cells of 1e-6 to 1e6 m");
    g.cellSize = static_cast<float>(h);
    return g;
}

} // namespace billow::scene::detail
