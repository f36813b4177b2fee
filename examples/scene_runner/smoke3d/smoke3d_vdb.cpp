#include "smoke3d/smoke3d_vdb.hpp"

#include "common/scene_error.hpp"

#ifdef BILLOW_SCENE_RUNNER_VDB
#include "volume_frame.hpp"
#endif

namespace billow::scene {

bool vdbAvailable() {
#ifdef BILLOW_SCENE_RUNNER_VDB
    return true;
#else
    return false;
#endif
}

void requireVdbSupport(const VdbPlan& plan) {
    if (plan.every != 0 && !vdbAvailable())
        throw SceneError("output.vdb", "this scene_runner was built without OpenVDB (install libopenvdb-dev and "
                                       "configure with -DBILLOW_BUILD_VDB=ON), so it cannot write .vdb files");
}

void writeVdbFrame([[maybe_unused]] const std::string& path, [[maybe_unused]] SmokeSolver3D& solver,
                   [[maybe_unused]] const VdbPlan& plan, [[maybe_unused]] double time) {
#ifdef BILLOW_SCENE_RUNNER_VDB
    vdb::FrameFields fields;
    fields.density = plan.density;
    fields.temperature = plan.temperature;
    fields.fuel = plan.fuel;
    fields.velocity = plan.velocity;
    vdb::VolumeFrame frame = vdb::downloadVolumeFrame(solver, {0.0, 0.0, 0.0}, time, fields);
    frame.activeThreshold = plan.activeThreshold;
    vdb::writeVdb(path, frame);
#endif
}

} // namespace billow::scene
