// A solver's views and fields written into an OutputFolder under their names, counted for the
// run's summary. The solver draws the pictures and gives the fields' values and shapes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

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
        : plan_(plan), views_(views), fields_(fields),
          folder_(options.outDir, sceneName, allNames(views), plan.metricsEvery != 0, !plan.fields.empty(),
                  options.keepFailed) {}

    const char* viewName(View view) const { return nameIn(views_, view); }

    // One picture frame: every view of the plan, drawn by `draw(view)`.
    template <typename Draw>
    void writePictures(const Draw& draw) {
        for (View view : plan_.views) {
            const Picture p = draw(view);
            folder_.writePicture(viewName(view), frames_, p);
            if (view == plan_.animationView) animationWidth_ = p.width;
        }
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
    // The width of the animation view's pictures (the animation is made from them).
    uint32_t animationWidth() const { return animationWidth_; }

private:
    const OutputPlanOf<View, Field>& plan_;
    WordTable<View> views_;
    WordTable<Field> fields_;
    OutputFolder folder_;
    uint32_t frames_ = 0, fieldDumps_ = 0, animationWidth_ = 0;
};

} // namespace billow::scene
