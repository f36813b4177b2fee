// output.vdb: an OpenVDB file per written step (billow::vdb::writeVdb from examples/vdb_export),
// when the runner is built with OpenVDB (BILLOW_BUILD_VDB); otherwise a scene asking for VDB files
// is refused when it is loaded.
#pragma once

#include <cstdint>
#include <string>

#include <billow/smoke3d_solver.hpp>

#include "smoke3d/smoke3d_scene.hpp"

namespace billow::scene {

// Whether this build can write VDB files.
bool vdbAvailable();
// Throws SceneError keyed "output.vdb" when the scene asks for VDB files and the build cannot.
void requireVdbSupport(const VdbPlan& plan);
// Writes the solver's fields at simulated time `time` (s) to `path` (billow::vdb::downloadVolumeFrame:
// cell-centred velocity, temperature background = ambient).
void writeVdbFrame(const std::string& path, SmokeSolver3D& solver, const VdbPlan& plan, double time);

} // namespace billow::scene
