// What a 3D run writes from the solver's state: the fields of one output frame (and the
// cell-centred velocity made from them) with their .npy shapes, its metrics lines, its pictures
// (the ray-marched render and slices), and OpenVDB files.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <span>
#include <vector>

#include <billow/smoke3d_solver.hpp>
#include <nlohmann/json.hpp>

#include "common/pictures.hpp"
#include "common/run_loop.hpp"
#include "common/smoke_shared.hpp"
#include "smoke3d/smoke3d_scene.hpp"
#include <billow/volume_renderer.hpp>

namespace billow::scene {

// The 3D solver's fields for one output frame, the cell-centred velocity made from them, and
// their .npy shapes.
class FieldCache3D : public DownloadCache<SmokeSolver3D, SmokeField3D> {
public:
    using DownloadCache::DownloadCache;
    // Cell-centred velocity (mean of each axis's two faces), interleaved (u, v, w) per cell.
    const std::vector<float>& cellVelocity();
    // |velocity| per cell.
    const std::vector<float>& cellSpeed();

private:
    std::vector<float> cellVelocity_, cellSpeed_;
};

// Cells (nz, ny, nx), x-faces (nz, ny, nx + 1), y-faces (nz, ny + 1, nx), z-faces (nz + 1, ny, nx),
// colour (nz, ny, nx, 4): C order with x fastest, as the solver stores them.
std::vector<uint64_t> fieldShape(SmokeField3D field, const SmokeSettings3D& settings);

// One line of a 3D run's metrics file (JSON Lines): what the step cost on the GPU and how the
// smoke and fire are doing.
struct StepMetrics3D : SmokeStepMetricsOf<SmokePassTiming3D> {
    double totalFuel = 0.0;          // fuel units * m^3
    double maxTemperature = 0.0;     // K
    double fuelBurnRate = 0.0;       // fuel units * m^3 / s burnt in the last step (0 without combustion or expansion)
    uint32_t burningCells = 0;       // cells where fuel burnt in the last step (combustion with expansion > 0)
    std::optional<std::array<double, 3>> densityCentroid;  // m, density-weighted mean position (none without smoke)
};

// Computes everything but step/time/gpu/wallMs from the fields (divergence must be current).
void measureFields(FieldCache3D& fields, StepMetrics3D& m);
// The JSON line (no newline).
nlohmann::ordered_json metricsRecord(const StepMetrics3D& m);

// Pictures of a 3D run: the ray-marched render (billow_volume_render, from the solver's buffers)
// and slices of the fields through a plane (output.slices), resampled bilinearly to about
// longSide pixels, solid cells grey, with a labelled colour bar (common/legends.hpp). Each slice
// is scaled to its own range on the plane in the frame: magnitudes on a sequential ramp (density
// with a square root, so thin smoke shows), signed fields on a diverging one.
// The render (billow::VolumeRenderer::renderPicture) seen by `camera`, the moving colliders drawn
// exact, as an RGB picture.
Picture renderPicture(VolumeRenderer& renderer, const SmokeSolver3D& solver, const RenderPlan& plan,
                      const OrbitCamera& camera, std::span<const Collider> colliders);
Picture slicePicture(View3D view, FieldCache3D& fields, const SlicePlan& plan);

// output.vdb: an OpenVDB file per output frame (billow::vdb::writeVdb from examples/vdb_export),
// when the runner is built with OpenVDB (BILLOW_BUILD_VDB); otherwise a scene asking for VDB files
// is refused when it is loaded.

// Whether this build can write VDB files.
bool vdbAvailable();
// Throws SceneError keyed "output.vdb" when the scene asks for VDB files and the build cannot.
void requireVdbSupport(const VdbPlan& plan);
// Writes the solver's fields after step `step`, at simulated time `time` (s), to `path`
// (billow::vdb::downloadVolumeFrame: cell-centred velocity, temperature background = ambient,
// the solid fraction; the step and time as metadata; the plan's grids, threshold and up axis).
void writeVdbFrame(const std::string& path, SmokeSolver3D& solver, const VdbPlan& plan, uint32_t step, double time);

} // namespace billow::scene
