#include "water/water_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "common/maths.hpp"
#include "common/pictures.hpp"
#include "water/water_lattice.hpp"

namespace billow::scene {

std::vector<uint64_t> fieldShape(WaterField field, const WaterSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    const bool triangle = onTriangles(s);
    switch (field) {
    case WaterField::FlowX: return {ny, nx + 1};
    case WaterField::FlowY: return {ny + 1, triangle ? nx + 1 : nx};
    case WaterField::FlowZ: return {ny + 1, nx + 1};
    case WaterField::Velocity: return {ny, nx, 2};
    default: return {ny, nx};
    }
}

void measureFields(WaterFieldCache& fields, WaterStepMetrics& m) {
    const WaterSettings& s = fields.settings();
    const double area = columnArea(s);
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

    // The boundary edges hold the flows of the step's last substep.
    static const std::vector<float> none;
    const SideFlows sides = sideFlows(s, fields.get(WaterField::FlowX), fields.get(WaterField::FlowY),
                                      onTriangles(s) ? fields.get(WaterField::FlowZ) : none);
    m.boundaryOutflow = sides.outflow;
    m.boundaryInflow = sides.inflow;

    if (!s.erosion.hydraulic.enabled && !s.erosion.thermal.enabled) return;
    // Summed as differences from the initial terrain (not as totals), so the budget's rounding
    // is that of the changes, not of the heights.
    const auto& terrain = fields.get(WaterField::Terrain);
    const auto& initial = fields.initialTerrain();
    double change = 0.0, sediment = 0.0;
    for (size_t c = 0; c < terrain.size(); ++c) change += double(terrain[c]) - double(initial[c]);
    for (float x : fields.get(WaterField::Sediment)) sediment += x;
    m.soilChange = change * area;
    m.suspendedSediment = sediment * area;
}

nlohmann::ordered_json metricsRecord(const WaterStepMetrics& m) {
    const nlohmann::ordered_json gpu = m.gpuMs ? nlohmann::ordered_json(*m.gpuMs) : nlohmann::ordered_json(nullptr);
    nlohmann::ordered_json record{{"step", m.step},         {"time", m.time},
                                  {"substeps", m.substeps}, {"gpuMs", gpu},
                                  {"wallMs", m.wallMs},     {"totalWater", m.totalWater},
                                  {"addedWater", m.addedWater}, {"boundaryOutflow", m.boundaryOutflow},
                                  {"boundaryInflow", m.boundaryInflow}, {"maxDepth", m.maxDepth},
                                  {"maxSpeed", m.maxSpeed}, {"wetArea", m.wetArea},
                                  {"totalDye", m.totalDye}};
    if (m.soilChange && m.suspendedSediment) {
        record["soilChange"] = *m.soilChange;
        record["suspendedSediment"] = *m.suspendedSediment;
        record["soilBalance"] = *m.soilChange + *m.suspendedSediment;
    }
    return record;
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
    const std::vector<uint8_t>* edges = nullptr;  // pixels on a triangle's edge (Triangle lattice), or none
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
                // The water's triangles outlined, a little darker.
                if (f.edges && (*f.edges)[i + j * size_t(f.nx)]) c = mix(c, Rgb{0.0f, 0.05f, 0.2f}, 0.25f);
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
    // The grid the pictures are drawn on: the cells, or the Triangle lattice on square pixels.
    std::optional<TriangleRaster> raster;
    if (onTriangles(s)) raster.emplace(s);
    const uint32_t nx = raster ? raster->width() : s.nx, ny = raster ? raster->height() : s.ny;
    const float pixel = raster ? raster->pixelSize() : s.cellSize;
    auto onGrid = [&](const std::vector<float>& values, uint32_t components = 1) {
        return raster ? raster->resample(values, components) : values;
    };
    auto field = [&](WaterField f) { return onGrid(fields.get(f)); };
    // A cell scalar from 0 to its largest value, coloured by `sequential(ramp(value / largest))`.
    auto cells = [&](const std::vector<float>& values, float (*ramp)(float), const char* label) {
        const float top = largestMagnitude(values);
        return scalarFigure(values, nx, ny, [top, ramp](double x) { return sequential(ramp(float(x / top))); }, 0.0,
                            top, label);
    };
    auto linear = [](float x) { return x; };
    auto root = [](float x) { return std::sqrt(std::max(x, 0.0f)); };
    switch (view) {
    case WaterView::Water:
    case WaterView::Terrain: {
        // The terrain view is the same shading with the water left out.
        const bool water = view == WaterView::Water;
        const std::vector<float> terrain = field(WaterField::Terrain);
        const std::vector<float> depth = water ? field(WaterField::Depth) : std::vector<float>(size_t(nx) * ny, 0.0f);
        const std::vector<float> dye = water ? field(WaterField::Dye) : std::vector<float>{};
        const std::vector<uint8_t> edges = raster ? raster->edgePixels() : std::vector<uint8_t>{};
        WaterFrame frame{nx, ny, pixel, &terrain, &depth, water ? &dye : nullptr, raster ? &edges : nullptr};
        return {renderWater(frame, 1), {}};
    }
    case WaterView::TerrainChange: {
        // Cut red, filled blue (the diverging map's red is positive), on a square-root ramp so
        // the first shallow cuts show beside the deep ones.
        std::vector<float> change = fields.get(WaterField::Terrain);
        const std::vector<float>& initial = fields.initialTerrain();
        for (size_t c = 0; c < change.size(); ++c) change[c] -= initial[c];
        change = onGrid(change);
        const float top = largestMagnitude(change);
        return scalarFigure(change, nx, ny, [top](double x) { return diverging(-signedRamp(float(x / top))); }, -top, top,
                            "terrain change, m (red cut, blue fill)");
    }
    case WaterView::Depth: return cells(field(WaterField::Depth), root, "water depth, m");
    case WaterView::Dye: return cells(field(WaterField::Dye), linear, "dye (foam)");
    case WaterView::Sediment: return cells(field(WaterField::Sediment), root, "suspended sediment, m");
    case WaterView::Speed: return cells(cellSpeeds(onGrid(fields.get(WaterField::Velocity), 2)), linear, "speed, m/s");
    case WaterView::Velocity: return velocityFigure(onGrid(fields.get(WaterField::Velocity), 2), nx, ny);
    }
    return {};
}

} // namespace billow::scene
