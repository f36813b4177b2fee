// What a run writes and how often. The same keys serve every solver; each solver has its own
// views and fields, and its first view is the default picture (so ViewT{} is it).
#pragma once

#include <cstdint>
#include <vector>

#include "common/frame_pictures.hpp"
#include "common/picture_resample.hpp"
#include "common/word_table.hpp"

namespace billow::scene {

enum class AnimationFormat { None, Gif, Mp4 };
// As output.animation.format and --animation spell them.
inline const WordTable<AnimationFormat> kAnimationFormats = {
    {"gif", AnimationFormat::Gif}, {"mp4", AnimationFormat::Mp4}, {"none", AnimationFormat::None}};

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
