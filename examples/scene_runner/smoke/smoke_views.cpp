#include "smoke/smoke_views.hpp"

#include <algorithm>
#include <cmath>

#include "common/cell_velocity.hpp"
#include "common/colour_maps.hpp"

namespace billow::scene {

namespace {

constexpr Rgb8 kObstacle = {115, 115, 115};

float signedRamp(float x) { return std::copysign(std::sqrt(std::fabs(x)), x); }

} // namespace

Picture renderView(View view, FieldCache& fields) {
    const SmokeSettings& s = fields.settings();
    const uint32_t nx = s.nx, ny = s.ny, dnx = s.effectiveDyeNx(), dny = s.effectiveDyeNy();
    const uint32_t zoom = std::max(1u, (dnx + nx / 2) / nx);
    const auto& solid = fields.get(Field::Solid);
    auto isSolid = [&](uint32_t i, uint32_t j) { return solid[std::min(i, nx - 1) + std::min(j, ny - 1) * size_t(nx)] > 0.5f; };

    // A cell-centred scalar drawn with `map` after dividing by `scale`.
    auto cells = [&](const std::vector<float>& values, float offset, float scale, auto map) {
        return draw(nx, ny, zoom, [&](uint32_t i, uint32_t j) {
            return isSolid(i, j) ? kObstacle : map((values[i + j * size_t(nx)] - offset) / scale);
        });
    };
    switch (view) {
    case View::Dye: {
        const auto& dye = fields.get(Field::Dye);
        return draw(dnx, dny, 1, [&](uint32_t i, uint32_t j) -> Rgb8 {
            const float* c = &dye[(i + size_t(j) * dnx) * 4];
            if (!std::isfinite(c[0]) || !std::isfinite(c[1]) || !std::isfinite(c[2])) return kNonFiniteColour;
            const float sf = solid[(uint64_t(i) * nx / dnx) + (uint64_t(j) * ny / dny) * nx];
            Rgb8 out;
            // Dye is added light over a near-black background; obstacles blend in grey.
            for (int k = 0; k < 3; ++k) out[k] = toByte((1.0f - sf) * (0.02f + c[k]) + sf * kObstacle[k] / 255.0f);
            return out;
        });
    }
    case View::Velocity: {
        const auto& vel = fields.cellVelocity();
        const float top = largestMagnitude(vel) * 1.4142f;
        return draw(nx, ny, zoom, [&](uint32_t i, uint32_t j) {
            const float u = vel[(i + j * size_t(nx)) * 2], v = vel[(i + j * size_t(nx)) * 2 + 1];
            return isSolid(i, j) ? kObstacle : directional(std::atan2(v, u), std::sqrt(std::hypot(u, v) / top));
        });
    }
    case View::Speed: {
        const std::vector<float> speed = cellSpeeds(fields.cellVelocity());
        return cells(speed, 0.0f, largestMagnitude(speed), sequential);
    }
    case View::Vorticity: {
        const auto& curl = fields.get(Field::Curl);  // on grid nodes
        const float top = largestMagnitude(curl);
        return draw(nx + 1, ny + 1, zoom, [&](uint32_t i, uint32_t j) {
            return isSolid(i, j) ? kObstacle : diverging(signedRamp(curl[i + j * size_t(nx + 1)] / top));
        });
    }
    case View::Pressure:
    case View::Divergence: {
        const auto& values = fields.get(view == View::Pressure ? Field::Pressure : Field::Divergence);
        return cells(values, 0.0f, largestMagnitude(values), [](float x) { return diverging(signedRamp(x)); });
    }
    case View::Density: {
        const auto& density = fields.get(Field::Density);
        return cells(density, 0.0f, largestMagnitude(density), [](float x) { return sequential(std::sqrt(std::max(x, 0.0f))); });
    }
    case View::Temperature: {
        std::vector<float> excess = fields.get(Field::Temperature);
        for (float& t : excess) t -= s.ambientTemperature;
        return cells(excess, 0.0f, largestMagnitude(excess), [](float x) { return diverging(signedRamp(x)); });
    }
    }
    return {};
}

} // namespace billow::scene
