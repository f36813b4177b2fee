// One line of a water run's metrics file (JSON Lines): how much water there is, what crosses
// the sides, and what the step cost.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "water/water_field_cache.hpp"

namespace billow::scene {

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
};

// Fills everything from totalWater on except addedWater from the fields.
void measureFields(WaterFieldCache& fields, WaterStepMetrics& m);
// The JSON record of one line (non-finite numbers are written as null; see finite_state.hpp).
nlohmann::ordered_json metricsRecord(const WaterStepMetrics& m);

} // namespace billow::scene
