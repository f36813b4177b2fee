// The section readers of a water scene (internal to the parser). `dir` is the scene file's folder.
#pragma once

#include <filesystem>

#include "common/json_reader.hpp"
#include "smoke/smoke_parser.hpp"
#include "water/water_scene.hpp"

namespace billow::scene::detail {

// The whole scene after the top-level "solver", "name" and "description".
void readWaterScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, WaterScene& scene);

// "grid", "settings" and "boundaries" (sides and per-face openings): everything in WaterSettings.
void readWaterGrid(ObjectReader& top, const LoadOptions& options, WaterSettings& settings);
void readWaterSettings(ObjectReader& top, WaterSettings& settings);
void readWaterBoundaries(ObjectReader& top, WaterSettings& settings);
// "terrain": a PNG heightmap or a .npy array, plus procedural features.
void readTerrain(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene);
// "initial": water (lake fills, .npy depth) and dye. Needs the terrain.
void readInitialWater(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene);
// "events": rain, springs, sinks, digging and raising terrain.
void readWaterEvents(ObjectReader& top, WaterScene& scene);

} // namespace billow::scene::detail
