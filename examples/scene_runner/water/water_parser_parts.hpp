// The section readers of a water scene (internal to the parser). `dir` is the scene file's folder.
#pragma once

#include <filesystem>

#include "common/json_reader.hpp"
#include "water/water_scene.hpp"

namespace billow::scene::detail {

// "settings" and "boundaries" (sides and per-face openings): with the grid, everything in WaterSettings.
void readWaterSettings(ObjectReader& top, WaterSettings& settings);
void readWaterBoundaries(ObjectReader& top, WaterSettings& settings);
// "terrain": a PNG heightmap or a .npy array, plus procedural features.
void readTerrain(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene);
// "initial": water (lake fills, .npy depth) and dye. Needs the terrain.
void readInitialWater(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene);
// "events": rain, springs, sinks, digging and raising terrain. `dt`: the scene's step (s).
void readWaterEvents(ObjectReader& top, double dt, WaterScene& scene);

} // namespace billow::scene::detail
