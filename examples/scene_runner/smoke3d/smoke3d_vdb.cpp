#include "smoke3d/smoke3d_vdb.hpp"

#include "common/scene_error.hpp"

#ifdef BILLOW_SCENE_RUNNER_VDB
#include "vdb_writer.hpp"
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

void writeVdbFrame([[maybe_unused]] const std::string& path, [[maybe_unused]] FieldCache3D& fields,
                   [[maybe_unused]] const VdbPlan& plan) {
#ifdef BILLOW_SCENE_RUNNER_VDB
    const SmokeSettings3D& s = fields.settings();
    vdb::VolumeFrame frame;
    frame.nx = s.nx;
    frame.ny = s.ny;
    frame.nz = s.nz;
    frame.cellSize = s.cellSize;
    frame.origin = {0.0, 0.0, 0.0};
    frame.activeThreshold = plan.activeThreshold;
    if (plan.density) frame.density = fields.get(Field3D::Density);
    if (plan.temperature) frame.temperature = fields.get(Field3D::Temperature);
    if (plan.fuel) frame.fuel = fields.get(Field3D::Fuel);
    if (plan.velocity) {
        const auto& velocity = fields.cellVelocity();
        const size_t cells = velocity.size() / 3;
        frame.velocityX.resize(cells);
        frame.velocityY.resize(cells);
        frame.velocityZ.resize(cells);
        for (size_t c = 0; c < cells; ++c) {
            frame.velocityX[c] = velocity[3 * c];
            frame.velocityY[c] = velocity[3 * c + 1];
            frame.velocityZ[c] = velocity[3 * c + 2];
        }
    }
    vdb::writeVdb(path, frame);
#endif
}

} // namespace billow::scene
