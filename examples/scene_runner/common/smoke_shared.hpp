// What the 2D and 3D smoke scenes share: the words for the library's enums both solvers use, the
// "settings" keys both have (read in the same order, which decides which of two bad keys is
// reported), where emitters and round obstacles are, the ambient temperature an inflow defaults
// to, and the metrics both write.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include <billow/grid.hpp>
#include <billow/pressure.hpp>
#include <billow/smoke_solver.hpp>
#include <nlohmann/json.hpp>

#include "common/json_reader.hpp"
#include "common/maths.hpp"
#include "common/scene_reader.hpp"

namespace billow::scene {

// The words scene files use for the library's enums that the 2D and 3D smoke solvers share.
inline const WordTable<BoundaryType> kBoundaryTypes = {{"wall", BoundaryType::Wall},
                                                       {"movingWall", BoundaryType::MovingWall},
                                                       {"inflow", BoundaryType::Inflow},
                                                       {"outflow", BoundaryType::Outflow},
                                                       {"periodic", BoundaryType::Periodic}};
inline const WordTable<PressureSolverType> kPressureSolvers = {{"jacobi", PressureSolverType::Jacobi},
                                                               {"sor", PressureSolverType::RedBlackSOR},
                                                               {"multigrid", PressureSolverType::Multigrid},
                                                               {"multigridPCG", PressureSolverType::MultigridPCG},
                                                               {"spectral", PressureSolverType::Spectral}};
inline const WordTable<AdvectionScheme> kAdvectionSchemes = {{"semiLagrangian", AdvectionScheme::SemiLagrangian},
                                                             {"macCormack", AdvectionScheme::MacCormack},
                                                             {"bfecc", AdvectionScheme::BFECC}};
inline const WordTable<AdvectionLimiter> kAdvectionLimiters = {
    {"clamp", AdvectionLimiter::Clamp}, {"revertToSemiLagrangian", AdvectionLimiter::RevertToSemiLagrangian}};
inline const WordTable<Falloff> kFalloffs = {{"gaussian", Falloff::Gaussian}, {"linear", Falloff::Linear}};

// One line of a smoke run's metrics file (JSON Lines): what a step cost on the GPU and how
// healthy the flow is. These are the numbers both solvers write (`Timing`: SmokePassTiming or
// SmokePassTiming3D); a 2D line measures areas (per unit depth) where a 3D one measures volumes.
template <typename Timing>
struct SmokeStepMetricsOf {
    uint32_t step = 0;
    double time = 0.0;            // s, simulated time after the step
    std::vector<Timing> gpu;      // ms per pass (empty without timestamp support)
    double wallMs = 0.0;          // host time of the step, submit to finish
    double maxDivergence = 0.0;   // 1/s, max |div u| over cells not fully solid, after projection
    double meanDivergence = 0.0;  // 1/s, mean |div u| over the same cells
    double kineticEnergy = 0.0;   // 0.5 h^2 (3D: h^3) sum over faces of velocity^2 per unit density: m^4/s^2 (m^5/s^2)
    double maxSpeed = 0.0;        // m/s, largest cell-centred speed
    double totalDensity = 0.0;    // density units * m^2 (3D: m^3)
};

// maxDivergence and meanDivergence: |divergence| over the cells whose solid fraction is below 1.
void measureDivergence(const std::vector<float>& divergence, const std::vector<float>& solid, double& largest,
                       double& mean);

// The record's keys from "step" to "totalDensity" (non-finite numbers are written as null; see
// nonFiniteEntries); each solver adds its own after them.
template <typename Timing>
nlohmann::ordered_json smokeMetricsRecord(const SmokeStepMetricsOf<Timing>& m) {
    nlohmann::ordered_json line;
    line["step"] = m.step;
    line["time"] = m.time;
    nlohmann::ordered_json gpu = nlohmann::ordered_json::object();
    double total = 0.0;
    for (const Timing& t : m.gpu) {
        gpu[passName(t.pass)] = t.milliseconds;
        total += t.milliseconds;
    }
    line["gpuMs"] = gpu;
    line["gpuMsTotal"] = total;
    line["wallMs"] = m.wallMs;
    line["maxDivergence"] = m.maxDivergence;
    line["meanDivergence"] = m.meanDivergence;
    line["kineticEnergy"] = m.kineticEnergy;
    line["maxSpeed"] = m.maxSpeed;
    line["totalDensity"] = m.totalDensity;
    return line;
}

namespace detail {

// Inflow temperature defaults to the ambient one, which lives in "settings": peek at it
// (`fallback` when it is not given or not valid; the settings reader reports it under its key).
float peekAmbientTemperature(ObjectReader& top, float fallback);

// The "settings" keys of both solvers from viscosity to incrementalPressure: the scalars'
// diffusion is `diffusionKey` (into `diffusion`), and the iteration counts are bounded by
// [minIterations, maxIterations].
template <typename Settings>
void readDiffusionAndPressure(ObjectReader& r, Settings& s, const char* diffusionKey, float& diffusion,
                              uint32_t minIterations, uint32_t maxIterations) {
    s.viscosity = r.real("viscosity", s.viscosity, Range::nonNegative());
    diffusion = r.real(diffusionKey, diffusion, Range::nonNegative());
    s.diffusionIterations = r.integer("diffusionIterations", s.diffusionIterations, minIterations, maxIterations);
    s.pressureSolver = r.choice("pressureSolver", s.pressureSolver, kPressureSolvers);
    s.pressureIterations = r.integer("pressureIterations", s.pressureIterations, minIterations, maxIterations);
    s.pressureTolerance = r.real("pressureTolerance", s.pressureTolerance, {0.0, 1.0, false, true});
    s.pressureIterationHeadroom =
        r.integer("pressureIterationHeadroom", s.pressureIterationHeadroom, 0, 1000000);
    s.sorRelaxation = r.real("sorRelaxation", s.sorRelaxation, {0.0, 2.0, true, true});
    s.trackPressureResidual = r.boolean("trackPressureResidual", s.trackPressureResidual);
    s.incrementalPressure = r.boolean("incrementalPressure", s.incrementalPressure);
}

// The advection keys of both solvers: the colour's scheme is `colourKey` (into `colour`).
template <typename Settings>
void readAdvection(ObjectReader& r, Settings& s, const char* colourKey, AdvectionScheme& colour) {
    s.scalarAdvection = r.choice("scalarAdvection", s.scalarAdvection, kAdvectionSchemes);
    colour = r.choice(colourKey, colour, kAdvectionSchemes);
    s.velocityAdvection = r.choice("velocityAdvection", s.velocityAdvection, kAdvectionSchemes);
    s.advectionLimiter = r.choice("advectionLimiter", s.advectionLimiter, kAdvectionLimiters);
    s.advectionReflection = r.boolean("advectionReflection", s.advectionReflection);
    s.massCorrection = r.boolean("massCorrection", s.massCorrection);
    s.advectionInterpolation = r.choice<AdvectionInterpolation>(
        "advectionInterpolation", s.advectionInterpolation,
        {{"linear", AdvectionInterpolation::Linear}, {"monotoneCubic", AdvectionInterpolation::MonotoneCubic}});
    s.backTrace = r.choice<BackTrace>("backTrace", s.backTrace,
                                      {{"midpoint", BackTrace::Midpoint}, {"euler", BackTrace::Euler}});
}

// The force and damping keys of both solvers, from vorticity to maxSpeed: `readDampings(r)` reads
// the solver's own dampings (after densityDamping), and gravity has 2 or 3 components.
template <typename Settings, typename ReadDampings>
void readForces(ObjectReader& r, Settings& s, const ReadDampings& readDampings) {
    s.vorticity = r.real("vorticity", s.vorticity, Range::nonNegative());
    s.velocityDamping = r.real("velocityDamping", s.velocityDamping, Range::nonNegative());
    s.densityDamping = r.real("densityDamping", s.densityDamping, Range::nonNegative());
    readDampings(r);
    s.temperatureRelaxation = r.real("temperatureRelaxation", s.temperatureRelaxation, Range::nonNegative());
    if constexpr (std::tuple_size_v<decltype(s.gravity)> == 2) s.gravity = r.vec2("gravity", s.gravity);
    else s.gravity = r.vec3("gravity", s.gravity);
    s.densityWeight = r.real("densityWeight", s.densityWeight, Range::any());
    s.thermalExpansion = r.real("thermalExpansion", s.thermalExpansion, Range::any());
    s.ambientTemperature = r.real("ambientTemperature", s.ambientTemperature, Range::positive());
    s.maxSpeed = r.real("maxSpeed", s.maxSpeed, Range::nonNegative());
    s.fluidDensity = r.real("fluidDensity", s.fluidDensity, Range::positive());
}

// "position": [x, y(, z)] (m) or "path": waypoints, exactly one of them, inside the domain. With a
// path, `position` is its first point.
template <size_t N, typename Settings>
void readPlace(ObjectReader& r, const Settings& s, std::array<float, N>& position, std::vector<WaypointOf<N>>& path) {
    const char* shape = N == 2 ? "[x, y]" : "[x, y, z]";
    const bool hasPath = r.has("path"), hasPosition = r.has("position");
    if (hasPath == hasPosition)
        throw SceneError(r.keyPath("position"),
                         std::string("expected exactly one of position ") + shape + " (m) or path (waypoints)");
    const auto inside = [&](const std::array<float, N>& p, const std::string& key) { requireInsideDomain(s, p, key); };
    if (hasPosition) {
        const std::vector<float> xyz = numbersAt(*r.child("position"), r.keyPath("position"), N, Range::any());
        std::copy(xyz.begin(), xyz.end(), position.begin());
        inside(position, r.keyPath("position"));
    } else {
        path = readPath<N>(*r.child("path"), r.keyPath("path"), inside);
        position = path.front().position;
    }
}

// When an emitter acts: once at "start" ("burst": true), or from "start" to "end" (s).
template <typename SceneEmitter>
void readEmitterTimes(ObjectReader& r, SceneEmitter& e) {
    e.burst = r.boolean("burst", false);
    e.start = readStartTime(r);
    e.end = readEndTime(r, e.start);
}

// A circle's or sphere's "centre" (inside the domain) and "radius" (> 0), both required.
template <size_t N, typename Settings>
void readCentreAndRadius(ObjectReader& r, const Settings& s, std::array<float, N>& centre, float& radius) {
    if constexpr (N == 2) centre = r.requiredVec2("centre");
    else centre = r.requiredVec3("centre");
    requireInsideDomain(s, centre, r.keyPath("centre"));
    radius = r.requiredReal("radius", Range::positive());
}

} // namespace detail

} // namespace billow::scene
