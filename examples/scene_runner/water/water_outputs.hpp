// What a water run writes from the solver's state: the fields of one output frame with their .npy
// shapes, its metrics lines, and the pictures of its views.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <billow/water_solver.hpp>
#include <nlohmann/json.hpp>

#include "common/frame_pictures.hpp"
#include "common/run_loop.hpp"
#include "water/water_scene.hpp"

namespace billow::scene {

// The water solver's fields for one output frame, and the scene's initial terrain (what the
// terrain change is measured and drawn against).
class WaterFieldCache : public DownloadCache<WaterSolver, WaterField> {
public:
    WaterFieldCache(WaterSolver& solver, const std::vector<float>& initialTerrain)
        : DownloadCache(solver), initialTerrain_(initialTerrain) {}
    const std::vector<float>& initialTerrain() const { return initialTerrain_; }

private:
    const std::vector<float>& initialTerrain_;
};

// The fields' .npy shapes. Square: (ny, nx) for cells, (ny, nx + 1) for flowX, (ny + 1, nx) for
// flowY, (ny, nx, 2) for the velocity. Triangle: (ny, nx + 1) for flowX, (ny + 1, nx + 1) for
// flowY and flowZ (billow/water_solver.hpp has the layout), vertices like cells.
std::vector<uint64_t> fieldShape(WaterField field, const WaterSettings& settings);

// One line of a water run's metrics file (JSON Lines): how much water there is, what crosses
// the sides, and what the step cost.
struct WaterStepMetrics {
    uint32_t step = 0;
    double time = 0.0;               // s, simulated time after the step
    uint32_t substeps = 0;           // substeps the stability limit needed for this step
    std::optional<double> gpuMs;     // GPU time of the step (none without timestamps)
    double wallMs = 0.0;             // host time of the step, submit to finish
    double totalWater = 0.0;         // m^3
    double addedWater = 0.0;         // m^3 the events asked to add so far (sinks subtract)
    double boundaryOutflow = 0.0;    // m^3/s leaving through the sides (the step's last substep)
    double boundaryInflow = 0.0;     // m^3/s entering through the sides (the step's last substep)
    double maxDepth = 0.0;           // m
    double maxSpeed = 0.0;           // m/s
    double wetArea = 0.0;            // m^2 of cells deeper than settings.dryDepth
    double totalDye = 0.0;           // dye * m^2
    // With erosion on (settings.erosion), the soil budget, m^3: the terrain's volume minus the
    // initial terrain's, and the sediment the water carries. Their sum stays 0 to float rounding
    // in a closed domain (dig/raise events and sediment leaving through the sides change it).
    std::optional<double> soilChange, suspendedSediment;
};

// Fills everything from totalWater on except addedWater from the fields.
void measureFields(WaterFieldCache& fields, WaterStepMetrics& m);
// The JSON record of one line (non-finite numbers are written as null; see nonFiniteEntries).
nlohmann::ordered_json metricsRecord(const WaterStepMetrics& m);

// Pictures of a water run: water over shaded terrain (the default), the terrain alone, the
// terrain change since the start (cut red, filled blue, on a square-root ramp to the frame's
// largest change), and the diagnostics depth, speed, velocity (direction as hue, with a
// colour-wheel key), dye/foam and suspended sediment, each scaled to its own largest value in
// the frame, with its colour bar.
//
// Square lattice: one pixel per cell. Triangle lattice: the vertex fields resampled onto square
// pixels (water_lattice.hpp's TriangleRaster), so every triangle is filled from its three vertices
// and the hill shading shows its facet. The output writer sizes the pictures
// (output.pictures.size or pixelsPerCell).
Figure renderWaterView(WaterView view, WaterFieldCache& fields);

} // namespace billow::scene
