// The section readers of a 3D smoke scene (internal to the parser).
#pragma once

#include <string>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"
#include "smoke3d/smoke3d_scene.hpp"

namespace billow::scene::detail {

// "grid" (nx, ny, nz, cellSize or width; scaled together), "boundaries" (six sides) and
// "settings" (everything else in SmokeSettings3D, with "combustion").
void readGrid3D(ObjectReader& top, const LoadOptions& options, SmokeSettings3D& settings);
void readBoundaries3D(ObjectReader& top, SmokeSettings3D& settings);
void readSolverSettings3D(ObjectReader& top, SmokeSettings3D& settings);

// "obstacles", "emitters", "colliders".
void readObstacles3D(ObjectReader& top, Scene3D& scene);
void readEmitters3D(ObjectReader& top, Scene3D& scene);
void readColliders3D(ObjectReader& top, Scene3D& scene);

// The 3D keys of "output": "render" (size, camera, look), "slices", "vdb".
void readOutput3D(ObjectReader& output, Scene3D& scene);

} // namespace billow::scene::detail
