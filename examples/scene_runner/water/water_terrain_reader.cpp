// The "terrain" section of a water scene: a base height, a PNG heightmap or a .npy array (either
// stretched over the domain), and procedural features added on top, all in metres.
#include <cmath>

#include "common/bilinear.hpp"
#include "common/float_cast.hpp"
#include "common/input_files.hpp"
#include "common/npy_io.hpp"
#include "common/png_io.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

// Calls `add(i, j, x, y)` for every cell with its centre in metres.
template <typename Add>
void forEachCell(const WaterSettings& s, const Add& add) {
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) add(i + size_t(j) * s.nx, (i + 0.5f) * s.cellSize, (j + 0.5f) * s.cellSize);
}

// Grey level (mean of R, G, B) 0..1 of the picture stretched over the domain -> low..high.
void addHeightmap(ObjectReader& r, const std::filesystem::path& dir, const WaterSettings& s, std::vector<float>& terrain) {
    const std::string key = r.keyPath("image");
    const auto file = requiredFile(r, "image", dir, "a PNG file name (black = low, white = high)");
    const double low = r.requiredReal("low");
    const double high = r.requiredReal("high");
    r.finish();
    const Image image = readForKey(key, [&] { return readPngRgba(file.string()); });
    const float width = s.nx * s.cellSize, height = s.ny * s.cellSize;
    forEachCell(s, [&](size_t c, float x, float y) {
        terrain[c] += narrowToFloat(low + sampleGrey(image, x / width, y / height) * (high - low));
    });
}

// A 2-D .npy array of heights in metres, row 0 at the bottom, stretched over the domain (an array
// of the grid's shape maps one value to one cell).
void addNpyTerrain(const std::string& key, const std::filesystem::path& file, const WaterSettings& s,
                   std::vector<float>& terrain) {
    const NpyArray a = readForKey(key, [&] { return readNpy(file.string()); });
    if (a.shape.size() != 2 || a.shape[0] < 1 || a.shape[1] < 1)
        throw SceneError(key, "expected a 2-D array (rows from the bottom, columns from the left), got shape " + shapeText(a.shape));
    for (float x : a.values)
        if (!std::isfinite(x)) throw SceneError(key, "expected finite heights (the file has NaN or infinity)");
    const auto rows = static_cast<uint32_t>(a.shape[0]), columns = static_cast<uint32_t>(a.shape[1]);
    auto at = [&](uint32_t i, uint32_t j) { return a.values[i + size_t(j) * columns]; };
    const float width = s.nx * s.cellSize, height = s.ny * s.cellSize;
    forEachCell(s, [&](size_t c, float x, float y) {
        terrain[c] += bilinearSample(columns, rows, x / width * columns - 0.5f, y / height * rows - 0.5f, at);
    });
}

// One procedural feature; returns its height at (x, y).
struct Feature {
    enum class Kind { Slope, Bowl, Rim, Waves, Valley } kind = Kind::Slope;
    Vec2 gradient{};      // slope: m per m along x and y (height 0 at the origin)
    Vec2 centre{};        // bowl, rim
    float radius = 0.0f;  // bowl, rim, m
    float depth = 0.0f;   // bowl: m at the centre, falling off as 1 - r^2 / radius^2
    float height = 0.0f;  // rim: m on the ring
    float width = 0.0f;   // rim: m, the ring's Gaussian half-width
    float amplitude = 0.0f;  // waves, m
    Vec2 wavelength{};       // waves, m along x and y
    int axis = 0;            // valley: 0 = runs along x (V across y), 1 = along y
    float position = 0.0f;   // valley: the valley floor's y (axis x) or x (axis y), m
    float slope = 0.0f;      // valley: m per m up the sides

    float heightAt(float x, float y) const {
        constexpr float kTwoPi = 6.2831853f;
        switch (kind) {
        case Kind::Slope: return gradient[0] * x + gradient[1] * y;
        case Kind::Bowl: {
            const float r2 = ((x - centre[0]) * (x - centre[0]) + (y - centre[1]) * (y - centre[1])) / (radius * radius);
            return -depth * std::max(0.0f, 1.0f - r2);
        }
        case Kind::Rim: {
            const float r = std::hypot(x - centre[0], y - centre[1]);
            return height * std::exp(-((r - radius) / width) * ((r - radius) / width));
        }
        case Kind::Waves: return amplitude * std::sin(kTwoPi * x / wavelength[0]) * std::cos(kTwoPi * y / wavelength[1]);
        case Kind::Valley: return slope * std::fabs((axis == 0 ? y : x) - position);
        }
        return 0.0f;
    }
};

Feature readFeature(ObjectReader& r) {
    Feature f;
    using K = Feature::Kind;
    f.kind = r.requiredChoice<K>("type", {{"slope", K::Slope}, {"bowl", K::Bowl}, {"rim", K::Rim}, {"waves", K::Waves}, {"valley", K::Valley}});
    auto positive = [&](const char* key) { return r.requiredReal(key, Range::positive()); };
    switch (f.kind) {
    case K::Slope: f.gradient = r.requiredVec2("gradient"); break;
    case K::Bowl:
        f.centre = r.requiredVec2("centre");
        f.radius = positive("radius");
        f.depth = r.requiredReal("depth");
        break;
    case K::Rim:
        f.centre = r.requiredVec2("centre");
        f.radius = r.requiredReal("radius", Range::nonNegative());
        f.width = positive("width");
        f.height = r.requiredReal("height");
        break;
    case K::Waves:
        f.amplitude = r.requiredReal("amplitude");
        f.wavelength = r.requiredVec2("wavelength", Range::positive());
        break;
    case K::Valley:
        f.axis = r.choice<int>("axis", 0, {{"x", 0}, {"y", 1}});
        f.position = r.requiredReal("position");
        f.slope = r.requiredReal("slope");
        break;
    }
    r.finish();
    return f;
}

} // namespace

void readTerrain(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene) {
    const WaterSettings& s = scene.settings;
    scene.terrain.assign(size_t(s.nx) * s.ny, 0.0f);
    const nlohmann::json* value = top.child("terrain");
    if (!value) return;
    ObjectReader r(*value, "terrain");
    const float base = r.real("base", 0.0);
    for (float& t : scene.terrain) t = base;
    if (r.has("heightmap") && r.has("npy")) throw SceneError("terrain.npy", "give either heightmap (PNG) or npy, not both");
    if (const nlohmann::json* map = r.child("heightmap")) {
        ObjectReader m(*map, r.keyPath("heightmap"));
        addHeightmap(m, dir, s, scene.terrain);
    }
    if (r.has("npy")) {
        const std::string key = r.keyPath("npy");
        addNpyTerrain(key, resolveFile(dir, r.text("npy", ""), key), s, scene.terrain);
    }
    r.forEachObject("features", "features {\"type\": ...}", [&](ObjectReader& fr) {
        const Feature f = readFeature(fr);
        forEachCell(s, [&](size_t c, float x, float y) { scene.terrain[c] += f.heightAt(x, y); });
    });
    r.finish();
    // Heights the solver could not take (features or a heightmap adding up past float's range).
    if (!allWithinBounds(scene.terrain))
        throw SceneError("terrain", "the heights add up to values beyond the solver's bound (expected heights within +-1e6 m)");
}

} // namespace billow::scene::detail
