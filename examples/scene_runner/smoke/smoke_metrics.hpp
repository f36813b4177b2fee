// One line of the metrics file (JSON Lines): what a step cost on the GPU and how healthy the
// flow is.
#pragma once

#include <string>
#include <vector>

#include <billow/smoke_solver.hpp>
#include <nlohmann/json.hpp>

#include "smoke/smoke_field_cache.hpp"

namespace billow::scene {

struct StepMetrics {
    uint32_t step = 0;
    double time = 0.0;                  // s, simulated time after the step
    std::vector<PassTiming> gpu;        // ms per pass (empty without timestamp support)
    double wallMs = 0.0;                // host time of the step, submit to finish
    double maxDivergence = 0.0;         // 1/s, max |div u| over cells with fluid, after projection
    double meanDivergence = 0.0;        // 1/s, mean |div u| over the same cells
    double kineticEnergy = 0.0;         // m^4/s^2: 0.5 * h^2 * sum over faces of velocity^2 (per unit density and depth)
    double maxSpeed = 0.0;              // m/s, largest cell-centred speed
    double totalDensity = 0.0;          // density units * m^2
    std::array<double, 4> totalDye{};   // RGBA * m^2
};

// Computes everything but step/time/gpu/wallMs from the fields (divergence must be current).
void measureFields(FieldCache& fields, StepMetrics& m);
// The JSON record of one line (non-finite numbers are written as null; see finite_state.hpp).
nlohmann::ordered_json metricsRecord(const StepMetrics& m);

} // namespace billow::scene
