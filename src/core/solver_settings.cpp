// The shared settings blocks' checks (billow/solver_settings.hpp), each field named
// "<owner>::<field>" as the owning solver's settings spell it.
#include "billow/solver_settings.hpp"

#include <string>
#include <utility>

#include "billow/error.hpp"
#include "core/validation.hpp"

namespace billow {
namespace {

constexpr uint32_t kMaxIterations = 1000000;

std::string name(const char* owner, const char* field) { return std::string(owner) + "::" + field; }

} // namespace

void PressureSettings::validate(const char* owner) const {
    detail::requireKnown(pressureSolver, PressureSolverType::Spectral, name(owner, "pressureSolver"),
                         "unknown solver type");
    detail::requireAtMost(pressureIterations, kMaxIterations, name(owner, "pressureIterations"));
    detail::requireBounded(pressureTolerance, name(owner, "pressureTolerance"));
    if (pressureTolerance < 0.0f || pressureTolerance >= 1.0f)
        throw InvalidArgument(name(owner, "pressureTolerance"),
                              "must be in [0, 1) (got " + std::to_string(pressureTolerance) + ")");
    if (pressureTolerance > 0.0f && !solvesToTolerance(pressureSolver))
        throw InvalidArgument(name(owner, "pressureTolerance"),
                              "a tolerance needs pressureSolver Multigrid, MultigridPCG or Spectral (Jacobi and "
                              "RedBlackSOR run a fixed count)");
    detail::requireBounded(sorRelaxation, name(owner, "sorRelaxation"));
    if (sorRelaxation <= 0.0f || sorRelaxation >= 2.0f)
        throw InvalidArgument(name(owner, "sorRelaxation"), "must be in (0, 2) (got " + std::to_string(sorRelaxation) + ")");
}

void AdvectionSettings::validate(const char* owner) const {
    for (auto [scheme, field] : {std::pair{scalarAdvection, "scalarAdvection"}, std::pair{velocityAdvection, "velocityAdvection"}})
        detail::requireKnown(scheme, AdvectionScheme::BFECC, name(owner, field), "unknown advection scheme");
    detail::requireKnown(advectionLimiter, AdvectionLimiter::RevertToSemiLagrangian, name(owner, "advectionLimiter"),
                         "unknown limiter");
    detail::requireKnown(velocityMode, VelocityMode::Prescribed, name(owner, "velocityMode"), "unknown velocity mode");
    detail::requireKnown(advectionInterpolation, AdvectionInterpolation::MonotoneCubic,
                         name(owner, "advectionInterpolation"), "unknown interpolation");
    detail::requireKnown(backTrace, BackTrace::Euler, name(owner, "backTrace"), "unknown back-trace");
}

void DiffusionSettings::validate(const char* owner) const {
    detail::requireNonNegative(viscosity, name(owner, "viscosity"));
    detail::requireAtMost(diffusionIterations, kMaxIterations, name(owner, "diffusionIterations"));
    detail::requireDiffusionSolve(diffusionSolver, diffusionMaxCycles, diffusionTolerance, name(owner, ""));
}

void SmokeForceSettings::validate(const char* owner) const {
    detail::requireNonNegative(vorticity, name(owner, "vorticity"));
    detail::requireNonNegative(velocityDamping, name(owner, "velocityDamping"));
    detail::requireNonNegative(densityDamping, name(owner, "densityDamping"));
    detail::requireNonNegative(temperatureRelaxation, name(owner, "temperatureRelaxation"));
    detail::requireBounded(densityWeight, name(owner, "densityWeight"));
    detail::requireBounded(thermalExpansion, name(owner, "thermalExpansion"));
    // An absolute temperature: buoyancy and combustion compare against it, and 0 K or below has
    // no physical meaning (it used to be accepted, and a relative-temperature habit put 0 here).
    detail::requireBounded(ambientTemperature, name(owner, "ambientTemperature"));
    if (!(ambientTemperature > 0.0f))
        throw InvalidArgument(name(owner, "ambientTemperature"),
                              "must be > 0 K, an absolute temperature (got " + std::to_string(ambientTemperature) + ")");
    detail::requireNonNegative(maxSpeed, name(owner, "maxSpeed"));
    // A gas at a ten-thousandth of sea-level air is near vacuum, and nothing that flows is denser
    // than 1e5 kg/m^3 (mercury: 13,546): outside that range the value is a unit mistake.
    detail::requireBetween(fluidDensity, 1e-4f, 1e5f, name(owner, "fluidDensity"), "kg/m^3");
}

void HealthSettings::validate(const char* owner) const {
    detail::requireKnown(nonFiniteCheck, NonFiniteCheck::Throw, name(owner, "nonFiniteCheck"), "unknown non-finite check");
}

} // namespace billow
