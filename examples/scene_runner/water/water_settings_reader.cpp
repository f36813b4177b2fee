// The "grid", "settings" and "boundaries" sections of a water scene: everything that becomes
// WaterSettings. Ranges follow WaterSettings::validate(), which runs afterwards as a backstop.
#include <cmath>

#include "smoke/smoke_parser_parts.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

// The scene's names of the pipe models. A new WaterModel is one more line here.
const std::initializer_list<std::pair<const char*, WaterModel>> kWaterModels = {
    {"virtualPipes", WaterModel::VirtualPipes},
    {"depthPipes", WaterModel::DepthPipes},
    {"momentum", WaterModel::Momentum},
};

const std::initializer_list<std::pair<const char*, WaterBoundaryType>> kBoundaryTypes = {
    {"wall", WaterBoundaryType::Wall},
    {"inflow", WaterBoundaryType::Inflow},
    {"outflow", WaterBoundaryType::Outflow},
    {"waveMaker", WaterBoundaryType::WaveMaker},
};

// The keys of one boundary (a side or an opening) other than where it is.
WaterBoundary readBoundaryKeys(ObjectReader& r) {
    WaterBoundary b;
    if (!r.has("type")) throw SceneError(r.keyPath("type"), "missing; expected \"wall\", \"inflow\", \"outflow\" or \"waveMaker\"");
    b.type = r.choice("type", b.type, kBoundaryTypes);
    b.flow = static_cast<float>(r.number("flow", b.flow));
    b.amplitude = static_cast<float>(r.number("amplitude", b.amplitude));
    b.period = static_cast<float>(r.number("period", b.period, Range::positive()));
    b.phase = static_cast<float>(r.number("phase", b.phase));
    b.drop = static_cast<float>(r.number("drop", b.drop, Range::nonNegative()));
    return b;
}

WaterBoundary readSide(const nlohmann::json& value, const std::string& path) {
    // Shorthand: "right": "outflow".
    const nlohmann::json object = value.is_string() ? nlohmann::json{{"type", value}} : value;
    ObjectReader r(object, path);
    const WaterBoundary b = readBoundaryKeys(r);
    r.finish();
    return b;
}

// An opening: faces of one side between `from` and `to` (m along the side, from its left or
// bottom end) with their own boundary. In metres, so --scale keeps it at the same place.
WaterFaceOverride readOpening(ObjectReader& r, const WaterSettings& s) {
    WaterFaceOverride o;
    if (!r.has("side")) throw SceneError(r.keyPath("side"), "missing; expected \"left\", \"right\", \"bottom\" or \"top\"");
    o.side = r.choice<Side>("side", Side::Left,
                            {{kSideKeys[0], Side::Left}, {kSideKeys[1], Side::Right}, {kSideKeys[2], Side::Bottom}, {kSideKeys[3], Side::Top}});
    const uint32_t faces = (o.side == Side::Left || o.side == Side::Right) ? s.ny : s.nx;
    const double length = faces * double(s.cellSize);
    const Range along = Range::closed(0.0, length);
    const double from = r.requiredNumber("from", along);
    const double to = r.requiredNumber("to", along);
    if (!(to > from)) throw SceneError(r.keyPath("to"), "expected to > from (metres along the side)");
    // Every face whose centre lies in [from, to], and at least the face under the middle.
    const auto first = static_cast<uint32_t>(std::max(0.0, std::ceil(from / s.cellSize - 0.5)));
    const auto last = static_cast<uint32_t>(std::min(double(faces), std::floor(to / s.cellSize - 0.5) + 1.0));
    o.first = first;
    o.count = last > first ? last - first : 1;
    if (last <= first) o.first = std::min(faces - 1, static_cast<uint32_t>(0.5 * (from + to) / s.cellSize));
    o.boundary = readBoundaryKeys(r);
    r.finish();
    return o;
}

} // namespace

void readWaterGrid(ObjectReader& top, const LoadOptions& options, WaterSettings& s) {
    const nlohmann::json* value = top.child("grid");
    const nlohmann::json empty = nlohmann::json::object();
    ObjectReader r(value ? *value : empty, "grid");
    const GridSize g = readGridSize(r, options);
    r.finish();
    s.nx = g.nx;
    s.ny = g.ny;
    s.cellSize = g.cellSize;
}

void readWaterSettings(ObjectReader& top, WaterSettings& s) {
    const nlohmann::json* value = top.child("settings");
    if (!value) return;
    ObjectReader r(*value, "settings");
    auto f = [&](const char* key, float fallback, Range range) { return static_cast<float>(r.number(key, fallback, range)); };
    s.gravity = f("gravity", s.gravity, Range::positive());
    s.model = r.choice("model", s.model, kWaterModels);
    s.pipeDepth = f("pipeDepth", s.pipeDepth, Range::positive());
    s.friction = f("friction", s.friction, {0.0, 1.0, false, true});
    s.viscosity = f("viscosity", s.viscosity, Range::nonNegative());
    s.courant = f("courant", s.courant, {0.0, 0.7071, true, false});
    s.maxSubsteps = r.integer("maxSubsteps", s.maxSubsteps, 1, 1000000);
    s.dryDepth = f("dryDepth", s.dryDepth, Range::nonNegative());
    s.dyeDecay = f("dyeDecay", s.dyeDecay, Range::nonNegative());
    r.finish();
}

void readWaterBoundaries(ObjectReader& top, WaterSettings& s) {
    const nlohmann::json* value = top.child("boundaries");
    if (!value) return;
    ObjectReader r(*value, "boundaries");
    for (int side = 0; side < 4; ++side)
        if (const nlohmann::json* v = r.child(kSideKeys[side])) s.boundaries[side] = readSide(*v, r.keyPath(kSideKeys[side]));
    if (const nlohmann::json* list = r.child("openings")) {
        const std::string key = r.keyPath("openings");
        if (!list->is_array()) throw SceneError(key, "expected an array of {\"side\", \"from\", \"to\", \"type\", ...}");
        for (size_t k = 0; k < list->size(); ++k) {
            ObjectReader o((*list)[k], indexPath(key, k));
            s.overrides.push_back(readOpening(o, s));
        }
    }
    r.finish();
}

} // namespace billow::scene::detail
