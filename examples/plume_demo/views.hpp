// Pictures of the solver's fields for people debugging a fluid (seed 003): dye, signed fields
// (vorticity, pressure, divergence) in a blue-white-red map, and speed in a dark-to-yellow map.
// Every picture is RGB, 8 bits per channel, first row at the top (+y up in the domain).
#pragma once

#include <cstdint>
#include <vector>

namespace eddy::demo {

struct Picture {
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> rgb;
};

// Dye over a dark background with obstacles (solid fraction on the nx x ny grid) in grey.
Picture dyePicture(const std::vector<float>& dye, uint32_t dyeNx, uint32_t dyeNy, const std::vector<float>& solid,
                   uint32_t nx, uint32_t ny);
// A signed field on a width x height grid: negative blue, positive red, scaled to its largest |value|.
Picture signedPicture(const std::vector<float>& values, uint32_t width, uint32_t height);
// Speed at cell centres from the staggered velocity (u: (nx+1) x ny, v: nx x (ny+1)).
Picture speedPicture(const std::vector<float>& u, const std::vector<float>& v, uint32_t nx, uint32_t ny);

} // namespace eddy::demo
