// Smooth random heights for water scenes (terrain noise, the hardness's variation): value noise,
// random values on a square lattice of `wavelength` blended with smoothstep weights, summed over
// octaves of half the wavelength and half the amplitude each, and normalised so the sum stays
// within +-amplitude. The same seed gives the same terrain on every machine and at every grid
// size (the noise is a function of position in metres, not of cells).
#pragma once

#include <cmath>
#include <cstdint>

namespace billow::scene {

struct SmoothNoise {
    float amplitude = 0.0f;   // m (hardness: units of hardness)
    float wavelength = 1.0f;  // m, the first octave's lattice spacing
    uint32_t seed = 0;
    uint32_t octaves = 3;     // 1..8

    float at(float x, float y) const {
        double sum = 0.0, weight = 1.0, total = 0.0, spacing = wavelength;
        for (uint32_t o = 0; o < octaves; ++o) {
            sum += weight * octave(x / spacing, y / spacing, o);
            total += weight;
            weight *= 0.5;
            spacing *= 0.5;
        }
        return static_cast<float>(amplitude * sum / total);
    }

private:
    // A random value in [-1, 1] per lattice point (an integer hash of the point, seed and octave).
    double lattice(int64_t i, int64_t j, uint32_t o) const {
        uint64_t h = uint64_t(i) * 0x9E3779B97F4A7C15ull ^ uint64_t(j) * 0xC2B2AE3D27D4EB4Full ^
                     (uint64_t(seed) << 32 | o) * 0x165667B19E3779F9ull;
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 29;
        return double(h >> 11) / double(1ull << 53) * 2.0 - 1.0;
    }
    double octave(double u, double v, uint32_t o) const {
        const double fu = std::floor(u), fv = std::floor(v);
        const auto i = static_cast<int64_t>(fu), j = static_cast<int64_t>(fv);
        auto smooth = [](double t) { return t * t * (3.0 - 2.0 * t); };
        const double a = smooth(u - fu), b = smooth(v - fv);
        const double bottom = lattice(i, j, o) + a * (lattice(i + 1, j, o) - lattice(i, j, o));
        const double top = lattice(i, j + 1, o) + a * (lattice(i + 1, j + 1, o) - lattice(i, j + 1, o));
        return bottom + b * (top - bottom);
    }
};

} // namespace billow::scene
