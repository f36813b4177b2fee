// What a smoke run writes from the solver's state: the fields of one output frame (and the
// cell-centred velocity made from them) with their .npy shapes, the pictures of its views, and
// its metrics lines.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include <billow/smoke_solver.hpp>
#include <nlohmann/json.hpp>

#include "common/frame_pictures.hpp"
#include "common/run_loop.hpp"
#include "common/smoke_shared.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene {

// The smoke solver's fields for one output frame, plus the cell-centred velocity made from them,
// and their .npy shapes.
class FieldCache : public DownloadCache<SmokeSolver, SmokeField> {
public:
    using DownloadCache::DownloadCache;
    // Cell-centred velocity (average of the two faces), interleaved (u, v) per cell.
    const std::vector<float>& cellVelocity();
    // The divergence the last projection started from (1/s, cells; empty when not kept): the
    // runner keeps it before it measures what the projection left (SmokeField::Divergence).
    const std::vector<float>& divergenceBeforeProjection() const { return divergenceBefore_; }
    void keepDivergenceBeforeProjection(std::vector<float> values) { divergenceBefore_ = std::move(values); }

private:
    std::vector<float> cellVelocity_;
    std::vector<float> divergenceBefore_;
};

// (ny, nx) for cells, (ny, nx + 1) for u, (dyeNy, dyeNx, 4) for dye...
std::vector<uint64_t> fieldShape(SmokeField field, const SmokeSettings& settings);

// One line of the metrics file (JSON Lines): what a step cost on the GPU and how healthy the
// flow is.
struct StepMetrics : SmokeStepMetricsOf<SmokePassTiming> {
    std::array<double, 4> totalDye{};  // RGBA * m^2
};

// Computes everything but step/time/gpu/wallMs from the fields (divergence must be current).
void measureFields(FieldCache& fields, StepMetrics& m);
// The JSON record of one line (non-finite numbers are written as null; see nonFiniteEntries).
nlohmann::ordered_json metricsRecord(const StepMetrics& m);

// Pictures of the solver's state: the dye as people see it, and the diagnostic views people debug
// a fluid with: velocity direction/magnitude, speed, vorticity, pressure, divergence, density,
// temperature, each with its colour bar (or, for velocity, a colour-wheel key). Obstacles are
// grey. Speed, vorticity, pressure, density and temperature are scaled to their own largest
// magnitude in the frame (square-root ramp, so small values stay visible; the bar shows the
// numbers). Divergence is drawn linearly against the largest divergence the projection started
// from, so a converged solve looks calm and a failing one shows its full colours.
//
// One pixel per sample of the view's grid (the dye grid for dye, cells for the others).
Figure renderView(View view, FieldCache& fields);

// The largest |divergence| a frame's divergence view maps to full colour, 1/s: the larger of the
// largest before the projection and after it (so a field that was never projected, such as an
// initial state, still shows), and never below 1e-20.
float divergenceScale(const std::vector<float>& before, const std::vector<float>& after);

} // namespace billow::scene
