#include "smoke/smoke_outputs.hpp"

#include <algorithm>
#include <cmath>

#include "common/maths.hpp"
#include "common/pictures.hpp"

namespace billow::scene {

const std::vector<float>& FieldCache::cellVelocity() {
    if (!cellVelocity_.empty()) return cellVelocity_;
    const SmokeSettings& s = settings();
    const auto& u = get(SmokeField::VelocityX);
    const auto& v = get(SmokeField::VelocityY);
    cellVelocity_.resize(size_t(s.nx) * s.ny * 2);
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            cellVelocity_[(i + j * s.nx) * 2] = 0.5f * (u[i + j * (s.nx + 1)] + u[i + 1 + j * (s.nx + 1)]);
            cellVelocity_[(i + j * s.nx) * 2 + 1] = 0.5f * (v[i + j * s.nx] + v[i + (j + 1) * s.nx]);
        }
    return cellVelocity_;
}

std::vector<uint64_t> fieldShape(SmokeField field, const SmokeSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    switch (field) {
    case SmokeField::VelocityX:
    case SmokeField::OpenX: return {ny, nx + 1};
    case SmokeField::VelocityY:
    case SmokeField::OpenY: return {ny + 1, nx};
    case SmokeField::Curl: return {ny + 1, nx + 1};
    case SmokeField::Dye: return {s.effectiveDyeNy(), s.effectiveDyeNx(), 4};
    default: return {ny, nx};
    }
}

void measureFields(FieldCache& fields, StepMetrics& m) {
    const SmokeSettings& s = fields.settings();
    const double h = s.cellSize;
    const auto& div = fields.get(SmokeField::Divergence);
    const auto& solid = fields.get(SmokeField::Solid);
    measureDivergence(div, solid, m.maxDivergence, m.meanDivergence);

    double squares = 0.0;
    for (float u : fields.get(SmokeField::VelocityX)) squares += double(u) * u;
    for (float v : fields.get(SmokeField::VelocityY)) squares += double(v) * v;
    m.kineticEnergy = 0.5 * h * h * squares;
    m.maxSpeed = largestSpeed(fields.cellVelocity());

    m.totalDensity = 0.0;
    for (float d : fields.get(SmokeField::Density)) m.totalDensity += d;
    m.totalDensity *= h * h;
    const double dyeArea = (s.nx * h / s.effectiveDyeNx()) * (s.ny * h / s.effectiveDyeNy());
    const auto& dye = fields.get(SmokeField::Dye);
    m.totalDye = {0, 0, 0, 0};
    for (size_t k = 0; k < dye.size(); ++k) m.totalDye[k % 4] += dye[k];
    for (double& c : m.totalDye) c *= dyeArea;
}

nlohmann::ordered_json metricsRecord(const StepMetrics& m) {
    nlohmann::ordered_json line = smokeMetricsRecord(m);
    line["totalDye"] = m.totalDye;
    return line;
}

namespace {

// Signed values scaled to `top` with a square-root ramp: blue - white - red.
ColourMap signedMap(float top) {
    return [top](double value) { return diverging(signedRamp(float(value / top))); };
}

// The node-centred curl averaged to cell centres (so every grid view covers the same samples).
std::vector<float> curlAtCells(const std::vector<float>& curl, uint32_t nx, uint32_t ny) {
    std::vector<float> cells(size_t(nx) * ny);
    for (uint32_t j = 0; j < ny; ++j)
        for (uint32_t i = 0; i < nx; ++i) {
            auto node = [&](uint32_t a, uint32_t b) { return curl[a + b * size_t(nx + 1)]; };
            cells[i + j * size_t(nx)] = 0.25f * (node(i, j) + node(i + 1, j) + node(i, j + 1) + node(i + 1, j + 1));
        }
    return cells;
}

} // namespace

float divergenceScale(const std::vector<float>& before, const std::vector<float>& after) {
    return std::max(largestMagnitude(before), largestMagnitude(after));
}

Figure renderView(View view, FieldCache& fields) {
    const SmokeSettings& s = fields.settings();
    const uint32_t nx = s.nx, ny = s.ny, dnx = s.effectiveDyeNx(), dny = s.effectiveDyeNy();
    const auto& solid = fields.get(SmokeField::Solid);
    const SolidMask isSolid = [&](uint32_t i, uint32_t j) { return solid[i + j * size_t(nx)] > 0.5f; };
    // A cell-centred scalar coloured by `map` (which takes the value in its unit), with its bar.
    auto cells = [&](const std::vector<float>& values, const ColourMap& map, double low, double high, const char* label) {
        return scalarFigure(values, nx, ny, map, low, high, label, isSolid);
    };
    switch (view) {
    case View::Dye: {
        const auto& dye = fields.get(SmokeField::Dye);
        return {draw(dnx, dny, 1, [&](uint32_t i, uint32_t j) -> Rgb8 {
                    const float* c = &dye[(i + size_t(j) * dnx) * 4];
                    if (!std::isfinite(c[0]) || !std::isfinite(c[1]) || !std::isfinite(c[2])) return kNonFiniteColour;
                    const float sf = solid[(uint64_t(i) * nx / dnx) + (uint64_t(j) * ny / dny) * nx];
                    Rgb8 out;
                    // Dye is added light over a near-black background; obstacles blend in grey.
                    for (int k = 0; k < 3; ++k) out[k] = toByte((1.0f - sf) * (0.02f + c[k]) + sf * kObstacleColour[k] / 255.0f);
                    return out;
                }),
                {}};
    }
    case View::Velocity: return velocityFigure(fields.cellVelocity(), nx, ny, isSolid);
    case View::Speed: {
        const std::vector<float> speed = cellSpeeds(fields.cellVelocity());
        const float top = largestMagnitude(speed);
        return cells(speed, [top](double x) { return sequential(float(x / top)); }, 0.0, top, "speed, m/s");
    }
    case View::Vorticity: {
        const std::vector<float> curl = curlAtCells(fields.get(SmokeField::Curl), nx, ny);
        const float top = largestMagnitude(curl);
        return cells(curl, signedMap(top), -top, top, "vorticity, 1/s");
    }
    case View::Pressure: {
        const auto& pressure = fields.get(SmokeField::Pressure);
        const float top = largestMagnitude(pressure);
        return cells(pressure, signedMap(top), -top, top, "pressure / density, m^2/s^2");
    }
    case View::Divergence: {
        // Linear, against what the projection started from: what is left is the solver's error.
        const float top = divergenceScale(fields.divergenceBeforeProjection(), fields.get(SmokeField::Divergence));
        return cells(fields.get(SmokeField::Divergence), [top](double x) { return diverging(float(x / top)); }, -top, top,
                     "divergence after projection, 1/s (full colour: largest before it)");
    }
    case View::Density: {
        const auto& density = fields.get(SmokeField::Density);
        const float top = largestMagnitude(density);
        return cells(density, [top](double x) { return sequential(std::sqrt(std::max(float(x / top), 0.0f))); }, 0.0, top,
                     "smoke density");
    }
    case View::Temperature: {
        // Never below ambient but for numerical undershoot: a 0..largest sequential bar.
        std::vector<float> excess = fields.get(SmokeField::Temperature);
        for (float& t : excess) t -= s.ambientTemperature;
        const BarRange range = barRange(excess, Quantity::NonNegative);
        const float top = float(range.high);
        return cells(excess, [top](double x) { return sequential(float(x / top)); }, range.low, range.high,
                     "temperature above ambient, K");
    }
    }
    return {};
}

} // namespace billow::scene
