// Billow's axes to a file's axes (internal to billow_vdb): the index, vector and box mapping of
// UpAxis (vdb_writer.hpp). With UpAxis::Z the frame is turned +90 degrees about x, (x, y, z) ->
// (x, -z, y), a rotation (determinant +1), so the file's frame stays right-handed; the index
// mapping follows from it with the file's indices kept non-negative.
#pragma once

#include <array>
#include <cstdint>

#include "vdb_writer.hpp"

namespace billow::vdb::detail {

struct FileAxes {
    UpAxis up = UpAxis::Y;
    uint32_t nx = 0, ny = 0, nz = 0;  // Billow's cell counts

    // The file's voxel of Billow's cell (i, j, k).
    std::array<int32_t, 3> index(uint32_t i, uint32_t j, uint32_t k) const {
        if (up == UpAxis::Y) return {int32_t(i), int32_t(j), int32_t(k)};
        return {int32_t(i), int32_t(nz - 1 - k), int32_t(j)};
    }
    // A vector (velocity, a displacement) in the file's axes.
    template <typename T>
    std::array<T, 3> vector(T x, T y, T z) const {
        if (up == UpAxis::Y) return {x, y, z};
        return {x, -z, y};
    }
    // The voxel counts along the file's axes.
    std::array<uint32_t, 3> counts() const {
        if (up == UpAxis::Y) return {nx, ny, nz};
        return {nx, nz, ny};
    }
    // The file's minimum corner of the box [origin, origin + n h] given in Billow's axes, m.
    std::array<double, 3> minCorner(const std::array<double, 3>& origin, double h) const {
        if (up == UpAxis::Y) return origin;
        return {origin[0], -(origin[2] + double(nz) * h), origin[1]};
    }
};

inline FileAxes fileAxesOf(const VolumeFrame& frame) { return {frame.upAxis, frame.nx, frame.ny, frame.nz}; }

} // namespace billow::vdb::detail
