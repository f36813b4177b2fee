#include "smoke/smoke_runner.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "common/output_writer.hpp"
#include "common/run_loop.hpp"
#include "smoke/smoke_emitters.hpp"
#include "smoke/smoke_metrics.hpp"
#include "smoke/smoke_setup.hpp"
#include "smoke/smoke_views.hpp"

namespace billow::scene {

namespace {

bool divergenceInViews(const OutputPlan& plan) {
    return std::find(plan.views.begin(), plan.views.end(), View::Divergence) != plan.views.end();
}

bool wantsDivergence(const OutputPlan& plan, bool pictures, bool fields, bool metrics) {
    const bool inFields = std::find(plan.fields.begin(), plan.fields.end(), Field::Divergence) != plan.fields.end();
    return metrics || (pictures && divergenceInViews(plan)) || (fields && inFields);
}

// The smoke solver's side of runSteps().
class SmokeRun {
public:
    using Metrics = StepMetrics;

    // The solver is made before the output folder is opened.
    SmokeRun(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options)
        : scene_(scene), solver_(createSolver(std::move(context), scene)),
          writer_(options, scene.name, scene.output, kSmokeViews, kSmokeFields) {
        solver_->setProfiling(scene.output.metricsEvery != 0);  // GPU timestamps only when they are written
    }

    OutputWriter<View, Field>& writer() { return writer_; }

    void addSources(uint32_t step) {
        for (const Splat& splat : splatsForStep(scene_, (step - 1) * scene_.dt, scene_.dt)) solver_->addSplat(splat);
    }
    void advance(Metrics&) { solver_->step(static_cast<float>(scene_.dt)); }
    void readGpuTime(Metrics& m) { m.gpu = solver_->passTimings(); }

    FieldCache outputFields(bool pictures, bool fields, bool metrics) {
        // The solver's divergence buffer holds the divergence BEFORE the last projection; the
        // divergence picture is scaled to it, so keep it, then measure the divergence again so
        // pictures and metrics show what the projection left.
        std::vector<float> before;
        if (pictures && divergenceInViews(scene_.output)) before = solver_->download(Field::Divergence);
        if (wantsDivergence(scene_.output, pictures, fields, metrics))
            solver_->stepPass(Pass::Divergence, static_cast<float>(scene_.dt));
        FieldCache cache(*solver_);
        cache.keepDivergenceBeforeProjection(std::move(before));
        return cache;
    }
    Figure draw(View view, FieldCache& fields) { return renderView(view, fields); }
    std::vector<uint64_t> shape(Field field) { return fieldShape(field, scene_.settings); }
    // The state a step carries over, checked for non-finite values.
    static constexpr std::array<std::pair<Field, const char*>, 6> kStateFields = {
        {{Field::VelocityX, "velocityX"}, {Field::VelocityY, "velocityY"}, {Field::Density, "density"},
         {Field::Temperature, "temperature"}, {Field::Pressure, "pressure"}, {Field::Dye, "dye"}}};

private:
    const Scene& scene_;
    std::unique_ptr<SmokeSolver> solver_;
    OutputWriter<View, Field> writer_;
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
