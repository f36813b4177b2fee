#include "water/water_runner.hpp"


#include "common/animation.hpp"
#include "common/output_folder.hpp"
#include "common/run_timing.hpp"
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

std::vector<std::string> allWaterViewNames() {
    std::vector<std::string> names;
    for (WaterView v : {WaterView::Water, WaterView::Depth, WaterView::Speed, WaterView::Velocity, WaterView::Dye, WaterView::Terrain})
        names.push_back(waterViewName(v));
    return names;
}

} // namespace

RunSummary runWaterScene(std::shared_ptr<Context> context, const WaterScene& scene, const RunOptions& options) {
    const auto runStart = RunClock::now();
    const WaterOutputPlan& plan = scene.output;
    const bool metricsOn = plan.metricsEvery != 0;
    OutputFolder folder(options.outDir, scene.name, allWaterViewNames(), metricsOn, !plan.fields.empty());
    auto solver = createWaterSolver(std::move(context), scene);
    solver->setProfiling(metricsOn);  // GPU timestamps only when they are written
    RunSummary summary;
    Progress progress(scene.steps, options.progress);
    for (WaterView v : plan.views) summary.views.push_back(waterViewName(v));
    uint32_t animationWidth = 0;

    auto writeOutputs = [&](uint32_t step, const WaterStepMetrics* metrics) {
        const bool pictures = due(plan.pictureEvery, step);
        const bool fields = !plan.fields.empty() && (plan.fieldEvery ? step % plan.fieldEvery == 0 : step == scene.steps);
        if (!pictures && !fields && !metrics) return;
        WaterFieldCache cache(*solver);
        if (pictures) {
            for (WaterView view : plan.views) {
                const Picture p = renderWaterView(view, cache, plan.pixelsPerCell);
                folder.writePicture(waterViewName(view), summary.frames, p);
                if (view == plan.animationView) animationWidth = p.width;
            }
            ++summary.frames;
        }
        if (fields) {
            for (WaterField field : plan.fields)
                folder.writeField(waterFieldFileName(field), step, waterFieldShape(field, scene.settings), cache.get(field));
            ++summary.fieldDumps;
        }
        if (metrics) {
            WaterStepMetrics m = *metrics;
            measureWaterFields(cache, m);
            folder.writeMetrics(waterMetricsLine(m));
        }
    };

    writeOutputs(0, nullptr);
    double addedWater = 0.0;
    for (uint32_t step = 1; step <= scene.steps; ++step) {
        // Both ends from the step number, so consecutive steps tile time exactly.
        const StepBrushes brushes = brushesForStep(scene, (step - 1) * scene.dt, step * scene.dt);
        for (const WaterBrush& b : brushes.brushes) solver->addBrush(b);
        addedWater += brushes.requestedVolume;
        const auto stepStart = RunClock::now();
        WaterStepMetrics metrics;
        metrics.substeps = solver->step(static_cast<float>(scene.dt));
        metrics.wallMs = millisecondsSince(stepStart);
        metrics.step = step;
        metrics.time = step * scene.dt;
        metrics.addedWater = addedWater;
        const bool measure = due(plan.metricsEvery, step);
        if (measure) {
            const double gpu = solver->lastFrameMilliseconds();  // before any other submission
            if (gpu >= 0.0) metrics.gpuMs = gpu;
        }
        writeOutputs(step, measure ? &metrics : nullptr);
        progress.update(step);
    }
    progress.finish();

    if (plan.animation != AnimationFormat::None) {
        const AnimationResult a = makeAnimation(folder.dir(), waterViewName(plan.animationView), scene.name, animationWidth,
                                                plan.animation, plan.fps);
        summary.animation = a.path;
        summary.animationProblem = a.problem;
    }
    summary.seconds = millisecondsSince(runStart) / 1000.0;
    return summary;
}

} // namespace billow::scene
