// Runs a water scene: builds the WaterSolver (terrain and initial water), turns the scene's events
// (springs, sinks, digging, raising) into the WaterBrushes of each step and its rain into the
// solver's rain (WaterSolver::setRain), and steps the solver through the run loop every solver
// shares (common/run_loop.hpp). Volumes are exact on the grid: a spring's brush is scaled by the
// sum of its weights over the cells it touches, so `flow` m^3/s really enters (sinks remove at
// most what is there), and the rain adds rate * dt over the domain's columns.
#include "scene_loader.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "common/maths.hpp"
#include "common/particle_system.hpp"
#include "common/run_loop.hpp"
#include "water/water_bodies.hpp"
#include "water/water_lattice.hpp"
#include "water/water_outputs.hpp"

namespace billow::scene {

namespace {

// The brush weight max(0, 1 - distance / radius) summed over the columns (as the brush shader
// weighs them, from cell centres or lattice vertices).
double weightSum(const WaterSettings& s, float x, float y, float radius) {
    // The columns the brush can reach, one row and column of margin around the nearest ones to
    // its bounding box's corners (clamped to the grid, so a reach far past it stays in range).
    const auto low = nearestColumn(s, {x - radius, y - radius}), high = nearestColumn(s, {x + radius, y + radius});
    const uint32_t i0 = low[0] > 0 ? low[0] - 1 : 0, j0 = low[1] > 0 ? low[1] - 1 : 0;
    const uint32_t i1 = std::min(high[0] + 1, s.nx - 1), j1 = std::min(high[1] + 1, s.ny - 1);
    double sum = 0.0;
    for (uint32_t j = j0; j <= j1; ++j)
        for (uint32_t i = i0; i <= i1; ++i) {
            const Vec2 c = columnCentre(s, i, j);
            sum += std::max(0.0, 1.0 - std::hypot(double(c[0]) - x, double(c[1]) - y) / radius);
        }
    return sum;
}

double overlap(double a0, double a1, double b0, double b1) { return std::max(0.0, std::min(a1, b1) - std::max(a0, b0)); }

double pathLength(const std::vector<Vec2>& path) {
    double length = 0.0;
    for (size_t k = 1; k < path.size(); ++k) length += std::hypot(path[k][0] - path[k - 1][0], path[k][1] - path[k - 1][1]);
    return length;
}

// The brush a spring or sink event paints with (its amounts left at 0).
WaterBrush eventBrush(const WaterEvent& e) {
    WaterBrush b;
    b.x = e.position[0];
    b.y = e.position[1];
    b.radius = e.radius;
    return b;
}

// Brushes along a path: one every radius / 4 from the first point, counted in double (a tiny
// radius on a long path must give a large count, not a wrapped one).
double pathBrushCount(const WaterEvent& e) {
    const double length = pathLength(e.path);
    if (e.path.size() < 2 || length <= 0.0) return 1.0;
    return std::floor(length / (e.radius / 4.0) + 1e-9) + 1.0;
}

} // namespace

double eventWeightSum(const WaterSettings& s, const WaterEvent& e) {
    const WaterBrush b = eventBrush(e);
    return weightSum(s, b.x, b.y, b.radius);
}

uint32_t brushesPerStep(const WaterEvent& e) {
    if (e.kind == WaterEvent::Kind::Rain) return 0;  // the solver's rain
    const bool alongPath = e.kind == WaterEvent::Kind::Dig || e.kind == WaterEvent::Kind::Raise;
    return alongPath ? static_cast<uint32_t>(std::min(pathBrushCount(e), 1e9)) : 1u;
}

namespace {

// Dig/raise events place brushes along their path, radius / 4 apart from its first point (their
// sum along a straight centre line is then 4 brushes' worth everywhere, which the amounts divide
// out).
std::vector<Vec2> pathBrushCentres(const WaterEvent& e) {
    // Exactly radius / 4 apart from the first point on: overlapping cones at a spacing that
    // divides the radius add up to the same depth everywhere along a straight centre line. The
    // trench therefore ends within radius / 4 of the last point.
    const double length = pathLength(e.path);
    if (e.path.size() < 2 || length <= 0.0) return {e.path.front()};
    const double spacing = e.radius / 4.0;
    // The scene's check (brushesPerStep <= the solver's 64 a step) bounds the count.
    const auto count = static_cast<uint32_t>(std::min(pathBrushCount(e), double(WaterSolver::kMaxBrushesPerFrame)));
    std::vector<Vec2> out;
    size_t leg = 1;
    double legStart = 0.0;
    for (uint32_t k = 0; k < count; ++k) {
        const double at = k * spacing;
        auto legLength = [&] { return std::hypot(e.path[leg][0] - e.path[leg - 1][0], e.path[leg][1] - e.path[leg - 1][1]); };
        while (leg + 1 < e.path.size() && at > legStart + legLength()) {
            legStart += legLength();
            ++leg;
        }
        const Vec2 a = e.path[leg - 1], b = e.path[leg];
        const double f = legLength() > 0 ? std::clamp((at - legStart) / legLength(), 0.0, 1.0) : 0.0;
        out.push_back({static_cast<float>(a[0] + f * (b[0] - a[0])), static_cast<float>(a[1] + f * (b[1] - a[1]))});
    }
    return out;
}

struct StepBrushes {
    std::vector<WaterBrush> brushes;
    WaterRain rain;                // the rain events' mean rate and dye over the step
    double requestedVolume = 0.0;  // m^3 the brushes and the rain add (sinks: minus what they ask to remove)
};

// The brushes and the rain for the step from `t0` to `t1` (s). Continuous events (rain, spring,
// sink) give rate * overlap (the rain as its mean rate over the step: rate * overlap / (t1 - t0));
// dig/raise give their amount times the share of [start, end) inside the step, or all of it in
// the step that contains `start` when they last no time. `rainArea` is the solver's.
StepBrushes brushesForStep(const WaterScene& scene, double t0, double t1, double rainArea) {
    const WaterSettings& s = scene.settings;
    const double cellArea = columnArea(s);
    StepBrushes out;
    for (const WaterEvent& e : scene.events) {
        using K = WaterEvent::Kind;
        if (e.kind == K::Dig || e.kind == K::Raise) {
            double share = 0.0;
            if (e.end > e.start) share = overlap(t0, t1, e.start, e.end) / (e.end - e.start);
            else if (e.start >= t0 && e.start < t1) share = 1.0;
            if (share <= 0.0) continue;
            const std::vector<Vec2> centres = pathBrushCentres(e);
            // Cones radius / 4 apart add up to 4 cones along the line; one point is one cone.
            const double perBrush = centres.size() > 1 ? share / 4.0 : share;
            const float sign = e.kind == K::Dig ? -1.0f : 1.0f;
            for (const Vec2& c : centres) {
                WaterBrush b;
                b.x = c[0];
                b.y = c[1];
                b.radius = e.radius;
                b.terrain = narrowToFloat(sign * e.amount * perBrush);
                b.dye = narrowToFloat(e.dye * perBrush);
                out.brushes.push_back(b);
            }
            continue;
        }
        const double seconds = overlap(t0, t1, e.start, e.end);
        if (seconds <= 0.0) continue;
        if (e.kind == K::Rain) {
            const double share = seconds / (t1 - t0);
            out.rain.rate = narrowToFloat(out.rain.rate + e.flow * share);
            out.rain.dye = narrowToFloat(out.rain.dye + e.dye * share);
            out.requestedVolume += double(narrowToFloat(e.flow * share)) * (t1 - t0) * rainArea;
            continue;
        }
        WaterBrush b = eventBrush(e);
        const double weights = weightSum(s, b.x, b.y, b.radius);
        if (weights <= 0.0) continue;
        const double volume = e.flow * seconds;
        const double signedVolume = e.kind == K::Sink ? -volume : volume;
        // The scene's check keeps these within float's range (see readWaterEvents).
        b.water = narrowToFloat(signedVolume / (weights * cellArea));
        b.dye = narrowToFloat(e.dye * seconds);
        out.requestedVolume += signedVolume;
        out.brushes.push_back(b);
    }
    return out;
}

std::unique_ptr<WaterSolver> createWaterSolver(std::shared_ptr<Context> context, const WaterScene& scene) {
    auto solver = std::make_unique<WaterSolver>(std::move(context), scene.settings);
    solver->upload(WaterField::Terrain, scene.terrain);
    if (!scene.depth.empty()) solver->upload(WaterField::Depth, scene.depth);
    if (!scene.dye.empty()) solver->upload(WaterField::Dye, scene.dye);
    if (!scene.hardness.empty()) solver->upload(WaterField::Hardness, scene.hardness);
    return solver;
}

// The water solver's side of runSteps().
class WaterRun : public SolverRun<WaterScene, WaterSolver, WaterStepMetrics, WaterView, WaterField> {
public:
    WaterRun(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options)
        : SolverRun(createWaterSolver(context, scene), scene, options, kWaterViews, kWaterFields),
          particles_(scene.particles.enabled ? std::make_unique<ParticleSystem>(context, scene.particles, 2) : nullptr) {
        if (!scene.bodies.empty()) {
            solver_->setBodies(scene.bodies);
            bodiesLog_.open(writer().dir());
        }
    }

    void addSources(uint32_t step) {
        // Both ends from the step number, so consecutive steps tile time exactly.
        const StepBrushes brushes = brushesForStep(scene_, (step - 1) * scene_.dt, step * scene_.dt, solver_->rainArea());
        for (const WaterBrush& b : brushes.brushes) solver_->addBrush(b);
        solver_->setRain(brushes.rain);
        addedWater_ += brushes.requestedVolume;
        time_ = step * scene_.dt;
        if (particles_) particles_->beforeStep(*solver_, time_);
    }
    void advance(Metrics& m) {
        m.substeps = solver_->step(static_cast<float>(scene_.dt));
        m.addedWater = addedWater_;
    }
    void readGpuTime(Metrics& m) {
        const double gpu = solver_->lastFrameMilliseconds();
        if (gpu >= 0.0) m.gpuMs = gpu;
    }

    WaterFieldCache outputFields(bool, bool, bool) { return WaterFieldCache(*solver_, scene_.terrain); }
    Figure draw(WaterView view, WaterFieldCache& fields) {
        Figure figure = renderWaterView(view, fields);
        if (particles_) particles_->drawOnGrid(figure.image, scene_.settings.nx * scene_.settings.cellSize, time_);
        if (!scene_.bodies.empty() && (view == WaterView::Water || view == WaterView::Speed || view == WaterView::Depth)) {
            const std::optional<FloatingBodyReport> report = solver_->bodies();
            drawBodies(figure.image, scene_.settings, scene_.bodies, report ? report->bodies : initialStates());
        }
        return figure;
    }
    // The bodies' poses of every step (step() waits, so the newest report is this step's).
    void writeExtras(uint32_t step) {
        if (step > 0) bodiesLog_.write(step, step * scene_.dt, solver_->bodies());
    }
    std::vector<uint64_t> shape(WaterField field) { return fieldShape(field, scene_.settings); }
    // The state a step carries over, checked for non-finite values.
    static constexpr std::array<std::pair<WaterField, const char*>, 5> kStateFields = {
        {{WaterField::Terrain, "terrain"}, {WaterField::Depth, "depth"}, {WaterField::FlowX, "flowX"},
         {WaterField::FlowY, "flowY"}, {WaterField::Dye, "dye"}}};

private:
    std::vector<FloatingBodyState> initialStates() const {
        std::vector<FloatingBodyState> states(scene_.bodies.size());
        for (size_t k = 0; k < states.size(); ++k) {
            states[k].centre = scene_.bodies[k].centre;
            states[k].orientation = scene_.bodies[k].orientation;
        }
        return states;
    }

    double addedWater_ = 0.0;  // m^3 the events asked to add so far
    WaterBodiesLog bodiesLog_;
    std::unique_ptr<ParticleSystem> particles_;  // the scene's "particles", owned as an engine would
    double time_ = 0.0;                           // simulated time after the last step
};

} // namespace

RunSummary runScene(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options) {
    return runSteps<WaterRun>(std::move(context), scene, options);
}

std::string describeScene(const WaterScene& scene) {
    const std::string columns = onTriangles(scene.settings) ? " vertices of a triangle lattice" : " cells";
    return "shallow water, " + std::to_string(scene.settings.nx) + " x " + std::to_string(scene.settings.ny) + columns;
}

} // namespace billow::scene
