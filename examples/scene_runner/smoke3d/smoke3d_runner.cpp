#include "smoke3d/smoke3d_runner.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <cstdio>
#include <filesystem>

#include "common/output_writer.hpp"
#include "common/run_loop.hpp"
#include "smoke3d/smoke3d_metrics.hpp"
#include "smoke3d/smoke3d_motion.hpp"
#include "smoke3d/smoke3d_setup.hpp"
#include "smoke3d/smoke3d_vdb.hpp"
#include "smoke3d/smoke3d_views.hpp"

namespace billow::scene {

namespace {

bool wantsDivergence(const OutputPlan3D& plan, bool pictures, bool fields, bool metrics) {
    const bool inViews = std::find(plan.views.begin(), plan.views.end(), View3D::Divergence) != plan.views.end();
    const bool inFields = std::find(plan.fields.begin(), plan.fields.end(), Field3D::Divergence) != plan.fields.end();
    return metrics || (pictures && inViews) || (fields && inFields);
}

bool rendersVolume(const OutputPlan3D& plan) {
    return plan.pictureEvery != 0 && std::find(plan.views.begin(), plan.views.end(), View3D::Render) != plan.views.end();
}

// The 3D solver's side of runSteps().
class Smoke3DRun {
public:
    using Metrics = StepMetrics3D;

    // The solver (and the renderer) are made before the output folder is opened.
    Smoke3DRun(std::shared_ptr<Context> context, const Scene3D& scene, const RunOptions& options)
        : scene_(scene), solver_(createSolver(context, scene)),
          renderer_(rendersVolume(scene.output)
                        ? std::make_unique<render::VolumeRenderer>(*context, scene.render.width, scene.render.height)
                        : nullptr),
          writer_(options, scene.name, scene.output, kSmoke3DViews, kSmoke3DFields) {
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
            solver_->stepPass(Pass3D::Colliders, static_cast<float>(scene.dt));
        }
    }

    OutputWriter<View3D, Field3D>& writer() { return writer_; }

    void addSources(uint32_t step) {
        const double time = (step - 1) * scene_.dt;
        const std::vector<Emitter3D> emitters = emittersForStep(scene_, time, scene_.dt);
        solver_->setEmitters(emitters);
        placeColliders(time);
    }
    void advance(Metrics&) { solver_->step(static_cast<float>(scene_.dt)); }
    void readGpuTime(Metrics& m) { m.gpu = solver_->passTimings(); }

    FieldCache3D outputFields(bool pictures, bool fields, bool metrics) {
        // The Divergence field holds what the last projection removed; measure what it left.
        if (wantsDivergence(scene_.output, pictures, fields, metrics))
            solver_->stepPass(Pass3D::Divergence, static_cast<float>(scene_.dt));
        return FieldCache3D(*solver_);
    }
    // The render and the slices come with their legends already drawn (slices: the colour bar).
    Figure draw(View3D view, FieldCache3D& fields) {
        if (view == View3D::Render) return {renderPicture(*renderer_, *solver_, scene_.render), {}};
        return {slicePicture(view, fields, scene_.slices), {}};
    }
    std::vector<uint64_t> shape(Field3D field) { return fieldShape(field, scene_.settings); }
    // The state a step carries over, checked for non-finite values (colour only exists with
    // settings.colour, and follows the density).
    static constexpr std::array<std::pair<Field3D, const char*>, 7> kStateFields = {
        {{Field3D::VelocityX, "velocityX"}, {Field3D::VelocityY, "velocityY"}, {Field3D::VelocityZ, "velocityZ"},
         {Field3D::Density, "density"}, {Field3D::Temperature, "temperature"}, {Field3D::Fuel, "fuel"},
         {Field3D::Pressure, "pressure"}}};

    void writeExtras(uint32_t step) {
        if (!scene_.vdb.every || step % scene_.vdb.every != 0) return;
        char name[32];
        std::snprintf(name, sizeof(name), "_%06u.vdb", step);
        writeVdbFrame(vdbDir_ + "/" + scene_.name + name, *solver_, scene_.vdb, step * scene_.dt);
        ++vdbFiles_;
    }
    std::vector<std::string> summaryNotes() const {
        if (!vdbFiles_) return {};
        return {"vdb:       " + std::to_string(vdbFiles_) + " files in " + finalVdbDir_ + "/ (OpenVDB: Blender, Houdini)"};
    }

private:
    void placeColliders(double time) {
        if (!scene_.colliders.empty()) solver_->setColliders(collidersAt(scene_, time));
    }

    const Scene3D& scene_;
    std::unique_ptr<SmokeSolver3D> solver_;
    std::unique_ptr<render::VolumeRenderer> renderer_;
    OutputWriter<View3D, Field3D> writer_;
    std::string vdbDir_, finalVdbDir_;
    uint32_t vdbFiles_ = 0;
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
