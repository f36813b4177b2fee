#include "common/grid_reader.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace billow::scene::detail {

uint32_t scaledCells(uint32_t cells, double factor) {
    return static_cast<uint32_t>(std::max(2.0, std::round(cells * factor)));
}

GridSize readGridSize(ObjectReader& r, const LoadOptions& options, uint32_t defaultCells) {
    const uint32_t nx = r.integer("nx", defaultCells, 2, kMaxCellsPerAxis);
    const uint32_t ny = r.integer("ny", defaultCells, 2, kMaxCellsPerAxis);
    if (r.has("cellSize") && r.has("width"))
        throw SceneError(r.keyPath("width"), "give either cellSize or width (the domain width), not both");
    double cellSize = 1.0 / nx;
    if (r.has("cellSize")) cellSize = r.number("cellSize", cellSize, Range::positive());
    if (r.has("width")) cellSize = r.number("width", 1.0, Range::positive()) / nx;
    // Scaling keeps the domain and changes the number of cells.
    GridSize g;
    g.fileNx = nx;
    g.fileNy = ny;
    const double factor = options.size ? double(options.size) / nx : options.scale;
    g.nx = scaledCells(nx, factor);
    g.ny = scaledCells(ny, factor);
    if (g.nx > kMaxCellsPerAxis || g.ny > kMaxCellsPerAxis)
        throw SceneError("--scale", "the scaled grid " + std::to_string(g.nx) + " x " + std::to_string(g.ny) +
                                        " exceeds " + std::to_string(kMaxCellsPerAxis) + " cells per axis");
    g.cellSize = static_cast<float>(cellSize * nx / g.nx);
    return g;
}

} // namespace billow::scene::detail
