// What a run writes and how often, and the "output" section of a scene file that says it. The
// same keys serve every solver; each solver has its own views and fields, and its first view is
// the default picture (so ViewT{} is it). The rules (animation needs pictures, its view is always
// drawn) stay in one place.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/frame_pictures.hpp"
#include "common/json_reader.hpp"
#include "common/pictures.hpp"
#include "common/scene_reader.hpp"

namespace billow::scene {

template <typename ViewT, typename FieldT>
struct OutputPlanOf {
    uint32_t pictureEvery = 6;  // steps between picture frames (frame 0 is the initial state)
    std::vector<ViewT> views{ViewT{}};
    uint32_t pictureSize = 0;    // pixels on the long side; 0 = automatic (pictureLongSide)
    PictureFilter pictureFilter = PictureFilter::Bicubic;  // how grids are resized to pictures
    bool contactSheet = true;    // a sheet of every view per picture frame (<dir>/sheet/NNNN.png)
    uint32_t pixelsPerCell = 0;  // water pictures: pixels per cell instead of pictureSize (0 = not given)
    uint32_t fieldEvery = 0;  // steps between .npy dumps; 0 = only at the end
    std::vector<FieldT> fields;
    uint32_t metricsEvery = 1;  // 0 = no metrics file
    AnimationFormat animation = AnimationFormat::Gif;
    ViewT animationView{};
    double fps = 20.0;
};

// How the plan's pictures are drawn (what composeFrame takes).
template <typename ViewT, typename FieldT>
PictureStyle pictureStyleOf(const OutputPlanOf<ViewT, FieldT>& plan) {
    return {plan.pictureSize, plan.pixelsPerCell, plan.pictureFilter, plan.contactSheet};
}

} // namespace billow::scene

namespace billow::scene::detail {

// The bounds of what a run writes: picture frames and field dumps (one file per view or field
// each), and the pixels of one picture.
inline constexpr uint64_t kMaxOutputFrames = 100000;
inline constexpr uint64_t kMaxPicturePixels = uint64_t(8192) * 8192;

// SceneError when the plan's pictures would have more than kMaxPicturePixels, for a solver whose
// finest view is `width` x `height` samples (what composeFrame sizes the pictures from). Keyed by
// whatever set the size: --picture-size, output.pictures.size or .pixelsPerCell, else the grid.
template <typename ViewT, typename FieldT>
void requirePictureSize(const OutputPlanOf<ViewT, FieldT>& plan, const LoadOptions& options, uint32_t width, uint32_t height) {
    if (plan.pictureEvery == 0 || plan.views.empty()) return;
    const PictureSize size = frameSize(pictureStyleOf(plan), width, height);
    if (uint64_t(size.width) * size.height <= kMaxPicturePixels) return;
    const std::string key = options.pictureSize ? "--picture-size"
                            : plan.pictureSize  ? "output.pictures.size"
                            : plan.pixelsPerCell ? "output.pictures.pixelsPerCell"
                                                 : "grid";
    throw SceneError(key, "makes pictures of " + std::to_string(size.width) + " x " + std::to_string(size.height) +
                              " pixels, more than the " + std::to_string(kMaxPicturePixels) + " a picture may have");
}

// An array of words from `options`, e.g. "views": ["dye", "vorticity"]; repeats are dropped.
template <typename T>
std::vector<T> readWords(const nlohmann::json& value, const std::string& key, WordTable<T> options) {
    const std::string words = quotedWords(options);
    if (!value.is_array()) throw SceneError(key, "expected an array of names from " + words);
    std::vector<T> out;
    for (size_t k = 0; k < value.size(); ++k) {
        auto it = std::find_if(options.begin(), options.end(),
                               [&](const auto& o) { return value[k].is_string() && value[k] == o.first; });
        if (it == options.end()) throw SceneError(indexPath(key, k), "expected one of " + words + ", got " + shortText(value[k]));
        if (std::find(out.begin(), out.end(), it->second) == out.end()) out.push_back(it->second);
    }
    return out;
}

// `withPixelsPerCell`: whether output.pictures.pixelsPerCell is a key of this solver's scenes.
// `steps`: the run's length (after --steps/--seconds), which bounds the files written.
// `readMore(output)` reads the solver's own keys of the section (3D renders, VDB files) before it
// is finished.
template <typename ViewT, typename FieldT, typename ReadMore>
void readOutputPlan(ObjectReader& top, const LoadOptions& options, uint32_t steps, OutputPlanOf<ViewT, FieldT>& plan,
                    WordTable<ViewT> views, WordTable<FieldT> fields, bool withPixelsPerCell, const ReadMore& readMore) {
    ObjectReader r = top.objectOrEmpty("output");
    readMore(r);
    if (const nlohmann::json* pictures = r.child("pictures")) {
        ObjectReader p(*pictures, "output.pictures");
        plan.pictureEvery = p.integer("every", plan.pictureEvery, 0, 10000000);
        if (const nlohmann::json* names = p.child("views")) {
            plan.views = readWords(*names, p.keyPath("views"), views);
            if (plan.views.empty())
                throw SceneError(p.keyPath("views"), "expected at least one of " + quotedWords(views) + " (\"every\": 0 writes no pictures)");
        }
        plan.pictureSize = p.integer("size", plan.pictureSize, 0, kMaxPictureSize);
        if (plan.pictureSize > 0 && plan.pictureSize < kMinPictureSize)
            throw SceneError(p.keyPath("size"), "expected 0 (automatic) or at least " + std::to_string(kMinPictureSize) + " pixels");
        plan.pictureFilter = p.choice("filter", plan.pictureFilter, kPictureFilters);
        plan.contactSheet = p.boolean("contactSheet", plan.contactSheet);
        if (withPixelsPerCell) plan.pixelsPerCell = p.integer("pixelsPerCell", plan.pixelsPerCell, 0, 64);
        p.finish();
    }
    if (const nlohmann::json* f = r.child("fields")) {
        ObjectReader fr(*f, "output.fields");
        plan.fieldEvery = fr.integer("every", plan.fieldEvery, 0, 10000000);
        if (const nlohmann::json* names = fr.child("names")) plan.fields = readWords(*names, fr.keyPath("names"), fields);
        fr.finish();
    }
    if (const nlohmann::json* metrics = r.child("metrics")) {
        if (metrics->is_boolean()) {
            plan.metricsEvery = metrics->get<bool>() ? 1 : 0;
        } else {
            ObjectReader m(*metrics, "output.metrics");
            plan.metricsEvery = m.integer("every", plan.metricsEvery, 0, 10000000);
            m.finish();
        }
    }
    if (const nlohmann::json* animation = r.child("animation")) {
        ObjectReader a(*animation, "output.animation");
        plan.animation = a.choice("format", plan.animation, kAnimationFormats);
        plan.animationView = a.choice("view", plan.animationView, views);
        plan.fps = a.number("fps", plan.fps, {0.0, 120.0, true});
        a.finish();
    }
    r.finish();
    if (options.animation) plan.animation = *options.animation;
    if (options.picturesEvery) {
        plan.pictureEvery = *options.picturesEvery;
        if (plan.pictureEvery == 0) plan.animation = AnimationFormat::None;
    }
    if (options.pictureSize) plan.pictureSize = *options.pictureSize;
    if (options.fieldEvery) {
        if (plan.fields.empty()) throw SceneError("--fields-every", "the scene lists no output.fields.names to write");
        plan.fieldEvery = *options.fieldEvery;
    }
    if (plan.animation != AnimationFormat::None) {
        if (plan.pictureEvery == 0)
            throw SceneError("output.animation", "needs pictures: set output.pictures.every > 0 or format \"none\"");
        // The animation is made from picture frames, so its view is always written.
        if (std::find(plan.views.begin(), plan.views.end(), plan.animationView) == plan.views.end())
            plan.views.push_back(plan.animationView);
    }
    if (plan.pictureEvery && steps / plan.pictureEvery + 1 > kMaxOutputFrames)
        throw SceneError(options.picturesEvery ? "--pictures-every" : "output.pictures.every", "would write " + std::to_string(steps / plan.pictureEvery + 1) +
                                                      " picture frames, more than " + std::to_string(kMaxOutputFrames));
    if (!plan.fields.empty() && plan.fieldEvery && steps / plan.fieldEvery + 1 > kMaxOutputFrames)
        throw SceneError(options.fieldEvery ? "--fields-every" : "output.fields.every",
                         "would write " + std::to_string(steps / plan.fieldEvery + 1) + " field dumps, more than " +
                             std::to_string(kMaxOutputFrames));
}
template <typename ViewT, typename FieldT>
void readOutputPlan(ObjectReader& top, const LoadOptions& options, uint32_t steps, OutputPlanOf<ViewT, FieldT>& plan,
                    WordTable<ViewT> views, WordTable<FieldT> fields, bool withPixelsPerCell) {
    readOutputPlan(top, options, steps, plan, views, fields, withPixelsPerCell, [](ObjectReader&) {});
}

} // namespace billow::scene::detail
