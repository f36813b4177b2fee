// Runs a smoke scene: builds the SmokeSolver (settings, obstacles, initial fields), turns the
// scene's emitters and random-splat generator into each step's splats, and steps the solver
// through the run loop every solver shares (common/run_loop.hpp).
#include "scene_loader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <utility>

#include "common/pictures.hpp"
#include "common/particle_system.hpp"
#include "common/run_loop.hpp"
#include "smoke/smoke_outputs.hpp"
#include "smoke/smoke_probes.hpp"

namespace billow::scene {

Vec2 Emitter::positionAt(double time) const { return path.empty() ? position : positionOnPath(path, time); }

namespace {

// Builds the solver for a scene: settings, obstacles, initial fields (files and vortices).
std::unique_ptr<SmokeSolver> createSolver(std::shared_ptr<Context> context, const Scene& scene) {
    auto solver = std::make_unique<SmokeSolver>(std::move(context), scene.settings);
    if (!scene.maskSolid.empty()) solver->setSolidMask(scene.maskSolid);
    for (const Obstacle& o : scene.obstacles) {
        switch (o.shape) {
        case Obstacle::Shape::Circle: solver->addCircleObstacle(o.centre[0], o.centre[1], o.radius); break;
        case Obstacle::Shape::Box: solver->addBoxObstacle(o.min[0], o.min[1], o.max[0], o.max[1]); break;
        case Obstacle::Shape::Walls: solver->addWallObstacles(o.thickness, o.sides); break;
        }
    }
    const InitialFields& in = scene.initial;
    // The parser has added the vortices into the velocities already.
    if (!in.velocityX.empty()) solver->upload(SmokeField::VelocityX, in.velocityX);
    if (!in.velocityY.empty()) solver->upload(SmokeField::VelocityY, in.velocityY);
    if (!in.density.empty()) solver->upload(SmokeField::Density, in.density);
    if (!in.temperature.empty()) solver->upload(SmokeField::Temperature, in.temperature);
    if (!in.pressure.empty()) solver->upload(SmokeField::Pressure, in.pressure);
    if (!in.dye.empty()) solver->upload(SmokeField::Dye, in.dye);
    return solver;
}

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

// The splats to add before the step that advances from `time` to `time + dt`. Continuous
// emitters contribute amount * dt; bursts whose time falls in [time, time + dt) contribute once.
// Deterministic: the same scene gives the same splats whatever else happens.
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

bool divergenceInViews(const OutputPlan& plan) {
    return std::find(plan.views.begin(), plan.views.end(), View::Divergence) != plan.views.end();
}

bool wantsDivergence(const OutputPlan& plan, bool pictures, bool fields, bool metrics) {
    const bool inFields = std::find(plan.fields.begin(), plan.fields.end(), SmokeField::Divergence) != plan.fields.end();
    return metrics || (pictures && divergenceInViews(plan)) || (fields && inFields);
}

// The smoke solver's side of runSteps().
class SmokeRun : public SolverRun<Scene, SmokeSolver, StepMetrics, View, SmokeField> {
public:
    SmokeRun(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options)
        : SolverRun(createSolver(context, scene), scene, options, kSmokeViews, kSmokeFields), colliders_(scene),
          particles_(scene.particles.enabled ? std::make_unique<ParticleSystem>(context, scene.particles, 2) : nullptr) {
        colliders_.start(*solver_);
        if (!scene.probes.empty()) {
            solver_->setProbes(scene.probes);
            probeLog_.emplace(writer_.dir() + "/probes.csv");
        }
    }

    void addSources(uint32_t step) {
        for (const Splat& splat : splatsForStep(scene_, (step - 1) * scene_.dt, scene_.dt)) solver_->addSplat(splat);
        time_ = step * scene_.dt;
        if (particles_) particles_->beforeStep(*solver_, time_);
        colliders_.beforeStep(*solver_, (step - 1) * scene_.dt, scene_.dt);
    }
    void advance(Metrics&) { solver_->step(static_cast<float>(scene_.dt)); }
    void readGpuTime(Metrics& m) { m.gpu = solver_->passTimings(); }

    FieldCache outputFields(bool pictures, bool fields, bool metrics) {
        // The solver's divergence buffer holds the divergence BEFORE the last projection; the
        // divergence picture is scaled to it, so keep it, then measure the divergence again so
        // pictures and metrics show what the projection left.
        std::vector<float> before;
        if (pictures && divergenceInViews(scene_.output)) before = solver_->download(SmokeField::Divergence);
        if (wantsDivergence(scene_.output, pictures, fields, metrics))
            solver_->stepPass(SmokePass::Divergence, static_cast<float>(scene_.dt));
        FieldCache cache(*solver_);
        cache.keepDivergenceBeforeProjection(std::move(before));
        return cache;
    }
    Figure draw(View view, FieldCache& fields) {
        Figure figure = renderView(view, fields);
        if (particles_) particles_->drawOnGrid(figure.image, scene_.settings.nx * scene_.settings.cellSize, time_);
        markProbes(figure, scene_.probes, scene_.settings);
        return figure;
    }
    // The probes' samples of the step just run (step() waited for it), into probes.csv.
    void writeExtras(uint32_t step) {
        colliders_.afterStep(*solver_, writer_.dir(), step, step * scene_.dt);
        if (!probeLog_ || step == 0) return;
        if (const std::optional<ProbeResults> results = solver_->probeResults()) probeLog_->append(step, *results, scene_.probes);
    }
    std::vector<std::string> summaryNotes() const {
        if (!probeLog_) return {};
        return {"probes.csv: " + std::to_string(probeLog_->rows()) + " rows (" + std::to_string(scene_.probes.size()) +
                " probes)"};
    }
    std::vector<uint64_t> shape(SmokeField field) { return fieldShape(field, scene_.settings); }
    // The state a step carries over, checked for non-finite values.
    static constexpr std::array<std::pair<SmokeField, const char*>, 6> kStateFields = {
        {{SmokeField::VelocityX, "velocityX"}, {SmokeField::VelocityY, "velocityY"}, {SmokeField::Density, "density"},
         {SmokeField::Temperature, "temperature"}, {SmokeField::Pressure, "pressure"}, {SmokeField::Dye, "dye"}}};

private:
    SmokeColliderRun colliders_;
    std::optional<ProbeLog> probeLog_;
    std::unique_ptr<ParticleSystem> particles_;  // the scene's "particles", owned as an engine would
    double time_ = 0.0;                           // simulated time after the last step
};

} // namespace

RunSummary runScene(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options) {
    return runSteps<SmokeRun>(std::move(context), scene, options);
}

std::string describeScene(const Scene& scene) {
    const auto& s = scene.settings;
    return std::to_string(s.nx) + " x " + std::to_string(s.ny) + " cells (dye " + std::to_string(s.effectiveDyeNx()) + " x " +
           std::to_string(s.effectiveDyeNy()) + ")";
}

} // namespace billow::scene
