#include "smoke/smoke_runner.hpp"

#include <algorithm>

#include "common/animation.hpp"
#include "smoke/smoke_emitters.hpp"
#include "smoke/smoke_metrics.hpp"
#include "smoke/smoke_output_writer.hpp"
#include "common/run_timing.hpp"
#include "smoke/smoke_setup.hpp"

namespace billow::scene {

namespace {

bool wantsDivergence(const OutputPlan& plan, bool pictures, bool fields, bool metrics) {
    const bool inViews = std::find(plan.views.begin(), plan.views.end(), View::Divergence) != plan.views.end();
    const bool inFields = std::find(plan.fields.begin(), plan.fields.end(), Field::Divergence) != plan.fields.end();
    return metrics || (pictures && inViews) || (fields && inFields);
}

} // namespace

RunSummary runScene(std::shared_ptr<Context> context, const Scene& scene, const RunOptions& options) {
    const auto runStart = RunClock::now();
    const OutputPlan& plan = scene.output;
    auto solver = createSolver(std::move(context), scene);
    solver->setProfiling(plan.metricsEvery != 0);
    OutputWriter writer(options.outDir, scene);
    Progress progress(scene.steps, options.progress);

    uint32_t frame = 0;
    auto writeOutputs = [&](uint32_t step, const StepMetrics* metrics) {
        const bool pictures = due(plan.pictureEvery, step);
        const bool fields = !plan.fields.empty() && (plan.fieldEvery ? step % plan.fieldEvery == 0 : step == scene.steps);
        if (!pictures && !fields && !metrics) return;
        // The solver's divergence buffer holds the divergence BEFORE the last projection; measure
        // it again so pictures and metrics show what the projection left.
        if (wantsDivergence(plan, pictures, fields, metrics != nullptr))
            solver->stepPass(Pass::Divergence, static_cast<float>(scene.dt));
        FieldCache cache(*solver);
        if (pictures) writer.writePictures(cache, frame++);
        if (fields) writer.writeFields(cache, step);
        if (metrics) {
            StepMetrics m = *metrics;
            measureFields(cache, m);
            writer.writeMetrics(metricsLine(m));
        }
    };

    writeOutputs(0, nullptr);
    for (uint32_t step = 1; step <= scene.steps; ++step) {
        const double time = (step - 1) * scene.dt;
        for (const Splat& splat : splatsForStep(scene, time, scene.dt)) solver->addSplat(splat);
        const auto stepStart = RunClock::now();
        solver->step(static_cast<float>(scene.dt));
        StepMetrics metrics;
        metrics.wallMs = millisecondsSince(stepStart);
        metrics.step = step;
        metrics.time = step * scene.dt;
        const bool measure = due(plan.metricsEvery, step);
        if (measure) metrics.gpu = solver->passTimings();  // before any other submission
        writeOutputs(step, measure ? &metrics : nullptr);
        progress.update(step);
    }
    progress.finish();

    RunSummary summary;
    for (View v : plan.views) summary.views.push_back(viewName(v));
    summary.frames = writer.framesWritten();
    summary.fieldDumps = writer.fieldDumps();
    if (plan.animation != AnimationFormat::None) {
        const AnimationResult a = makeAnimation(writer.dir(), viewName(plan.animationView), scene.name,
                                                writer.animationWidth(), plan.animation, plan.fps);
        summary.animation = a.path;
        summary.animationProblem = a.problem;
    }
    summary.seconds = millisecondsSince(runStart) / 1000.0;
    return summary;
}

} // namespace billow::scene
