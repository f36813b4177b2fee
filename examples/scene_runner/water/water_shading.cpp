#include "water/water_shading.hpp"

#include <algorithm>
#include <cmath>

namespace billow::scene {
namespace {

struct Rgb { float r, g, b; };
Rgb mix(Rgb a, Rgb b, float t) { return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t}; }

// Low ground green, high ground brown to grey.
Rgb terrainColour(float t01) {
    const Rgb low{0.35f, 0.55f, 0.25f}, mid{0.55f, 0.45f, 0.30f}, high{0.75f, 0.73f, 0.70f};
    return t01 < 0.5f ? mix(low, mid, t01 * 2.0f) : mix(mid, high, (t01 - 0.5f) * 2.0f);
}

} // namespace

Picture renderWater(const WaterFrame& f, uint32_t scale) {
    const std::vector<float>& terrain = *f.terrain;
    const std::vector<float>& depth = *f.depth;
    auto [lowIt, highIt] = std::minmax_element(terrain.begin(), terrain.end());
    const float low = *lowIt, range = std::max(*highIt - low, 1e-6f);
    auto at = [&](const std::vector<float>& v, int i, int j) {
        i = std::clamp(i, 0, int(f.nx) - 1);
        j = std::clamp(j, 0, int(f.ny) - 1);
        return v[i + j * f.nx];
    };
    std::vector<Rgb> cells(size_t(f.nx) * f.ny);
    for (int j = 0; j < int(f.ny); ++j)
        for (int i = 0; i < int(f.nx); ++i) {
            // Hill shading of the surface (terrain + water) lit from the upper left.
            auto surface = [&](int a, int b) { return at(terrain, a, b) + at(depth, a, b); };
            const float dx = (surface(i + 1, j) - surface(i - 1, j)) / (2.0f * f.cellSize);
            const float dy = (surface(i, j + 1) - surface(i, j - 1)) / (2.0f * f.cellSize);
            const float norm = std::sqrt(dx * dx + dy * dy + 1.0f);
            const float light = std::clamp((dx * 0.6f - dy * 0.6f + 1.0f) / norm * 0.75f + 0.25f, 0.15f, 1.2f);
            Rgb c = terrainColour((at(terrain, i, j) - low) / range);
            const float d = at(depth, i, j);
            if (d > 1e-3f) {
                const float cover = 1.0f - std::exp(-d / 0.5f);
                c = mix(c, mix(Rgb{0.35f, 0.65f, 0.85f}, Rgb{0.05f, 0.18f, 0.45f}, 1.0f - std::exp(-d / 4.0f)),
                        0.35f + 0.6f * cover);
                if (f.dye) c = mix(c, Rgb{1.0f, 1.0f, 1.0f}, std::clamp(at(*f.dye, i, j), 0.0f, 1.0f) * 0.8f);
            }
            cells[i + j * f.nx] = {c.r * light, c.g * light, c.b * light};
            // A non-finite height or depth here (light, or the colour, would hide it as black).
            const float own = at(terrain, i, j) + at(depth, i, j);
            if (!std::isfinite(own) || (f.dye && std::isnan(at(*f.dye, i, j)))) cells[i + j * f.nx] = {NAN, NAN, NAN};
        }
    return draw(f.nx, f.ny, scale, [&](uint32_t i, uint32_t j) {
        const Rgb& c = cells[i + j * f.nx];
        if (std::isnan(c.r) || std::isnan(c.g) || std::isnan(c.b)) return kNonFiniteColour;
        return Rgb8{toByte(c.r), toByte(c.g), toByte(c.b)};
    });
}

} // namespace billow::scene
