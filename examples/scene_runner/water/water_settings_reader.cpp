// The "settings" and "boundaries" sections of a water scene: with the grid, everything that becomes
// WaterSettings. Ranges follow WaterSettings::validate(), which runs afterwards as a backstop.
#include <cmath>

#include "common/boundary_sides.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

// The scene's names of the pipe models. A new WaterModel is one more line here.
const WordTable<WaterModel> kWaterModels = {
    {"virtualPipes", WaterModel::VirtualPipes},
    {"depthPipes", WaterModel::DepthPipes},
    {"momentum", WaterModel::Momentum},
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

void readWaterSettings(ObjectReader& top, WaterSettings& s) {
    const nlohmann::json* value = top.child("settings");
    if (!value) return;
    ObjectReader r(*value, "settings");
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
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
    forEachSide(r, [&](int side, ObjectReader& sr) {
        s.boundaries[side] = readBoundaryKeys(sr);
        sr.finish();
    });
    r.forEachObject("openings", "{\"side\", \"from\", \"to\", \"type\", ...}",
                    [&](ObjectReader& o) { s.overrides.push_back(readOpening(o, s)); });
    r.finish();
}

} // namespace billow::scene::detail
