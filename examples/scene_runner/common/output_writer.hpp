// A solver's views and fields written into an OutputFolder under their names, counted for the
// run's summary. The solver draws each view's figure (its grid, one pixel per sample, and its
// legend) and gives the fields' values and shapes; the writer sizes the pictures and makes the
// contact sheet.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "common/frame_pictures.hpp"
#include "common/output_folder.hpp"
#include "common/output_plan.hpp"
#include "common/run_summary.hpp"

namespace billow::scene {

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

} // namespace billow::scene
