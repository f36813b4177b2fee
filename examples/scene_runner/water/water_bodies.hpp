// Floating bodies in a water scene (the "bodies" list, docs/scene-format.md): reading them, the
// per-step CSV of their poses, and their top-down silhouettes over the water pictures.
#pragma once

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <billow/floating_bodies.hpp>
#include <billow/water_settings.hpp>

#include "common/json_reader.hpp"
#include "common/pictures.hpp"

namespace billow::scene {

// The scene's "bodies" (none when absent); each checked as setBodies would, naming the key.
std::vector<FloatingBody> readWaterBodies(ObjectReader& top, const WaterSettings& settings);

// bodies.csv in the run's folder: one line per body per step (step, time, body, centre,
// orientation, velocity, force, submerged volume).
class WaterBodiesLog {
public:
    void open(const std::string& dir);
    void write(uint32_t step, double time, const std::optional<FloatingBodyReport>& report);

private:
    std::ofstream file_;
};

// Draws each body's silhouette seen from above (filled, with a dark outline) over a picture of
// one pixel per cell (first row at the top). `shapes` gives the geometry, `states` the poses.
void drawBodies(Picture& picture, const WaterSettings& settings, const std::vector<FloatingBody>& shapes,
                const std::vector<FloatingBodyState>& states);

} // namespace billow::scene
