#include "water/water_outputs.hpp"

#include <algorithm>
#include <cmath>

#include "common/maths.hpp"
#include "common/pictures.hpp"

namespace billow::scene {

std::vector<uint64_t> fieldShape(WaterField field, const WaterSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    switch (field) {
    case WaterField::FlowX: return {ny, nx + 1};
    case WaterField::FlowY: return {ny + 1, nx};
    case WaterField::Velocity: return {ny, nx, 2};
    default: return {ny, nx};
    }
}

void measureFields(WaterFieldCache& fields, WaterStepMetrics& m) {
    const WaterSettings& s = fields.settings();
    const double area = double(s.cellSize) * s.cellSize;
    const auto& depth = fields.get(WaterField::Depth);
    m.totalWater = m.maxDepth = m.wetArea = 0.0;
    for (float d : depth) {
        m.totalWater += d;
        m.maxDepth = maxKeepingNaN(m.maxDepth, double(d));
        if (d > s.dryDepth) m.wetArea += area;
    }
    m.totalWater *= area;
    m.totalDye = 0.0;
    for (float d : fields.get(WaterField::Dye)) m.totalDye += d;
    m.totalDye *= area;
    m.maxSpeed = largestSpeed(fields.get(WaterField::Velocity));

    // Flows are positive towards +x / +y: out through the right and top, in through the left and
    // bottom. The boundary faces hold the flows of the step's last substep.
    m.boundaryOutflow = m.boundaryInflow = 0.0;
    auto add = [&](double outward) { (outward > 0 ? m.boundaryOutflow : m.boundaryInflow) += std::fabs(outward); };
    const auto& fx = fields.get(WaterField::FlowX);
    const auto& fy = fields.get(WaterField::FlowY);
    for (uint32_t j = 0; j < s.ny; ++j) {
        add(-fx[j * size_t(s.nx + 1)]);
        add(fx[s.nx + j * size_t(s.nx + 1)]);
    }
    for (uint32_t i = 0; i < s.nx; ++i) {
        add(-fy[i]);
        add(fy[i + size_t(s.ny) * s.nx]);
    }
}

nlohmann::ordered_json metricsRecord(const WaterStepMetrics& m) {
    const nlohmann::ordered_json gpu = m.gpuMs ? nlohmann::ordered_json(*m.gpuMs) : nlohmann::ordered_json(nullptr);
    return nlohmann::ordered_json{{"step", m.step},         {"time", m.time},
                                  {"substeps", m.substeps}, {"gpuMs", gpu},
                                  {"wallMs", m.wallMs},     {"totalWater", m.totalWater},
                                  {"addedWater", m.addedWater}, {"boundaryOutflow", m.boundaryOutflow},
                                  {"boundaryInflow", m.boundaryInflow}, {"maxDepth", m.maxDepth},
                                  {"maxSpeed", m.maxSpeed}, {"wetArea", m.wetArea},
                                  {"totalDye", m.totalDye}};
}

namespace {

// The "water" view, water over shaded terrain: hill-shaded terrain coloured by height, water
// blended in by depth, foam (the dye field) in white.
struct WaterFrame {
    uint32_t nx = 0, ny = 0;
    float cellSize = 1.0f;
    const std::vector<float>* terrain = nullptr;
    const std::vector<float>* depth = nullptr;
    const std::vector<float>* dye = nullptr;
};

struct Rgb { float r, g, b; };
Rgb mix(Rgb a, Rgb b, float t) { return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t}; }

// Low ground green, high ground brown to grey.
Rgb terrainColour(float t01) {
    const Rgb low{0.35f, 0.55f, 0.25f}, mid{0.55f, 0.45f, 0.30f}, high{0.75f, 0.73f, 0.70f};
    return t01 < 0.5f ? mix(low, mid, t01 * 2.0f) : mix(mid, high, (t01 - 0.5f) * 2.0f);
}

// `scale` pixels per cell.
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

} // namespace

Figure renderWaterView(WaterView view, WaterFieldCache& fields) {
    const WaterSettings& s = fields.settings();
    // A cell scalar from 0 to its largest value, coloured by `sequential(ramp(value / largest))`.
    auto cells = [&](const std::vector<float>& values, float (*ramp)(float), const char* label) {
        const float top = largestMagnitude(values);
        return scalarFigure(values, s.nx, s.ny, [top, ramp](double x) { return sequential(ramp(float(x / top))); }, 0.0,
                            top, label);
    };
    auto linear = [](float x) { return x; };
    auto root = [](float x) { return std::sqrt(std::max(x, 0.0f)); };
    switch (view) {
    case WaterView::Water:
    case WaterView::Terrain: {
        // The terrain view is the same shading with the water left out.
        const std::vector<float> dry(size_t(s.nx) * s.ny, 0.0f);
        const bool water = view == WaterView::Water;
        WaterFrame frame{s.nx, s.ny, s.cellSize, &fields.get(WaterField::Terrain),
                         water ? &fields.get(WaterField::Depth) : &dry, water ? &fields.get(WaterField::Dye) : nullptr};
        return {renderWater(frame, 1), {}};
    }
    case WaterView::Depth: return cells(fields.get(WaterField::Depth), root, "water depth, m");
    case WaterView::Dye: return cells(fields.get(WaterField::Dye), linear, "dye (foam)");
    case WaterView::Speed: return cells(cellSpeeds(fields.get(WaterField::Velocity)), linear, "speed, m/s");
    case WaterView::Velocity: return velocityFigure(fields.get(WaterField::Velocity), s.nx, s.ny);
    }
    return {};
}

} // namespace billow::scene
