// The loop every solver's run shares: the initial state is written as step 0; then each step
// adds the scene's sources, advances the solver (timed on the host), reads the GPU time when
// metrics are due, writes the outputs that are due and shows progress; at the end the picture
// frames become the animation, and the files move from the staging folder into the output folder
// (nothing appears there unless the whole run succeeds). Whenever outputs are written, and after
// the last step, the state fields are checked: a non-finite value (or metric) ends the run with
// NonFiniteState. `Run` is the solver's side of it:
//   Run(context, scene, options)             creates the solver, then opens the output folder
//   Metrics                                  one metrics line (with step, time and wallMs)
//   addSources(step)                         what the scene adds before `step` (splats, brushes)
//   advance(metrics)                         the solver's step of scene.dt (the timed part)
//   readGpuTime(metrics)                     the GPU time of that step, before any other submission
//   outputFields(pictures, fields, metrics)  the field cache for the outputs due
//   writer(), draw(view, cache), shape(field)  its OutputWriter, a view's Figure, a field's .npy shape
//   kStateFields                             (field, name) pairs of the state to check
//   writeExtras(step)                        optional: the solver's own files due at `step` (3D: VDB),
//                                            written under writer().dir() like the others
//   summaryNotes()                           optional: lines about those files for the summary
// with the solver's overloads of measureFields(cache, metrics) and metricsRecord(metrics).
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <billow/context.hpp>

#include <nlohmann/json.hpp>

#include "common/animation.hpp"
#include "common/finite_state.hpp"
#include "common/progress.hpp"
#include "common/run_summary.hpp"
#include "common/run_timing.hpp"

namespace billow::scene {

template <typename Run, typename SceneT>
RunSummary runSteps(std::shared_ptr<Context> context, const SceneT& scene, const RunOptions& options) {
    const auto runStart = RunClock::now();
    Run run(std::move(context), scene, options);
    using Metrics = typename Run::Metrics;
    const auto& plan = scene.output;
    auto& writer = run.writer();
    Progress progress(scene.steps, options.progress);

    // `last`: the state is checked after the last step even when nothing is written then.
    auto writeOutputs = [&](uint32_t step, const Metrics* metrics, bool last) {
        const bool pictures = due(plan.pictureEvery, step);
        const bool fields = !plan.fields.empty() && (plan.fieldEvery ? step % plan.fieldEvery == 0 : step == scene.steps);
        if (!pictures && !fields && !metrics && !last) return;
        auto cache = run.outputFields(pictures, fields, metrics != nullptr);
        if (pictures) writer.writePictures(step * scene.dt, [&](auto view) { return run.draw(view, cache); });
        if (fields)
            writer.writeFields(
                step, [&](auto field) -> const std::vector<float>& { return cache.get(field); },
                [&](auto field) { return run.shape(field); });
        std::vector<std::string> badMetrics;
        if (metrics) {
            Metrics m = *metrics;
            measureFields(cache, m);
            nlohmann::ordered_json record = metricsRecord(m);
            badMetrics = nonFiniteEntries(record);
            if (!badMetrics.empty()) record["nonFinite"] = badMetrics;
            writer.writeMetrics(record.dump());
        }
        // Checked after writing, so --keep-failed keeps what the blown-up step looked like.
        for (const auto& [field, name] : Run::kStateFields) requireFiniteField(cache.get(field), name, step);
        if (!badMetrics.empty()) {
            std::string names;
            for (const std::string& n : badMetrics) names += (names.empty() ? "" : ", ") + n;
            throw NonFiniteState("step " + std::to_string(step) + ": metrics not finite: " + names);
        }
    };
    auto writeAll = [&](uint32_t step, const Metrics* metrics, bool last) {
        writeOutputs(step, metrics, last);
        if constexpr (requires { run.writeExtras(step); }) run.writeExtras(step);
    };

    writeAll(0, nullptr, scene.steps == 0);
    for (uint32_t step = 1; step <= scene.steps; ++step) {
        run.addSources(step);
        const auto stepStart = RunClock::now();
        Metrics metrics;
        run.advance(metrics);
        metrics.wallMs = millisecondsSince(stepStart);
        metrics.step = step;
        metrics.time = step * scene.dt;
        const bool measure = due(plan.metricsEvery, step);
        if (measure) run.readGpuTime(metrics);
        writeAll(step, measure ? &metrics : nullptr, step == scene.steps);
        progress.update(step);
    }
    progress.finish();

    RunSummary summary;
    for (const auto view : plan.views) summary.views.push_back(writer.viewName(view));
    summary.frames = writer.framesWritten();
    summary.contactSheets = plan.contactSheet && summary.frames > 0;
    summary.fieldDumps = writer.fieldDumps();
    std::string animationFile;
    if (plan.animation != AnimationFormat::None) {
        const AnimationResult a =
            makeAnimation(writer.dir(), writer.viewName(plan.animationView), scene.name, plan.animation, plan.fps);
        if (a.ok) animationFile = std::filesystem::path(a.path).filename().string();
        summary.animationProblem = a.problem;
    }
    if constexpr (requires { run.summaryNotes(); }) summary.notes = run.summaryNotes();
    // Only now do the files appear in the output folder (see OutputFolder).
    writer.commit();
    if (!animationFile.empty()) summary.animation = options.outDir + "/" + animationFile;
    summary.seconds = millisecondsSince(runStart) / 1000.0;
    return summary;
}

} // namespace billow::scene
