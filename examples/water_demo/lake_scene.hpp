// The bundled scene: a lake held by a rim above a valley that slopes down to a drain on the right
// side, a small river entering through a few faces of the top side, and a channel dug through the
// rim mid-run by terrain brushes, after which the lake drains down the valley.
#pragma once

#include <cstdint>
#include <vector>

#include <eddy/eddy.hpp>

namespace eddy::demo {

struct LakeScene {
    WaterSettings settings;
    std::vector<float> terrain, depth;
    // The channel: brushes along a line from the lake through the rim, applied over several frames.
    float channelStartX = 0, channelEndX = 0, channelY = 0, channelRadius = 0;
};

LakeScene makeLakeScene(uint32_t size);
// Brushes digging the channel (call once per frame from `firstFrame` for `frames` frames).
std::vector<WaterBrush> channelBrushes(const LakeScene& scene, uint32_t frames);

} // namespace eddy::demo
