// Minimal .npy reading and writing of 2-D little-endian float32 arrays (row-major, shape
// (rows, columns)), enough for terrain input and field dumps.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace eddy::demo {

struct Grid2D {
    uint32_t rows = 0, columns = 0;
    std::vector<float> values;  // rows * columns, row-major
};

void writeNpy(const std::string& path, uint32_t rows, uint32_t columns, const std::vector<float>& values);
// Accepts '<f4' and '<f8' (converted), C order, 2 dimensions. Throws std::runtime_error.
Grid2D readNpy(const std::string& path);

} // namespace eddy::demo
