// NumPy .npy files (format 1.0): float32, little-endian, C order. 2D fields are stored as
// (rows, columns) = (ny, nx) with row 0 at the BOTTOM of the domain (y up, as in the solver);
// the dye is (dyeNy, dyeNx, 4). numpy.load reads them as they are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace billow::scene {

struct NpyArray {
    std::vector<uint64_t> shape;
    std::vector<float> values;  // C order
};

// Throws std::runtime_error when the file cannot be written.
void writeNpy(const std::string& path, const std::vector<uint64_t>& shape, const std::vector<float>& values);
// Reads '<f4' (or '<f8', converted) C-order arrays. Throws std::runtime_error saying what is wrong.
NpyArray readNpy(const std::string& path);
// "(23, 37)" for messages.
std::string shapeText(const std::vector<uint64_t>& shape);

} // namespace billow::scene
