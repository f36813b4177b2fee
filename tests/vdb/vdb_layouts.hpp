// The two layouts a VolumeFrame holds (vdb_writer.hpp), for the export's tests to run on both: the
// whole box (a SmokeSolver3D's) and bricks (a SparseSmokeSolver3D's). A hand-made box frame is
// turned into bricks covering its whole brick grid, listed in reverse order (the writer must not
// rely on the order), the cells of last bricks beyond the domain filled with values the writer
// must ignore; both must give the same file.
#pragma once

#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vdb_writer.hpp"

namespace billow::test {

enum class FrameLayout { Box, Bricks };

inline std::string layoutName(const ::testing::TestParamInfo<FrameLayout>& info) {
    return info.param == FrameLayout::Box ? "Box" : "Bricks";
}

// `box` (bricks empty) in `layout`.
inline vdb::VolumeFrame inLayout(const vdb::VolumeFrame& box, FrameLayout layout) {
    if (layout == FrameLayout::Box) return box;
    vdb::VolumeFrame out = box;
    const uint32_t grid[3] = {(box.nx + 7) / 8, (box.ny + 7) / 8, (box.nz + 7) / 8};
    out.bricks.clear();
    for (uint32_t z = grid[2]; z-- > 0;)
        for (uint32_t y = grid[1]; y-- > 0;)
            for (uint32_t x = grid[0]; x-- > 0;) out.bricks.push_back({x, y, z});
    auto convert = [&](const std::vector<float>& values, size_t perCell) {
        if (values.empty()) return values;
        std::vector<float> bricks;
        bricks.reserve(out.bricks.size() * 512 * perCell);
        for (const auto& b : out.bricks)
            for (uint32_t z = 0; z < 8; ++z)
                for (uint32_t y = 0; y < 8; ++y)
                    for (uint32_t x = 0; x < 8; ++x) {
                        const uint32_t i = 8 * b[0] + x, j = 8 * b[1] + y, k = 8 * b[2] + z;
                        const bool inside = i < box.nx && j < box.ny && k < box.nz;
                        const size_t c = i + size_t(box.nx) * (j + size_t(box.ny) * k);
                        // Beyond the domain: a value that would be active everywhere if written.
                        for (size_t m = 0; m < perCell; ++m) bricks.push_back(inside ? values[c * perCell + m] : 1e3f);
                    }
        return bricks;
    };
    out.density = convert(box.density, 1);
    out.temperature = convert(box.temperature, 1);
    out.fuel = convert(box.fuel, 1);
    out.velocityX = convert(box.velocityX, 1);
    out.velocityY = convert(box.velocityY, 1);
    out.velocityZ = convert(box.velocityZ, 1);
    out.solid = convert(box.solid, 1);
    out.colour = convert(box.colour, 4);
    return out;
}

} // namespace billow::test
