#include "smoke/smoke_emitters.hpp"

#include <cmath>
#include <random>

#include "common/colour_maps.hpp"

namespace billow::scene {

namespace {

bool firesIn(double eventTime, double time, double dt) { return eventTime >= time && eventTime < time + dt; }

Splat emitterSplat(const Emitter& e, double time, float amount) {
    Splat s;
    const Vec2 p = e.positionAt(time);
    s.x = p[0];
    s.y = p[1];
    s.radius = e.radius;
    s.falloff = e.falloff;
    s.velocity = {e.velocity[0] * amount, e.velocity[1] * amount};
    s.density = e.density * amount;
    s.temperature = e.temperature * amount;
    for (int c = 0; c < 4; ++c) s.dye[c] = e.colour[c] * amount;
    return s;
}

// Burst number `index` of the generator: its own random stream, so results do not depend on dt.
void addRandomBurst(const RandomSplats& g, uint64_t index, const SmokeSettings& settings, std::vector<Splat>& out) {
    std::mt19937_64 rng(g.seed * 0x9E3779B97F4A7C15ull + index);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const float w = settings.nx * settings.cellSize, h = settings.ny * settings.cellSize;
    for (uint32_t k = 0; k < g.count; ++k) {
        Splat s;
        s.x = w * unit(rng);
        s.y = h * unit(rng);
        s.radius = g.radius;
        const float angle = 6.2831853f * unit(rng);
        s.velocity = {g.speed * std::cos(angle), g.speed * std::sin(angle)};
        s.density = g.density;
        const std::array<float, 3> c = hueRgb(unit(rng));
        s.dye = {c[0] * g.brightness, c[1] * g.brightness, c[2] * g.brightness, g.brightness};
        out.push_back(s);
    }
}

} // namespace

Vec2 Emitter::positionAt(double time) const { return path.empty() ? position : positionOnPath(path, time); }

std::vector<Splat> splatsForStep(const Scene& scene, double time, double dt) {
    std::vector<Splat> out;
    for (const Emitter& e : scene.emitters) {
        if (e.burst) {
            if (firesIn(e.start, time, dt)) out.push_back(emitterSplat(e, e.start, 1.0f));
        } else if (time + dt > e.start && time < e.end) {
            // The part of this step during which the emitter is on, at its position mid-way.
            const double from = std::max(time, e.start), to = std::min(time + dt, e.end);
            out.push_back(emitterSplat(e, 0.5 * (from + to), static_cast<float>(to - from)));
        }
    }
    if (const auto& g = scene.randomSplats) {
        // Bursts at start, start + interval, ... before end. Each burst of this step adds at least
        // one splat, so stopping once the solver's queue is full bounds the loop (the scene's
        // interval >= 1 us and times <= kMaxEventTime keep k exact in double).
        const double first = std::ceil((time - g->start) / g->interval - 1e-9);
        for (double k = std::max(0.0, first); out.size() < SmokeSolver::kMaxSplatsPerStep; k += 1.0) {
            const double at = g->start + k * g->interval;
            if (at >= time + dt || at >= g->end) break;
            if (firesIn(at, time, dt)) addRandomBurst(*g, static_cast<uint64_t>(k), scene.settings, out);
        }
    }
    // Generators faster than the step could exceed the solver's queue: keep the first ones.
    if (out.size() > SmokeSolver::kMaxSplatsPerStep) out.resize(SmokeSolver::kMaxSplatsPerStep);
    return out;
}

} // namespace billow::scene
