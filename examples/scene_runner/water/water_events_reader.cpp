// The "events" section of a water scene: rain, springs and sinks over a time span, and digging or
// raising terrain along a path (a channel dug mid-run).
#include <billow/limits.hpp>

#include "common/time_reader.hpp"
#include "water/water_brushes.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

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

// A rain, spring or sink must reach a cell centre (or it would add nothing, silently), and the
// depth its brush adds in a step of `dt` must stay far inside float's range.
void requireUsableBrush(const WaterSettings& s, const WaterEvent& e, double dt, const std::string& key) {
    using K = WaterEvent::Kind;
    if (e.kind == K::Dig || e.kind == K::Raise) return;
    const double weights = eventWeightSum(s, e);
    if (!(weights > 0.0))
        throw SceneError(key + ".radius", "reaches no cell centre (cells are " + std::to_string(s.cellSize) +
                                              " m): expected a radius of at least half a cell, or a position nearer a cell centre");
    const double cellArea = double(s.cellSize) * s.cellSize;
    const double volume = e.kind == K::Rain ? e.flow * s.nx * s.ny * cellArea : e.flow;
    const double depth = volume * dt / (weights * cellArea);
    if (!(depth <= limits::kMaxMagnitude))
        throw SceneError(key + (e.kind == K::Rain ? ".rate" : ".flow"),
                         "adds " + std::to_string(depth) + " m of water in one step at the brush's centre; expected at most 1e6 m (the solver's bound)");
}

} // namespace

void readWaterEvents(ObjectReader& top, double dt, WaterScene& scene) {
    top.forEachObject("events", "events {\"type\": ...}", [&](ObjectReader& r) {
        scene.events.push_back(readEvent(r, scene.settings));
        requireUsableBrush(scene.settings, scene.events.back(), dt, r.path());
    });
    // The solver takes at most kMaxBrushesPerFrame brushes a step: count what events active at
    // the same time need (conservatively: every pair whose time spans touch).
    const uint32_t most = WaterSolver::kMaxBrushesPerFrame;
    for (size_t k = 0; k < scene.events.size(); ++k) {
        const WaterEvent& e = scene.events[k];
        uint64_t together = 0;
        for (const WaterEvent& other : scene.events)
            if (other.start <= e.end && e.start <= other.end) together += brushesPerStep(other);
        if (together > most)
            throw SceneError(indexPath("events", k),
                             "needs " + std::to_string(together) + " brushes in one step together with the events at the same time, at most " +
                                 std::to_string(most) + " (a path takes one brush per radius / 4 of its length: use a larger radius, a shorter path, or other times)");
    }
}

} // namespace billow::scene::detail
