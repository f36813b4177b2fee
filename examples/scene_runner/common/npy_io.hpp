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
// What readNpy accepts: a header of at most 64 KiB, dimensions of at most 2^31 and 2^28 values in
// all (1 GiB of float32); and never more values than the file holds after its header.
inline constexpr uint64_t kMaxNpyHeader = 65536;
inline constexpr uint64_t kMaxNpyDimension = uint64_t(1) << 31;
inline constexpr uint64_t kMaxNpyValues = uint64_t(1) << 28;

// Reads '<f4' (or '<f8', converted) C-order arrays, format versions 1 to 3. Throws
// std::runtime_error saying what is wrong (truncated, oversized, another dtype...).
NpyArray readNpy(const std::string& path);
// "(23, 37)" for messages.
std::string shapeText(const std::vector<uint64_t>& shape);

} // namespace billow::scene
