// The field sizes and indices of a staggered (MAC) grid of nx x ny cells, host side: cells
// nx * ny, x-faces (nx+1) * ny, y-faces nx * (ny+1), nodes (nx+1) * (ny+1), each stored row by
// row. shaders/common/mac_index.glsl is the kernels' side of the same layout.
#pragma once

#include <cstddef>
#include <cstdint>

namespace billow::detail {

// Largest number of cells along an axis that any solver accepts.
inline constexpr uint32_t kMaxCellsPerAxis = 16384;

struct MacGrid {
    uint32_t nx = 0, ny = 0;

    size_t cells() const noexcept { return size_t(nx) * ny; }
    size_t xFaces() const noexcept { return size_t(nx + 1) * ny; }
    size_t yFaces() const noexcept { return size_t(nx) * (ny + 1); }
    size_t nodes() const noexcept { return size_t(nx + 1) * (ny + 1); }

    size_t cellIndex(size_t i, size_t j) const noexcept { return i + j * nx; }
    size_t xFaceIndex(size_t i, size_t j) const noexcept { return i + j * (nx + 1); }
    size_t yFaceIndex(size_t i, size_t j) const noexcept { return i + j * nx; }
    size_t nodeIndex(size_t i, size_t j) const noexcept { return i + j * (nx + 1); }
};

} // namespace billow::detail
