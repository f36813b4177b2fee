// Where a VolumeFrame's values lie (internal to billow_vdb): the whole box, value c the cell
// (c mod nx, c / nx mod ny, c / (nx ny)), or the listed bricks of a sparse grid, value
// b * 512 + x + 8 (y + 8 z) the cell 8 bricks[b] + (x, y, z). The grids, their checks and the
// velocity's neighbourhood walk the cells through it, so a dense and a sparse frame are written
// by the same rules.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "vdb_writer.hpp"

namespace billow::vdb::detail {

class CellLayout {
public:
    static constexpr uint32_t kBrick = 8;
    static constexpr size_t kBrickCells = size_t(kBrick) * kBrick * kBrick;

    explicit CellLayout(const VolumeFrame& frame) : frame_(frame) {
        for (size_t b = 0; b < frame.bricks.size(); ++b) brickIndex_.emplace(frame.bricks[b], b);
    }

    bool bricks() const { return !frame_.bricks.empty(); }
    // Values each field holds.
    size_t values() const { return bricks() ? frame_.bricks.size() * kBrickCells : size_t(frame_.nx) * frame_.ny * frame_.nz; }
    // Billow's cell of value c (beyond the domain for the cells of a last brick that stick out).
    std::array<uint32_t, 3> cellOf(size_t c) const {
        if (!bricks()) return {uint32_t(c % frame_.nx), uint32_t(c / frame_.nx % frame_.ny), uint32_t(c / frame_.nx / frame_.ny)};
        const std::array<uint32_t, 3>& b = frame_.bricks[c / kBrickCells];
        const size_t l = c % kBrickCells;
        return {b[0] * kBrick + uint32_t(l % kBrick), b[1] * kBrick + uint32_t(l / kBrick % kBrick), b[2] * kBrick + uint32_t(l / (kBrick * kBrick))};
    }
    bool inside(const std::array<uint32_t, 3>& cell) const { return cell[0] < frame_.nx && cell[1] < frame_.ny && cell[2] < frame_.nz; }
    // The value of Billow's cell, or -1 where the frame has none (outside the domain or its bricks).
    int64_t indexOf(int64_t i, int64_t j, int64_t k) const {
        if (i < 0 || j < 0 || k < 0 || i >= frame_.nx || j >= frame_.ny || k >= frame_.nz) return -1;
        if (!bricks()) return i + int64_t(frame_.nx) * (j + int64_t(frame_.ny) * k);
        const auto found = brickIndex_.find({uint32_t(i / kBrick), uint32_t(j / kBrick), uint32_t(k / kBrick)});
        if (found == brickIndex_.end()) return -1;
        return int64_t(found->second * kBrickCells) + i % kBrick + kBrick * (j % kBrick + kBrick * (k % kBrick));
    }
    // visit(cell, value index) for every cell of the domain the frame has a value for, x fastest
    // within a brick or the box.
    template <typename Visit>
    void forEachCell(Visit&& visit) const {
        const size_t n = values();
        for (size_t c = 0; c < n; ++c) {
            const std::array<uint32_t, 3> cell = cellOf(c);
            if (inside(cell)) visit(cell, c);
        }
    }

private:
    struct BrickHash {
        size_t operator()(const std::array<uint32_t, 3>& b) const {
            return std::hash<uint64_t>()((uint64_t(b[0]) * 0x9E3779B97F4A7C15ull) ^ (uint64_t(b[1]) << 32 | b[2]));
        }
    };
    const VolumeFrame& frame_;
    std::unordered_map<std::array<uint32_t, 3>, size_t, BrickHash> brickIndex_;
};

} // namespace billow::vdb::detail
