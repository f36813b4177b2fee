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

namespace billow::detail {

// The 3D staggered grid of nx x ny x nz cells, host side (shaders/common/grid3d.glsl is the
// kernels' side): x fastest, then y, then z; faces normal to an axis have one more layer along it.
struct MacGrid3D {
    uint32_t nx = 0, ny = 0, nz = 0;

    size_t cells() const noexcept { return size_t(nx) * ny * nz; }
    size_t xFaces() const noexcept { return size_t(nx + 1) * ny * nz; }
    size_t yFaces() const noexcept { return size_t(nx) * (ny + 1) * nz; }
    size_t zFaces() const noexcept { return size_t(nx) * ny * (nz + 1); }
    size_t faces(int axis) const noexcept { return axis == 0 ? xFaces() : axis == 1 ? yFaces() : zFaces(); }

    size_t cellIndex(size_t i, size_t j, size_t k) const noexcept { return i + nx * (j + size_t(ny) * k); }
    size_t xFaceIndex(size_t i, size_t j, size_t k) const noexcept { return i + (nx + 1) * (j + size_t(ny) * k); }
    size_t yFaceIndex(size_t i, size_t j, size_t k) const noexcept { return i + nx * (j + size_t(ny + 1) * k); }
    size_t zFaceIndex(size_t i, size_t j, size_t k) const noexcept { return i + nx * (j + size_t(ny) * k); }
};

} // namespace billow::detail
