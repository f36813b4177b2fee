#include "smoke3d/content_frame.hpp"

#include <algorithm>
#include <cmath>

namespace billow::scene {

void ContentFrame::includeBox(const std::array<float, 3>& lo, const std::array<float, 3>& hi) {
    for (int a = 0; a < 3; ++a) {
        lo_[a] = empty_ ? lo[a] : std::min(lo_[a], lo[a]);
        hi_[a] = empty_ ? hi[a] : std::max(hi_[a], hi[a]);
    }
    empty_ = false;
}

void ContentFrame::include(const SmokeSettings3D& s, const std::vector<float>& density, const std::vector<float>& temperature,
                           const std::vector<float>& fuel) {
    const float h = s.cellSize;
    int lo[3] = {int(s.nx), int(s.ny), int(s.nz)}, hi[3] = {-1, -1, -1};
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                const size_t c = i + size_t(s.nx) * (j + size_t(s.ny) * k);
                const bool content = density[c] > 1e-3f || (!fuel.empty() && fuel[c] > 1e-3f) ||
                                     std::abs(temperature[c] - s.ambientTemperature) > 5.0f;
                if (!content) continue;
                const int cell[3] = {int(i), int(j), int(k)};
                for (int a = 0; a < 3; ++a) {
                    lo[a] = std::min(lo[a], cell[a]);
                    hi[a] = std::max(hi[a], cell[a]);
                }
            }
    if (hi[0] < 0) return;
    includeBox({lo[0] * h, lo[1] * h, lo[2] * h}, {(hi[0] + 1) * h, (hi[1] + 1) * h, (hi[2] + 1) * h});
}

OrbitCamera ContentFrame::framed(const SmokeSettings3D& s, const OrbitCamera& base, float aspect) const {
    if (empty_) return base;
    const double h = s.cellSize;
    const double extent[3] = {s.nx * h, s.ny * h, s.nz * h};
    const double diagonal = std::sqrt(extent[0] * extent[0] + extent[1] * extent[1] + extent[2] * extent[2]);
    OrbitCamera camera = base;
    double radius2 = 0.0;
    for (int a = 0; a < 3; ++a) {
        const double centre = 0.5 * (double(lo_[a]) + hi_[a]);
        camera.target[a] = float(centre / extent[a]);
        const double half = std::max(0.5 * (double(hi_[a]) - lo_[a]), 4.0 * h);
        radius2 += half * half;
    }
    // The sphere around the box seen within the narrower of the two fields of view.
    constexpr double kRadians = 3.14159265358979323846 / 180.0;
    const double halfVertical = 0.5 * base.fovDegrees * kRadians;
    const double halfHorizontal = std::atan(aspect * std::tan(halfVertical));
    const double distance = 1.1 * std::sqrt(radius2) / std::sin(std::min(halfVertical, halfHorizontal));
    camera.distance = float(std::clamp(distance / diagonal, 1e-3, 1000.0));
    return camera;
}

} // namespace billow::scene
