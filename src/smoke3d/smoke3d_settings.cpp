// Validation of SmokeSettings3D: every field, one clear error naming the first offender.
#include "billow/smoke3d_settings.hpp"

#include <string>
#include <utility>

#include "billow/error.hpp"
#include "core/validation.hpp"
#include "grid/sides.hpp"

namespace billow {
namespace {

using detail::requireBounded;
using detail::requireNonNegative;
using detail::sideName;

constexpr uint32_t kMaxIterations = 1000000;

std::string name(const std::string& field) { return "SmokeSettings3D::" + field; }

void requireCells(uint32_t value, const char* field) {
    detail::requireInRange(value, 2, SmokeSettings3D::kMaxCellsPerAxis, name(field), "cells");
}

void validateSide(const BoundarySide3D& b, const std::string& prefix) {
    detail::requireKnown(b.type, BoundaryType::Periodic, prefix + ".type", "unknown boundary type");
    for (size_t c = 0; c < 3; ++c) requireBounded(b.wallVelocity[c], prefix + ".wallVelocity[" + std::to_string(c) + "]");
    requireBounded(b.normalVelocity, prefix + ".normalVelocity");
    requireBounded(b.density, prefix + ".density");
    requireBounded(b.temperature, prefix + ".temperature");
    requireBounded(b.fuel, prefix + ".fuel");
    for (size_t c = 0; c < 4; ++c) requireBounded(b.colour[c], prefix + ".colour[" + std::to_string(c) + "]");
}

void validateCombustion(const CombustionSettings& c) {
    requireBounded(c.ignitionTemperature, name("combustion.ignitionTemperature"));
    requireNonNegative(c.burnRate, name("combustion.burnRate"));
    requireNonNegative(c.heatRelease, name("combustion.heatRelease"));
    requireNonNegative(c.smokeYield, name("combustion.smokeYield"));
    requireNonNegative(c.expansion, name("combustion.expansion"));
}

} // namespace

void SmokeSettings3D::validate() const {
    requireCells(nx, "nx");
    requireCells(ny, "ny");
    requireCells(nz, "nz");
    detail::requireScale(cellSize, name("cellSize"), "m");
    requireNonNegative(viscosity, name("viscosity"));
    requireNonNegative(scalarDiffusion, name("scalarDiffusion"));
    detail::requireAtMost(diffusionIterations, kMaxIterations, name("diffusionIterations"));
    detail::requireDiffusionSolve(diffusionSolver, diffusionMaxCycles, diffusionTolerance, name(""));

    detail::requireKnown(pressureSolver, PressureSolverType::MultigridPCG, name("pressureSolver"), "unknown solver type");
    detail::requireAtMost(pressureIterations, kMaxIterations, name("pressureIterations"));
    requireBounded(pressureTolerance, name("pressureTolerance"));
    if (pressureTolerance < 0.0f || pressureTolerance >= 1.0f)
        throw InvalidArgument(name("pressureTolerance"), "must be in [0, 1) (got " + std::to_string(pressureTolerance) + ")");
    if (pressureTolerance > 0.0f && pressureSolver != PressureSolverType::Multigrid &&
        pressureSolver != PressureSolverType::MultigridPCG)
        throw InvalidArgument(name("pressureTolerance"), "a tolerance needs pressureSolver Multigrid or MultigridPCG "
                                                         "(Jacobi and RedBlackSOR run a fixed count)");
    requireBounded(sorRelaxation, name("sorRelaxation"));
    if (sorRelaxation <= 0.0f || sorRelaxation >= 2.0f)
        throw InvalidArgument(name("sorRelaxation"), "must be in (0, 2) (got " + std::to_string(sorRelaxation) + ")");

    for (auto [scheme, field] : {std::pair{scalarAdvection, "scalarAdvection"}, std::pair{colourAdvection, "colourAdvection"},
                                 std::pair{velocityAdvection, "velocityAdvection"}})
        detail::requireKnown(scheme, AdvectionScheme::BFECC, name(field), "unknown advection scheme");
    detail::requireKnown(advectionLimiter, AdvectionLimiter::RevertToSemiLagrangian, name("advectionLimiter"),
                         "unknown limiter");
    detail::requireKnown(velocityMode, VelocityMode::Prescribed, name("velocityMode"), "unknown velocity mode");
    detail::requireKnown(advectionInterpolation, AdvectionInterpolation::MonotoneCubic, name("advectionInterpolation"),
                         "unknown interpolation");

    requireNonNegative(vorticity, name("vorticity"));
    requireNonNegative(velocityDamping, name("velocityDamping"));
    requireNonNegative(densityDamping, name("densityDamping"));
    requireNonNegative(fuelDamping, name("fuelDamping"));
    requireNonNegative(colourDamping, name("colourDamping"));
    requireNonNegative(temperatureRelaxation, name("temperatureRelaxation"));
    for (size_t c = 0; c < 3; ++c) requireBounded(gravity[c], name("gravity[" + std::to_string(c) + "]"));
    requireBounded(densityWeight, name("densityWeight"));
    requireBounded(thermalExpansion, name("thermalExpansion"));
    requireBounded(ambientTemperature, name("ambientTemperature"));
    requireNonNegative(maxSpeed, name("maxSpeed"));
    detail::requireKnown(nonFiniteCheck, NonFiniteCheck::Throw, name("nonFiniteCheck"), "unknown non-finite check");
    validateCombustion(combustion);

    for (size_t s = 0; s < detail::kSides3D; ++s)
        validateSide(boundaries[s], name("boundaries[") + sideName(s) + "]");
    for (size_t axis = 0; axis < 3; ++axis) {
        const bool low = boundaries[2 * axis].type == BoundaryType::Periodic;
        const bool high = boundaries[2 * axis + 1].type == BoundaryType::Periodic;
        if (low != high)
            throw InvalidArgument(name("boundaries[") + sideName(low ? 2 * axis + 1 : 2 * axis) + "].type",
                                  std::string("must be Periodic because the opposite side ") +
                                      sideName(low ? 2 * axis : 2 * axis + 1) + " is Periodic");
    }
}

} // namespace billow
