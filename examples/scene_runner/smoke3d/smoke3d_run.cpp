// Runs a 3D smoke scene: builds the SmokeSolver3D (settings and the static obstacles' solid mask),
// hands it each step's emitters at their places and the colliders where their motion has taken
// them, and steps it through the run loop every solver shares (common/run_loop.hpp), writing VDB
// files besides the other outputs.
#include "scene_loader.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "common/maths.hpp"
#include "common/particle_system.hpp"
#include "common/run_loop.hpp"
#include "smoke3d/content_frame.hpp"
#include "smoke3d/smoke3d_outputs.hpp"

namespace billow::scene {

namespace {

bool inside(const Obstacle3D& o, float x, float y, float z) {
    if (o.shape == Obstacle3D::Shape::Sphere) {
        const float dx = x - o.centre[0], dy = y - o.centre[1], dz = z - o.centre[2];
        return dx * dx + dy * dy + dz * dz <= o.radius * o.radius;
    }
    return x >= o.min[0] && x <= o.max[0] && y >= o.min[1] && y <= o.max[1] && z >= o.min[2] && z <= o.max[2];
}


// The obstacles' solid fraction per cell (nx * ny * nz, x fastest): the fraction of 4^3 sample
// points of the cell inside any obstacle. Empty when the scene has none.
std::vector<float> obstacleMask(const Scene3D& scene) {
    if (scene.obstacles.empty()) return {};
    const SmokeSettings3D& s = scene.settings;
    const float h = s.cellSize;
    constexpr int kSub = 4;
    const uint32_t n[3] = {s.nx, s.ny, s.nz};
    // Each obstacle is sampled over its own bounding box of cells only, each cell's 64 samples
    // OR-ed into a bit mask (the union of the obstacles): the work is the boxes' total volume,
    // not cells times obstacles (50 000 boxes on a 24^3 grid used to take minutes).
    struct CellRange {
        int first[3], last[3];  // inclusive; empty when last < first on an axis
    };
    std::vector<CellRange> ranges;
    uint64_t boxCells = 0;
    for (const Obstacle3D& o : scene.obstacles) {
        CellRange r{};
        uint64_t cells = 1;
        for (int a = 0; a < 3; ++a) {
            const bool sphere = o.shape == Obstacle3D::Shape::Sphere;
            const float lo = sphere ? o.centre[a] - o.radius : o.min[a], hi = sphere ? o.centre[a] + o.radius : o.max[a];
            r.first[a] = int(std::clamp(std::floor(lo / h), 0.0f, float(n[a])));
            r.last[a] = int(std::clamp(std::floor(hi / h), -1.0f, float(n[a]) - 1.0f));
            cells *= r.last[a] >= r.first[a] ? uint64_t(r.last[a] - r.first[a] + 1) : 0;
        }
        boxCells += cells;
        ranges.push_back(r);
    }
    const uint64_t gridCells = uint64_t(s.nx) * s.ny * s.nz;
    if (boxCells > kMaxObstacleCellsPerCell * gridCells)
        throw SceneError("obstacles", "the obstacles' bounding boxes cover " + std::to_string(boxCells) +
                                          " cells, more than " + std::to_string(kMaxObstacleCellsPerCell) +
                                          " times the grid's " + std::to_string(gridCells) +
                                          " (merge overlapping obstacles, or give a solid mask)");
    std::vector<uint64_t> covered(gridCells, 0);
    for (size_t k = 0; k < scene.obstacles.size(); ++k) {
        const Obstacle3D& o = scene.obstacles[k];
        const CellRange& r = ranges[k];
        for (int z = r.first[2]; z <= r.last[2]; ++z)
            for (int y = r.first[1]; y <= r.last[1]; ++y)
                for (int x = r.first[0]; x <= r.last[0]; ++x) {
                    uint64_t& bits = covered[x + s.nx * (y + size_t(s.ny) * z)];
                    for (int c = 0; c < kSub * kSub * kSub; ++c) {
                        const float px = (x + (c % kSub + 0.5f) / kSub) * h, py = (y + (c / kSub % kSub + 0.5f) / kSub) * h,
                                    pz = (z + (c / (kSub * kSub) + 0.5f) / kSub) * h;
                        if (inside(o, px, py, pz)) bits |= uint64_t(1) << c;
                    }
                }
    }
    std::vector<float> solid(gridCells, 0.0f);
    for (size_t c = 0; c < gridCells; ++c) solid[c] = float(std::popcount(covered[c])) / float(kSub * kSub * kSub);
    return solid;
}

std::unique_ptr<SmokeSolver3D> createSolver(std::shared_ptr<Context> context, const Scene3D& scene) {
    auto solver = std::make_unique<SmokeSolver3D>(std::move(context), scene.settings);
    const std::vector<float> mask = obstacleMask(scene);
    if (!mask.empty()) solver->setSolidMask(mask);
    return solver;
}

using Quaternion = std::array<float, 4>;  // (x, y, z, w)

Quaternion multiply(const Quaternion& a, const Quaternion& b) {
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

// The rotation by |omega| t about omega's axis (omega in the domain's frame, rad/s).
Quaternion turned(const std::array<float, 3>& omega, double time) {
    const double rate = std::sqrt(double(omega[0]) * omega[0] + double(omega[1]) * omega[1] + double(omega[2]) * omega[2]);
    if (rate == 0.0) return {0.0f, 0.0f, 0.0f, 1.0f};
    const double half = 0.5 * rate * time, s = std::sin(half) / rate;
    return {float(omega[0] * s), float(omega[1] * s), float(omega[2] * s), float(std::cos(half))};
}


// The emitters acting in the step from `time` to `time + dt` (a burst's rates are its amounts / dt).
std::vector<Emitter3D> emittersForStep(const Scene3D& scene, double time, double dt) {
    std::vector<Emitter3D> out;
    for (const SceneEmitter3D& e : scene.emitters) {
        Emitter3D m = e.emitter;
        if (!e.path.empty()) m.centre = positionOnPath(e.path, time);
        if (e.burst) {
            if (!(e.start >= time && e.start < time + dt)) continue;
            const float perStep = static_cast<float>(1.0 / dt);
            m.density *= perStep;
            m.temperature *= perStep;
            m.fuel *= perStep;
            for (float& c : m.colour) c *= perStep;
        } else if (time + dt <= e.start || time >= e.end) {
            continue;
        }
        out.push_back(m);
    }
    return out;
}

// The colliders at `time`: on their paths, or moved by their velocity and turned by their angular
// velocity since time 0.
std::vector<Collider> collidersAt(const Scene3D& scene, double time) {
    std::vector<Collider> out;
    for (const SceneCollider3D& c : scene.colliders) {
        Collider k = c.collider;
        if (!c.path.empty()) {
            k.centre = positionOnPath(c.path, time);
            k.velocity = velocityOnPath(c.path, time);
        } else {
            for (int a = 0; a < 3; ++a) k.centre[a] = narrowToFloat(c.collider.centre[a] + c.collider.velocity[a] * time);
        }
        // The angular velocity is in the domain's frame, so its turn comes after the initial orientation.
        k.orientation = multiply(turned(k.angularVelocity, time), c.collider.orientation);
        out.push_back(k);
    }
    return out;
}

// The scene's dynamic colliders, starting where the scene puts them.
DynamicColliders dynamicBodies(const Scene3D& scene) {
    const SmokeSettings3D& s = scene.settings;
    DynamicColliders bodies(3, {s.nx * double(s.cellSize), s.ny * double(s.cellSize), s.nz * double(s.cellSize)},
                            {s.gravity[0], s.gravity[1], s.gravity[2]}, s.fluidDensity);
    for (size_t k = 0; k < scene.colliders.size(); ++k)
        if (scene.colliders[k].dynamic) bodies.add(uint32_t(k), *scene.colliders[k].dynamic, scene.colliders[k].collider);
    return bodies;
}

bool wantsDivergence(const OutputPlan3D& plan, bool pictures, bool fields, bool metrics) {
    const bool inViews = std::find(plan.views.begin(), plan.views.end(), View3D::Divergence) != plan.views.end();
    const bool inFields = std::find(plan.fields.begin(), plan.fields.end(), SmokeField3D::Divergence) != plan.fields.end();
    return metrics || (pictures && inViews) || (fields && inFields);
}

bool rendersVolume(const OutputPlan3D& plan) {
    return plan.pictureEvery != 0 && std::find(plan.views.begin(), plan.views.end(), View3D::Render) != plan.views.end();
}

// The 3D solver's side of runSteps(). It holds its own members rather than SolverRun's: the
// renderer, too, must be made before the output folder is opened.
class Smoke3DRun {
public:
    using Metrics = StepMetrics3D;

    // The solver (and the renderer) are made before the output folder is opened.
    Smoke3DRun(std::shared_ptr<Context> context, const Scene3D& scene, const RunOptions& options)
        : scene_(scene), solver_(createSolver(context, scene)),
          renderer_(rendersVolume(scene.output)
                        ? std::make_unique<VolumeRenderer>(context)
                        : nullptr),
          writer_(options, scene.name, scene.output, kSmoke3DViews, kSmoke3DFields),
          particles_(scene.particles.enabled ? std::make_unique<ParticleSystem>(context, scene.particles, 3) : nullptr),
          bodies_(dynamicBodies(scene)) {
        solver_->setProfiling(scene.output.metricsEvery != 0);  // GPU timestamps only when they are written
        if (scene.vdb.every) {
            // Written into the staging folder; committing replaces an earlier run's .vdb files.
            vdbDir_ = writer_.dir() + "/vdb";
            finalVdbDir_ = options.outDir + "/vdb";
            std::filesystem::create_directories(vdbDir_);
        }
        if (!scene.colliders.empty()) {
            // The colliders in their first place, so the initial pictures show them.
            placeColliders(0.0);
            solver_->stepPass(SmokePass3D::Colliders, static_cast<float>(scene.dt));
        }
    }

    OutputWriter<View3D, SmokeField3D>& writer() { return writer_; }

    void addSources(uint32_t step) {
        const double time = (step - 1) * scene_.dt;
        const std::vector<Emitter3D> emitters = emittersForStep(scene_, time, scene_.dt);
        solver_->setEmitters(emitters);
        // What an engine has: the newest forces completed, a frame late.
        if (!bodies_.empty()) bodies_.advance(solver_->colliderForces(), time, scene_.dt);
        placeColliders(time);
        if (particles_) particles_->beforeStep(*solver_, time + scene_.dt);
        time_ = time + scene_.dt;
    }
    void advance(Metrics&) { solver_->step(static_cast<float>(scene_.dt)); }
    void readGpuTime(Metrics& m) { m.gpu = solver_->passTimings(); }

    FieldCache3D outputFields(bool pictures, bool fields, bool metrics) {
        // The Divergence field holds what the last projection removed; measure what it left.
        if (wantsDivergence(scene_.output, pictures, fields, metrics))
            solver_->stepPass(SmokePass3D::Divergence, static_cast<float>(scene_.dt));
        return FieldCache3D(*solver_);
    }
    // The render and the slices come finished at their own sizes (output.render's width x height,
    // output.slices.longSide), their legends already drawn (slices: the colour bar).
    Figure draw(View3D view, FieldCache3D& fields) {
        if (view == View3D::Render) {
            const OrbitCamera camera = renderCamera(fields);
            Picture picture = renderPicture(*renderer_, *solver_, scene_.render, camera, colliders_);
            if (particles_)
                particles_->drawProjected(picture, orbitCamera(scene_.settings, camera, float(picture.width) / float(picture.height)),
                                          time_);
            return {std::move(picture), {}, true};
        }
        return {slicePicture(view, fields, scene_.slices), {}, true};
    }
    std::vector<uint64_t> shape(SmokeField3D field) { return fieldShape(field, scene_.settings); }
    // The state a step carries over, checked for non-finite values (colour only exists with
    // settings.colour, and follows the density).
    static constexpr std::array<std::pair<SmokeField3D, const char*>, 7> kStateFields = {
        {{SmokeField3D::VelocityX, "velocityX"}, {SmokeField3D::VelocityY, "velocityY"}, {SmokeField3D::VelocityZ, "velocityZ"},
         {SmokeField3D::Density, "density"}, {SmokeField3D::Temperature, "temperature"}, {SmokeField3D::Fuel, "fuel"},
         {SmokeField3D::Pressure, "pressure"}}};

    // Files are numbered by output frame (0, 1, 2, ...), not by step: Blender and Houdini load
    // a sequence only when its numbers are consecutive. Frame F is step F * every (metadata "step").
    void writeExtras(uint32_t step) {
        // The particles with every picture frame: fields/particles_<step>.npy, (alive, 4): x, y, z, age.
        if (particles_ && due(scene_.output.pictureEvery, step)) {
            char file[64];
            std::snprintf(file, sizeof(file), "/fields/particles_%06u.npy", step);
            std::filesystem::create_directories(writer_.dir() + "/fields");
            particles_->writeNpy(writer_.dir() + file, time_);
        }
        if (!scene_.colliders.empty()) {
            if (!forcesCsv_.isOpen()) forcesCsv_.open(writer_.dir() + "/forces.csv");
            forcesCsv_.write(step, step * scene_.dt, solver_->colliderForces(), colliders_);
        }
        if (!scene_.vdb.every || step % scene_.vdb.every != 0) return;
        writeVdbFrame(vdbFramePath(vdbDir_, scene_.name, step / scene_.vdb.every), *solver_, scene_.vdb, step, step * scene_.dt);
        ++vdbFiles_;
    }
    std::vector<std::string> summaryNotes() const {
        if (!vdbFiles_) return {};
        return {"vdb:       " + std::to_string(vdbFiles_) + " files in " + finalVdbDir_ + "/ (OpenVDB: Blender, Houdini)"};
    }

private:
    void placeColliders(double time) {
        if (scene_.colliders.empty()) return;
        colliders_ = collidersAt(scene_, time);
        bodies_.place(colliders_);
        solver_->setColliders(colliders_);
    }
    // The render's camera: the scene's, aimed at the content seen so far unless the scene aims it.
    OrbitCamera renderCamera(FieldCache3D& fields) {
        const RenderPlan& plan = scene_.render;
        if (!plan.frameContent) return plan.camera;
        const SmokeSettings3D& s = scene_.settings;
        content_.include(s, fields.get(SmokeField3D::Density), fields.get(SmokeField3D::Temperature),
                         fields.get(SmokeField3D::Fuel));
        for (const SceneEmitter3D& e : scene_.emitters) {
            const Emitter3D& m = e.emitter;
            const std::array<float, 3> half = m.shape == EmitterShape::Sphere ? std::array<float, 3>{m.radius, m.radius, m.radius}
                                                                              : m.halfExtents;
            const std::array<float, 3> centre = e.path.empty() ? m.centre : positionOnPath(e.path, 0.0);
            content_.includeBox({centre[0] - half[0], centre[1] - half[1], centre[2] - half[2]},
                                {centre[0] + half[0], centre[1] + half[1], centre[2] + half[2]});
        }
        for (const Obstacle3D& o : scene_.obstacles) {
            if (o.shape == Obstacle3D::Shape::Box) content_.includeBox(o.min, o.max);
            else content_.includeBox({o.centre[0] - o.radius, o.centre[1] - o.radius, o.centre[2] - o.radius},
                                     {o.centre[0] + o.radius, o.centre[1] + o.radius, o.centre[2] + o.radius});
        }
        return content_.framed(s, plan.camera, float(plan.width) / float(plan.height));
    }

    const Scene3D& scene_;
    std::unique_ptr<SmokeSolver3D> solver_;
    std::unique_ptr<VolumeRenderer> renderer_;
    std::vector<Collider> colliders_;  // where the colliders are now (drawn exact in the render)
    ContentFrame content_;
    OutputWriter<View3D, SmokeField3D> writer_;
    std::unique_ptr<ParticleSystem> particles_;  // the scene's "particles", owned as an engine would
    double time_ = 0.0;                           // simulated time after the last step
    std::string vdbDir_, finalVdbDir_;
    uint32_t vdbFiles_ = 0;
    DynamicColliders bodies_;  // the dynamic colliders' motion
    ForcesCsv forcesCsv_;
};

} // namespace

RunSummary runScene(std::shared_ptr<Context> context, const Scene3D& scene, const RunOptions& options) {
    return runSteps<Smoke3DRun>(std::move(context), scene, options);
}

std::string describeScene(const Scene3D& scene) {
    const auto& s = scene.settings;
    char text[96];
    std::snprintf(text, sizeof(text), "%u x %u x %u cells of %.4g m", s.nx, s.ny, s.nz, s.cellSize);
    return text;
}

} // namespace billow::scene
