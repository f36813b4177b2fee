// Reads and validates a water scene ("solver": "water"). Every problem is a SceneError naming the
// JSON key; files the scene refers to (PNG heightmaps, .npy arrays) are loaded and checked here
// too, so a scene that comes back can be run without further input errors. One reader per part of
// the file: "settings" and "boundaries" (with the grid, everything that becomes WaterSettings;
// ranges follow WaterSettings::validate(), which runs afterwards as a backstop), "terrain",
// "initial" and "events".
#include "scene_loader.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include <billow/limits.hpp>

#include "common/file_io.hpp"
#include "common/maths.hpp"
#include "common/output_plan.hpp"
#include "common/scene_reader.hpp"
#include "water/water_bodies.hpp"
#include "water/water_lattice.hpp"
#include "water/water_noise.hpp"

namespace billow::scene::detail {

namespace {

// Points must lie in the lattice's domain (the Triangle lattice's is (nx + 0.5) h by
// ny h sqrt(3)/2).
void requireInsideDomain(const WaterSettings& s, Vec2 p, const std::string& key) {
    const Vec2 size = domainSize(s);
    requireInsideBox(size[0], size[1], p, key);
}

// The scene's names of the pipe models. A new WaterModel is one more line here.
const WordTable<WaterModel> kWaterModels = {
    {"virtualPipes", WaterModel::VirtualPipes},
    {"depthPipes", WaterModel::DepthPipes},
    {"momentum", WaterModel::Momentum},
};

const WordTable<WaterLattice> kWaterLattices = {
    {"square", WaterLattice::Square},
    {"triangle", WaterLattice::Triangle},
};

const WordTable<WaterBoundaryType> kBoundaryTypes = {
    {"wall", WaterBoundaryType::Wall},
    {"inflow", WaterBoundaryType::Inflow},
    {"outflow", WaterBoundaryType::Outflow},
    {"waveMaker", WaterBoundaryType::WaveMaker},
};

// The keys of one boundary (a side or an opening) other than where it is.
WaterBoundary readBoundaryKeys(ObjectReader& r) {
    WaterBoundary b;
    b.type = r.requiredChoice("type", kBoundaryTypes);
    b.flow = r.real("flow", b.flow);
    b.amplitude = r.real("amplitude", b.amplitude);
    b.period = r.real("period", b.period, Range::positive());
    b.phase = r.real("phase", b.phase);
    b.drop = r.real("drop", b.drop, Range::nonNegative());
    return b;
}

// An opening: faces of one side between `from` and `to` (m along the side, from its left or
// bottom end) with their own boundary. In metres, so --scale keeps it at the same place.
WaterFaceOverride readOpening(ObjectReader& r, const WaterSettings& s) {
    WaterFaceOverride o;
    o.side = r.requiredChoice<Side>(
        "side", {{kSideKeys[0], Side::Left}, {kSideKeys[1], Side::Right}, {kSideKeys[2], Side::Bottom}, {kSideKeys[3], Side::Top}});
    const bool upright = o.side == Side::Left || o.side == Side::Right;
    const uint32_t faces = upright ? s.ny : s.nx;
    // Faces along the left and right sides are one row apart: h, or h sqrt(3)/2 on triangles.
    const double pitch = upright ? double(domainSize(s)[1]) / s.ny : s.cellSize;
    const double length = faces * pitch;
    const Range along = Range::closed(0.0, length);
    const double from = r.requiredNumber("from", along);
    const double to = r.requiredNumber("to", along);
    if (!(to > from)) throw SceneError(r.keyPath("to"), "expected to > from (metres along the side)");
    // Every face whose centre lies in [from, to], and at least the face under the middle.
    const auto first = static_cast<uint32_t>(std::max(0.0, std::ceil(from / pitch - 0.5)));
    const auto last = static_cast<uint32_t>(std::min(double(faces), std::floor(to / pitch - 0.5) + 1.0));
    o.first = first;
    o.count = last > first ? last - first : 1;
    if (last <= first) o.first = std::min(faces - 1, static_cast<uint32_t>(0.5 * (from + to) / pitch));
    o.boundary = readBoundaryKeys(r);
    r.finish();
    return o;
}

// "settings.erosion": {"hydraulic": {...}, "thermal": {...}}, the fields of
// HydraulicErosionSettings and ThermalErosionSettings under their own names. Giving a block
// switches it on unless it says "enabled": false.
void readErosion(ObjectReader& settings, WaterErosionSettings& e) {
    ObjectReader r = settings.objectOrEmpty("erosion");
    const bool hydraulic = r.has("hydraulic"), thermal = r.has("thermal");
    ObjectReader h = r.objectOrEmpty("hydraulic");
    HydraulicErosionSettings& hy = e.hydraulic;
    hy.enabled = h.boolean("enabled", hydraulic);
    hy.capacity = h.real("capacity", hy.capacity, Range::nonNegative());  // validate() also refuses beyond 100 s
    hy.minimumTilt = h.real("minimumTilt", hy.minimumTilt, Range::closed(0.0, 1.0));
    hy.dissolveRate = h.real("dissolveRate", hy.dissolveRate, Range::nonNegative());
    hy.depositRate = h.real("depositRate", hy.depositRate, Range::nonNegative());
    hy.deepWaterLimit = h.real("deepWaterLimit", hy.deepWaterLimit, Range::nonNegative());
    hy.sheetFlowDepth = h.real("sheetFlowDepth", hy.sheetFlowDepth, Range::closed(0.0, 1.0));
    h.finish();
    ObjectReader t = r.objectOrEmpty("thermal");
    ThermalErosionSettings& th = e.thermal;
    th.enabled = t.boolean("enabled", thermal);
    th.talusAngle = t.real("talusAngle", th.talusAngle, {0.0, 90.0, true, true});
    th.rate = t.real("rate", th.rate, Range::nonNegative());
    t.finish();
    r.finish();
}

void readWaterSettings(ObjectReader& top, WaterSettings& s) {
    const nlohmann::json* value = top.child("settings");
    if (!value) return;
    ObjectReader r(*value, "settings");
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
    s.gravity = f("gravity", s.gravity, Range::closed(1e-2, 1e3));
    s.model = r.choice("model", s.model, kWaterModels);
    s.pipeDepth = f("pipeDepth", s.pipeDepth, Range::closed(1e-3, 1e4));
    s.friction = f("friction", s.friction, {0.0, 1.0, false, true});
    s.viscosity = f("viscosity", s.viscosity, Range::nonNegative());
    s.courant = f("courant", s.courant, {0.0, 0.7071, true, false});  // validate() also refuses below 0.001
    s.maxSubsteps = r.integer("maxSubsteps", s.maxSubsteps, 1, 1000000);
    s.dryDepth = f("dryDepth", s.dryDepth, Range::closed(1e-6, 1.0));
    s.dyeDecay = f("dyeDecay", s.dyeDecay, Range::nonNegative());
    s.waterDensity = f("waterDensity", s.waterDensity, Range::closed(10.0, 1e5));
    s.lattice = r.choice("lattice", s.lattice, kWaterLattices);
    s.evaporation = f("evaporation", s.evaporation, Range::nonNegative());
    readErosion(r, s.erosion);
    r.finish();
}

void readWaterBoundaries(ObjectReader& top, WaterSettings& s) {
    const nlohmann::json* value = top.child("boundaries");
    if (!value) return;
    ObjectReader r(*value, "boundaries");
    forEachSide(r, [&](int side, ObjectReader& sr) {
        s.boundaries[side] = readBoundaryKeys(sr);
        sr.finish();
    });
    r.forEachObject("openings", "{\"side\", \"from\", \"to\", \"type\", ...}",
                    [&](ObjectReader& o) { s.overrides.push_back(readOpening(o, s)); });
    r.finish();
}

// "terrain": a base height, a PNG heightmap or a .npy array (either stretched over the domain),
// and procedural features added on top, all in metres.

// Calls `add(c, x, y)` for every column c = i + j * nx with its centre (a square cell's centre
// or a triangle lattice vertex) in metres.
template <typename Add>
void forEachCell(const WaterSettings& s, const Add& add) {
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const Vec2 p = columnCentre(s, i, j);
            add(i + size_t(j) * s.nx, p[0], p[1]);
        }
}

// Grey level (mean of R, G, B) 0..1 of the picture stretched over the domain -> low..high.
void addHeightmap(ObjectReader& r, const std::filesystem::path& dir, const WaterSettings& s, std::vector<float>& terrain) {
    const std::string key = r.keyPath("image");
    const auto file = requiredFile(r, "image", dir, "a PNG file name (black = low, white = high)");
    const double low = r.requiredReal("low");
    const double high = r.requiredReal("high");
    r.finish();
    const Image image = readForKey(key, [&] { return readPngRgba(file.string()); });
    const auto [width, height] = domainSize(s);
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
    // The grid's own shape maps one value to one column (on the Triangle lattice too, whose
    // vertices' shifted rows a stretch would resample).
    if (rows == s.ny && columns == s.nx) {
        for (size_t c = 0; c < terrain.size(); ++c) terrain[c] += a.values[c];
        return;
    }
    const auto [width, height] = domainSize(s);
    forEachCell(s, [&](size_t c, float x, float y) {
        terrain[c] += bilinearSample(columns, rows, x / width * columns - 0.5f, y / height * rows - 0.5f, at);
    });
}

// One procedural feature; returns its height at (x, y).
struct Feature {
    enum class Kind { Slope, Bowl, Rim, Waves, Valley, Noise } kind = Kind::Slope;
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
    SmoothNoise noise;       // noise

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
        case Kind::Noise: return noise.at(x, y);
        }
        return 0.0f;
    }
};

// {"amplitude": m, "wavelength": m, "seed": n, "octaves": n}: smooth random heights (a terrain
// feature, or the variation of the hardness).
SmoothNoise readNoise(ObjectReader& r) {
    SmoothNoise n;
    n.amplitude = r.requiredReal("amplitude");
    n.wavelength = r.requiredReal("wavelength", Range::positive());
    n.seed = r.integer("seed", 0, 0, 0xffffffffu);
    n.octaves = r.integer("octaves", n.octaves, 1, 8);
    return n;
}

// "terrain.hardness": the resistance of each column's soil to dissolving (WaterField::Hardness,
// 0 soft .. 1 hard rock), by layers of the initial terrain height: `base` everywhere, and a
// column whose height lies below a layer's `below` takes that layer's hardness (of several, the
// lowest such layer: the one the column stands in); `noise` adds smooth random variation; the
// result is clamped to [0, 1].
std::vector<float> readHardness(ObjectReader& r, const WaterScene& scene) {
    const float base = r.real("base", 0.0f, Range::closed(0.0, 1.0));
    struct Layer {
        float below, hardness;
    };
    std::vector<Layer> layers;
    r.forEachObject("layers", "{\"below\": m, \"hardness\": 0..1}", [&](ObjectReader& l) {
        const float below = l.requiredReal("below");
        layers.push_back({below, l.requiredReal("hardness", Range::closed(0.0, 1.0))});
        l.finish();
    });
    std::optional<SmoothNoise> noise;
    if (const nlohmann::json* value = r.child("noise")) {
        ObjectReader n(*value, r.keyPath("noise"));
        noise = readNoise(n);
        n.finish();
    }
    r.finish();
    std::vector<float> hardness(scene.terrain.size(), base);
    forEachCell(scene.settings, [&](size_t c, float x, float y) {
        float below = INFINITY;
        for (const Layer& l : layers)
            if (scene.terrain[c] < l.below && l.below < below) {
                below = l.below;
                hardness[c] = l.hardness;
            }
        if (noise) hardness[c] += noise->at(x, y);
        hardness[c] = std::clamp(hardness[c], 0.0f, 1.0f);
    });
    return hardness;
}

Feature readFeature(ObjectReader& r) {
    Feature f;
    using K = Feature::Kind;
    f.kind = r.requiredChoice<K>("type", {{"slope", K::Slope}, {"bowl", K::Bowl}, {"rim", K::Rim}, {"waves", K::Waves}, {"valley", K::Valley}, {"noise", K::Noise}});
    auto positive = [&](const char* key) { return r.requiredReal(key, Range::positive()); };
    // A bowl's or rim's centre and radius (m).
    auto ring = [&](Range radius) {
        f.centre = r.requiredVec2("centre");
        f.radius = r.requiredReal("radius", radius);
    };
    switch (f.kind) {
    case K::Slope: f.gradient = r.requiredVec2("gradient"); break;
    case K::Bowl:
        ring(Range::positive());
        f.depth = r.requiredReal("depth");
        break;
    case K::Rim:
        ring(Range::nonNegative());
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
    case K::Noise: f.noise = readNoise(r); break;
    }
    r.finish();
    return f;
}

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
    if (const nlohmann::json* hardness = r.child("hardness")) {
        ObjectReader h(*hardness, r.keyPath("hardness"));
        scene.hardness = readHardness(h, scene);
    }
    r.finish();
    // Heights the solver could not take (features or a heightmap adding up past float's range).
    if (!allWithinBounds(scene.terrain))
        throw SceneError("terrain", "the heights add up to values beyond the solver's bound (expected heights within +-1e6 m)");
}

// "initial": water depth from a .npy array and/or lake fills (the water surface raised to a level
// over the terrain), and dye/foam from a .npy array. Needs the terrain.

// Raises the water surface to `level` (depth = level - terrain where that is more than the depth
// already there). With a start cell: only the basin connected to it (neighbours (i +- 1, j) and
// (i, j +- 1) below the level, on the Triangle lattice four of a vertex's six), so a lake fills without flooding every low spot of the map; without one: everywhere.
// `within` > 0 also keeps the fill inside that distance (m) of the start point (a rim that a
// coarse grid samples below the level then does not let the fill spill over).
void fillToLevel(const WaterSettings& s, const std::vector<float>& terrain, float level, const Vec2* from, float within,
                 std::vector<float>& depth) {
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<char> wet(cells, 0);
    if (!from) {
        for (size_t c = 0; c < cells; ++c) wet[c] = terrain[c] < level;
    } else {
        const auto [i0, j0] = nearestColumn(s, *from);
        std::vector<size_t> stack;
        if (terrain[i0 + size_t(j0) * s.nx] < level) stack.push_back(i0 + size_t(j0) * s.nx);
        while (!stack.empty()) {
            const size_t c = stack.back();
            stack.pop_back();
            const uint32_t i = c % s.nx, j = static_cast<uint32_t>(c / s.nx);
            const Vec2 p = columnCentre(s, i, j);
            const bool near = within <= 0.0f || std::hypot(p[0] - (*from)[0], p[1] - (*from)[1]) <= within;
            if (wet[c] || !(terrain[c] < level) || !near) continue;
            wet[c] = 1;
            if (i > 0) stack.push_back(c - 1);
            if (i + 1 < s.nx) stack.push_back(c + 1);
            if (j > 0) stack.push_back(c - s.nx);
            if (j + 1 < s.ny) stack.push_back(c + s.nx);
        }
    }
    for (size_t c = 0; c < cells; ++c)
        if (wet[c]) depth[c] = std::max(depth[c], level - terrain[c]);
}

void readInitialWater(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene) {
    const nlohmann::json* value = top.child("initial");
    if (!value) return;
    ObjectReader r(*value, "initial");
    const WaterSettings& s = scene.settings;
    const uint64_t nx = s.nx, ny = s.ny;
    scene.depth = readFieldFile(r, "depth", dir, {ny, nx}, "(ny, nx)");
    if (std::any_of(scene.depth.begin(), scene.depth.end(), [](float d) { return d < 0.0f; }))
        throw SceneError(r.keyPath("depth"), "expected depths >= 0 (the file has negative values)");
    scene.dye = readFieldFile(r, "dye", dir, {ny, nx}, "(ny, nx)");
    if (std::any_of(scene.dye.begin(), scene.dye.end(), [](float d) { return d < 0.0f; }))
        throw SceneError(r.keyPath("dye"), "expected values >= 0 (the file has negative values)");
    // Fills raise the water from dry ground where no .npy depth is given.
    if (r.has("fills") && scene.depth.empty()) scene.depth.assign(size_t(nx) * ny, 0.0f);
    r.forEachObject("fills", "{\"level\": m, \"from\": [x, y]}", [&](ObjectReader& f) {
        const float level = f.requiredReal("level");
        Vec2 from{};
        const bool hasFrom = f.has("from");
        if (hasFrom) {
            from = f.vec2("from", {});
            requireInsideDomain(s, from, f.keyPath("from"));
        }
        const float within = f.real("within", 0.0, Range::positive());
        if (f.has("within") && !hasFrom) throw SceneError(f.keyPath("within"), "needs \"from\" (the centre of the disc)");
        f.finish();
        fillToLevel(s, scene.terrain, level, hasFrom ? &from : nullptr, within, scene.depth);
        if (!allWithinBounds(scene.depth))
            throw SceneError(f.path(), "the level minus the terrain gives depths beyond the solver's bound of 1e6 m");
    });
    r.finish();
}

// "events": rain, springs and sinks over a time span, and digging or raising terrain along a path
// (a channel dug mid-run). `dt`: the scene's step (s).

std::vector<Vec2> readPathPoints(const nlohmann::json& value, const std::string& key, const WaterSettings& s) {
    if (!value.is_array() || value.empty()) throw SceneError(key, "expected an array of points [[x, y], ...] in metres");
    std::vector<Vec2> path;
    for (size_t k = 0; k < value.size(); ++k) {
        const std::vector<float> p = numbersAt(value[k], indexPath(key, k), 2, Range::any());
        path.push_back({p[0], p[1]});
        requireInsideDomain(s, path.back(), indexPath(key, k));
    }
    return path;
}

WaterEvent readEvent(ObjectReader& r, const WaterSettings& s) {
    using K = WaterEvent::Kind;
    WaterEvent e;
    e.kind = r.requiredChoice<K>("type", {{"rain", K::Rain}, {"spring", K::Spring}, {"sink", K::Sink}, {"dig", K::Dig}, {"raise", K::Raise}});
    e.start = readStartTime(r);
    if (e.kind == K::Dig || e.kind == K::Raise) {
        if (!r.has("path")) throw SceneError(r.keyPath("path"), "missing; expected an array of points [[x, y], ...] in metres");
        e.path = readPathPoints(*r.child("path"), r.keyPath("path"), s);
        e.radius = r.requiredReal("radius", Range::positive());
        e.amount = r.requiredReal(e.kind == K::Dig ? "depth" : "height", Range::positive());
        e.end = e.start + r.number("duration", 0.0, Range::nonNegative());
        e.dye = r.real("dye", 0.0, Range::nonNegative());
    } else {
        if (e.kind == K::Rain) {
            e.flow = r.requiredReal("rate", Range::positive());
        } else {
            e.position = r.requiredVec2("position");
            requireInsideDomain(s, e.position, r.keyPath("position"));
            e.radius = r.requiredReal("radius", Range::positive());
            e.flow = r.requiredReal("flow", Range::positive());
        }
        if (e.kind != K::Sink) e.dye = r.real("dye", 0.0, Range::nonNegative());
        e.end = readEndTime(r, e.start);
    }
    r.finish();
    return e;
}

// A spring or sink must reach a cell centre (or it would add nothing, silently), and the depth its
// brush adds in a step of `dt` must stay far inside float's range; rain falls on every column, at
// most the solver's kMaxRainRate (all rain events together: readWaterEvents).
void requireUsableBrush(const WaterSettings& s, const WaterEvent& e, double dt, const std::string& key) {
    using K = WaterEvent::Kind;
    if (e.kind == K::Dig || e.kind == K::Raise) return;
    if (e.kind == K::Rain) {
        if (!(e.flow <= kMaxRainRate))
            throw SceneError(key + ".rate", "is " + std::to_string(e.flow) + " m/s; expected at most " +
                                                std::to_string(kMaxRainRate) + " m/s (the solver's kMaxRainRate)");
        return;
    }
    const double weights = eventWeightSum(s, e);
    if (!(weights > 0.0))
        throw SceneError(key + ".radius", "reaches no cell centre (cells are " + std::to_string(s.cellSize) +
                                              " m): expected a radius of at least half a cell, or a position nearer a cell centre");
    const double cellArea = columnArea(s);
    const double depth = e.flow * dt / (weights * cellArea);
    if (!(depth <= limits::kMaxMagnitude))
        throw SceneError(key + ".flow",
                         "adds " + std::to_string(depth) + " m of water in one step at the brush's centre; expected at most 1e6 m (the solver's bound)");
}

void readWaterEvents(ObjectReader& top, double dt, WaterScene& scene) {
    top.forEachObject("events", "events {\"type\": ...}", [&](ObjectReader& r) {
        scene.events.push_back(readEvent(r, scene.settings));
        requireUsableBrush(scene.settings, scene.events.back(), dt, r.path());
    });
    // The solver takes at most kMaxBrushesPerFrame brushes a step, and rain of at most
    // kMaxRainRate: count what events active at the same time need (conservatively: every pair
    // whose time spans touch).
    const uint32_t most = WaterSolver::kMaxBrushesPerFrame;
    for (size_t k = 0; k < scene.events.size(); ++k) {
        const WaterEvent& e = scene.events[k];
        if (e.kind == WaterEvent::Kind::Rain) {
            double rate = 0.0;
            for (const WaterEvent& other : scene.events)
                if (other.kind == WaterEvent::Kind::Rain && other.start <= e.end && e.start <= other.end) rate += other.flow;
            if (!(rate <= kMaxRainRate))
                throw SceneError(indexPath("events", k) + ".rate",
                                 "rains " + std::to_string(rate) + " m/s together with the rain at the same time; expected at most " +
                                     std::to_string(kMaxRainRate) + " m/s (the solver's kMaxRainRate)");
            continue;
        }
        uint64_t together = 0;
        for (const WaterEvent& other : scene.events)
            if (other.start <= e.end && e.start <= other.end) together += brushesPerStep(other);
        if (together > most)
            throw SceneError(indexPath("events", k),
                             "needs " + std::to_string(together) + " brushes in one step together with the events at the same time, at most " +
                                 std::to_string(most) + " (a path takes one brush per radius / 4 of its length: use a larger radius, a shorter path, or other times)");
    }
}

} // namespace

} // namespace billow::scene::detail

namespace billow::scene {

namespace {

// Refuses a dt whose substeps the solver would refuse at the first step, naming time.dt instead
// of failing mid-run. Virtual pipes have a fixed wave speed; the depth-based models' speed grows
// with the depth, so the initial water gives the least they need.
void requireFeasibleDt(const WaterScene& scene) {
    const WaterSettings& s = scene.settings;
    double speedDepth = s.pipeDepth;
    if (s.model != WaterModel::VirtualPipes) {
        speedDepth = 0.0;
        for (float d : scene.depth) speedDepth = std::max(speedDepth, double(d));
    }
    const double substepLimit = s.courant * s.cellSize / std::sqrt(s.gravity * speedDepth);
    const double substeps = std::ceil(scene.dt / substepLimit);
    if (speedDepth > 0.0 && substeps > s.maxSubsteps)
        throw SceneError("time.dt", "needs " + std::to_string(static_cast<uint64_t>(substeps)) + " substeps of at most " +
                                        std::to_string(substepLimit) + " s, more than settings.maxSubsteps = " +
                                        std::to_string(s.maxSubsteps) + " (a smaller dt, or more maxSubsteps)");
}

} // namespace

void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, WaterScene& scene) {
    // Order matters: the grid (after scaling) decides how files are resampled and checked, and
    // lake fills need the terrain.
    detail::readGridSection(top, options, scene.settings);
    detail::readWaterSettings(top, scene.settings);
    detail::readWaterBoundaries(top, scene.settings);
    detail::readTerrain(top, dir, scene);
    detail::readInitialWater(top, dir, scene);
    scene.particles = readParticlePlan(top, 2, {scene.settings.nx * scene.settings.cellSize,
                                                scene.settings.ny * scene.settings.cellSize, 0.0f}, true);
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readWaterEvents(top, scene.dt, scene);
    scene.bodies = readWaterBodies(top, scene.settings);
    // The runner places and draws bodies and particles on square cells only (the library runs them
    // on both lattices).
    if (onTriangles(scene.settings) && !scene.bodies.empty())
        throw SceneError("bodies", "the scene runner places floating bodies on the square lattice only (settings.lattice \"square\")");
    if (onTriangles(scene.settings) && scene.particles.enabled)
        throw SceneError("particles", "the scene runner places particles on the square lattice only (settings.lattice \"square\")");
    detail::readOutputPlan(top, options, scene.steps, scene.output, kWaterViews, kWaterFields, true);
    // Every water view is drawn one pixel per cell.
    // (The Triangle lattice's are drawn on a raster of square pixels, water_lattice.hpp.)
    if (onTriangles(scene.settings)) {
        const auto [width, height] = TriangleRaster::sizeFor(scene.settings);
        detail::requirePictureSize(scene.output, options, width, height);
    } else {
        detail::requirePictureSize(scene.output, options, scene.settings.nx, scene.settings.ny);
    }
    const auto& fields = scene.output.fields;
    if (!onTriangles(scene.settings) && std::find(fields.begin(), fields.end(), WaterField::FlowZ) != fields.end())
        throw SceneError("output.fields.names", "\"flowZ\" exists on the triangle lattice only (settings.lattice \"triangle\")");
    // The library's own check as a backstop (its field names map onto the "settings" and
    // "boundaries" keys).
    detail::checkWithLibrary(scene.settings);
    requireFeasibleDt(scene);
    top.finish();
}

} // namespace billow::scene
