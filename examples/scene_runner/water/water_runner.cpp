#include "water/water_runner.hpp"

#include <array>
#include <utility>

#include "common/output_writer.hpp"
#include "common/run_loop.hpp"
#include "water/water_brushes.hpp"
#include "water/water_metrics.hpp"
#include "water/water_views.hpp"

namespace billow::scene {

namespace {

std::unique_ptr<WaterSolver> createWaterSolver(std::shared_ptr<Context> context, const WaterScene& scene) {
    auto solver = std::make_unique<WaterSolver>(std::move(context), scene.settings);
    solver->upload(WaterField::Terrain, scene.terrain);
    if (!scene.depth.empty()) solver->upload(WaterField::Depth, scene.depth);
    if (!scene.dye.empty()) solver->upload(WaterField::Dye, scene.dye);
    return solver;
}

// The water solver's side of runSteps().
class WaterRun {
public:
    using Metrics = WaterStepMetrics;

    // The solver is made before the output folder is opened.
    WaterRun(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options)
        : scene_(scene), solver_(createWaterSolver(std::move(context), scene)),
          writer_(options, scene.name, scene.output, kWaterViews, kWaterFields) {
        solver_->setProfiling(scene.output.metricsEvery != 0);  // GPU timestamps only when they are written
    }

    OutputWriter<WaterView, WaterField>& writer() { return writer_; }

    void addSources(uint32_t step) {
        // Both ends from the step number, so consecutive steps tile time exactly.
        const StepBrushes brushes = brushesForStep(scene_, (step - 1) * scene_.dt, step * scene_.dt);
        for (const WaterBrush& b : brushes.brushes) solver_->addBrush(b);
        addedWater_ += brushes.requestedVolume;
    }
    void advance(Metrics& m) {
        m.substeps = solver_->step(static_cast<float>(scene_.dt));
        m.addedWater = addedWater_;
    }
    void readGpuTime(Metrics& m) {
        const double gpu = solver_->lastFrameMilliseconds();
        if (gpu >= 0.0) m.gpuMs = gpu;
    }

    WaterFieldCache outputFields(bool, bool, bool) { return WaterFieldCache(*solver_); }
    Figure draw(WaterView view, WaterFieldCache& fields) { return renderWaterView(view, fields); }
    std::vector<uint64_t> shape(WaterField field) { return fieldShape(field, scene_.settings); }
    // The state a step carries over, checked for non-finite values.
    static constexpr std::array<std::pair<WaterField, const char*>, 5> kStateFields = {
        {{WaterField::Terrain, "terrain"}, {WaterField::Depth, "depth"}, {WaterField::FlowX, "flowX"},
         {WaterField::FlowY, "flowY"}, {WaterField::Dye, "dye"}}};

private:
    const WaterScene& scene_;
    std::unique_ptr<WaterSolver> solver_;
    OutputWriter<WaterView, WaterField> writer_;
    double addedWater_ = 0.0;  // m^3 the events asked to add so far
};

} // namespace

RunSummary runScene(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options) {
    return runSteps<WaterRun>(std::move(context), scene, options);
}

std::string describeScene(const WaterScene& scene) {
    return "shallow water, " + std::to_string(scene.settings.nx) + " x " + std::to_string(scene.settings.ny) + " cells";
}

} // namespace billow::scene
