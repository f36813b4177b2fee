// One line of a 3D run's metrics file (JSON Lines): what the step cost on the GPU and how the
// smoke and fire are doing.
#pragma once

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <billow/smoke3d_solver.hpp>

#include "smoke3d/smoke3d_field_cache.hpp"

namespace billow::scene {

struct StepMetrics3D {
    uint32_t step = 0;
    double time = 0.0;               // s, simulated time after the step
    std::vector<PassTiming3D> gpu;   // ms per pass (empty without timestamp support)
    double wallMs = 0.0;             // host time of the step, submit to finish
    double maxDivergence = 0.0;      // 1/s, max |div u| over cells not fully solid, after projection
    double meanDivergence = 0.0;     // 1/s, mean |div u| over the same cells
    double kineticEnergy = 0.0;      // m^5/s^2: 0.5 h^3 sum over faces of velocity^2 (per unit density)
    double maxSpeed = 0.0;           // m/s, largest cell-centred speed
    double totalDensity = 0.0;       // density units * m^3
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

} // namespace billow::scene
