// Writes 8-bit RGB PNG files with libpng.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace eddy::demo {

// `rgb` holds width*height*3 bytes, first row at the top of the picture.
void writePng(const std::string& path, uint32_t width, uint32_t height, const std::vector<uint8_t>& rgb);

} // namespace eddy::demo
