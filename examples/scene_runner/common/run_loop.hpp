// Running a scene, the same for every solver: the run's options and summary, progress on stderr,
// timing, the checks that a run never goes silently NaN, the fields downloaded for an output
// frame, the writer of the views and fields, and the loop itself (runSteps).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <billow/context.hpp>

#include <nlohmann/json.hpp>

#include "common/frame_pictures.hpp"
#include "common/output_folder.hpp"
#include "common/output_plan.hpp"

namespace billow::scene {

// Progress of a run on stderr: a redrawn bar with ETA on a terminal, plain lines (every 10 %)

// otherwise, nothing when quiet.
enum class ProgressStyle { Auto, Bar, Lines, None };

class Progress {
public:
    Progress(uint32_t total, ProgressStyle style);
    void update(uint32_t done);  // steps finished so far
    void finish();

private:
    uint32_t total_;
    ProgressStyle style_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point lastDraw_{};
    uint32_t lastTenth_ = 0;
};

// How a run is shown and what it reports when done, for every solver.
struct RunOptions {
    std::string outDir;
    ProgressStyle progress = ProgressStyle::Auto;
    bool keepFailed = false;  // leave a failed run's staging folder for inspection (--keep-failed)
};

struct RunSummary {
    std::vector<std::string> views;  // names of the views drawn in each picture frame
    uint32_t frames = 0;
    bool contactSheets = false;    // whether sheet/NNNN.png was written with each frame
    uint32_t fieldDumps = 0;
    std::string animation;         // path, empty when none
    std::string animationProblem;  // why there is none, when one was asked for
    std::vector<std::string> notes;  // further lines for the summary (a solver's own files)
    double seconds = 0.0;          // wall time of the run
};

// Wall-clock timing and "every N steps".
using RunClock = std::chrono::steady_clock;

inline double millisecondsSince(RunClock::time_point start) {
    return std::chrono::duration<double, std::milli>(RunClock::now() - start).count();
}

// Whether an output with period `every` (0 = never) is due after `step`.
inline bool due(uint32_t every, uint32_t step) { return every != 0 && step % every == 0; }

// A run never goes silently NaN: the state fields are checked whenever outputs are written and
// after the last step, metrics say which of their numbers are not finite, and either ends the
// run with NonFiniteState (exit status 4, see main.cpp).
class NonFiniteState : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// Throws NonFiniteState ("step 37: velocityX is not finite (NaN at index 812 of 1332)").
void requireFiniteField(const std::vector<float>& values, const std::string& name, uint32_t step);

// The keys of the numbers in a metrics record that are not finite, one level of nesting
// included ("totalDye[2]", "gpuMs.pressure"). JSON has no NaN: the record writes them as null and
// lists them under "nonFinite".
std::vector<std::string> nonFiniteEntries(const nlohmann::ordered_json& record);

// A solver's fields, each downloaded at most once per output frame (pictures, .npy files and
// metrics often need the same ones). Works for any solver with download(field) and settings().
template <typename Solver, typename FieldT>
class DownloadCache {
public:
    explicit DownloadCache(Solver& solver) : solver_(solver) {}
    const std::vector<float>& get(FieldT field) {
        auto it = fields_.find(field);
        if (it == fields_.end()) it = fields_.emplace(field, solver_.download(field)).first;
        return it->second;
    }
    const auto& settings() const { return solver_.settings(); }

private:
    Solver& solver_;
    std::map<FieldT, std::vector<float>> fields_;
};

// A solver's views and fields written into an OutputFolder under their names, counted for the
// run's summary. The solver draws each view's figure (its grid, one pixel per sample, and its
// legend) and gives the fields' values and shapes; the writer sizes the pictures and makes the
// contact sheet.
template <typename View, typename Field>
class OutputWriter {
public:
    // Opens the run's staging folder (see OutputFolder). `views`, `fields`: every view and field
    // of the solver, by name.
    OutputWriter(const RunOptions& options, const std::string& sceneName, const OutputPlanOf<View, Field>& plan,
                 WordTable<View> views, WordTable<Field> fields)
        : plan_(plan), views_(views), fields_(fields), sceneName_(sceneName),
          folder_(options.outDir, sceneName, allNames(views), plan.metricsEvery != 0, !plan.fields.empty(),
                  options.keepFailed) {}

    const char* viewName(View view) const { return nameIn(views_, view); }

    // One picture frame at simulated `time` (s): every view of the plan, its Figure drawn by
    // `draw(view)`, and the contact sheet.
    template <typename Draw>
    void writePictures(double time, const Draw& draw) {
        std::vector<NamedFigure> figures;
        for (View view : plan_.views) figures.push_back({viewName(view), draw(view)});
        char heading[160];
        std::snprintf(heading, sizeof(heading), "%s   frame %u   t = %.3f s", sceneName_.c_str(), frames_, time);
        const FramePictures frame = composeFrame(
            figures, pictureStyleOf(plan_), heading);
        for (size_t k = 0; k < figures.size(); ++k) folder_.writePicture(figures[k].name, frames_, frame.views[k]);
        if (plan_.contactSheet) folder_.writePicture(kSheetFolder, frames_, frame.sheet);
        ++frames_;
    }
    // Every field of the plan: `values(field)` shaped as `shape(field)`.
    template <typename Values, typename Shape>
    void writeFields(uint32_t step, const Values& values, const Shape& shape) {
        for (Field field : plan_.fields) folder_.writeField(nameIn(fields_, field), step, shape(field), values(field));
        ++fieldDumps_;
    }
    void writeMetrics(const std::string& line) { folder_.writeMetrics(line); }

    // Where the files are until commit() moves them into the output folder.
    const std::string& dir() const { return folder_.dir(); }
    void commit() { folder_.commit(); }
    uint32_t framesWritten() const { return frames_; }
    uint32_t fieldDumps() const { return fieldDumps_; }

private:
    const OutputPlanOf<View, Field>& plan_;
    WordTable<View> views_;
    WordTable<Field> fields_;
    std::string sceneName_;
    OutputFolder folder_;
    uint32_t frames_ = 0, fieldDumps_ = 0;
};

// What the smoke and water runs hold for runSteps: the scene, the solver, made before the output
// folder is opened, and the writer of the solver's views and fields.
template <typename SceneT, typename Solver, typename MetricsT, typename View, typename Field>
class SolverRun {
public:
    using Metrics = MetricsT;

    SolverRun(std::unique_ptr<Solver> solver, const SceneT& scene, const RunOptions& options, WordTable<View> views,
              WordTable<Field> fields)
        : scene_(scene), solver_(std::move(solver)), writer_(options, scene.name, scene.output, views, fields) {
        solver_->setProfiling(scene.output.metricsEvery != 0);  // GPU timestamps only when they are written
    }

    OutputWriter<View, Field>& writer() { return writer_; }

protected:
    const SceneT& scene_;
    std::unique_ptr<Solver> solver_;
    OutputWriter<View, Field> writer_;
};

// The loop every solver's run shares: the initial state is written as step 0; then each step
// adds the scene's sources, advances the solver (timed on the host), reads the GPU time when
// metrics are due, writes the outputs that are due and shows progress; at the end the picture
// frames become the animation, and the files move from the staging folder into the output folder
// (nothing appears there unless the whole run succeeds). Whenever outputs are written, and after
// the last step, the state fields are checked: a non-finite value (or metric) ends the run with
// NonFiniteState. `Run` is the solver's side of it:
//   Run(context, scene, options)             creates the solver, then opens the output folder (SolverRun)
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
