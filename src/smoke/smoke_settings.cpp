#include "billow/smoke_settings.hpp"

#include <string>
#include <utility>

#include "billow/error.hpp"
#include "core/validation.hpp"
#include "grid/mac_grid.hpp"
#include "grid/sides.hpp"

namespace billow {
namespace {

using detail::requireBounded;
using detail::requireNonNegative;
using detail::sideName;

constexpr uint32_t kMaxIterations = 1000000;

std::string name(const char* field) { return std::string("SmokeSettings::") + field; }

// zeroAllowed: 0 means "the velocity grid's count" (the dye grid's sizes).
void requireCells(uint32_t value, const std::string& field, bool zeroAllowed) {
    if (zeroAllowed && value == 0) return;
    detail::requireInRange(value, 2, detail::kMaxCellsPerAxis, field, "cells");
}

} // namespace

void SmokeSettings::validate() const {
    requireCells(nx, name("nx"), false);
    requireCells(ny, name("ny"), false);
    requireCells(dyeNx, name("dyeNx"), true);
    requireCells(dyeNy, name("dyeNy"), true);
    detail::requireScale(cellSize, name("cellSize"), "m");
    requireNonNegative(viscosity, name("viscosity"));
    requireNonNegative(dyeDiffusion, name("dyeDiffusion"));
    detail::requireAtMost(diffusionIterations, kMaxIterations, name("diffusionIterations"));
    detail::requireDiffusionSolve(diffusionSolver, diffusionMaxCycles, diffusionTolerance, name(""));
    detail::requireAtMost(pressureIterations, kMaxIterations, name("pressureIterations"));
    detail::requireKnown(pressureSolver, PressureSolverType::MultigridPCG, name("pressureSolver"), "unknown solver type");
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
    for (auto [scheme, field] : {std::pair{scalarAdvection, "scalarAdvection"}, std::pair{dyeAdvection, "dyeAdvection"},
                                 std::pair{velocityAdvection, "velocityAdvection"}})
        detail::requireKnown(scheme, AdvectionScheme::BFECC, name(field), "unknown advection scheme");
    detail::requireKnown(advectionLimiter, AdvectionLimiter::RevertToSemiLagrangian, name("advectionLimiter"),
                         "unknown limiter");
    detail::requireKnown(velocityMode, VelocityMode::Prescribed, name("velocityMode"), "unknown velocity mode");
    detail::requireKnown(advectionInterpolation, AdvectionInterpolation::MonotoneCubic, name("advectionInterpolation"),
                         "unknown interpolation");
    detail::requireKnown(dyeStorage, DyeStorage::Float16, name("dyeStorage"), "unknown dye storage");
    requireNonNegative(vorticity, name("vorticity"));
    requireNonNegative(velocityDamping, name("velocityDamping"));
    requireNonNegative(densityDamping, name("densityDamping"));
    requireNonNegative(dyeDamping, name("dyeDamping"));
    requireNonNegative(temperatureRelaxation, name("temperatureRelaxation"));
    requireBounded(gravity[0], name("gravity[0]"));
    requireBounded(gravity[1], name("gravity[1]"));
    requireBounded(densityWeight, name("densityWeight"));
    requireBounded(thermalExpansion, name("thermalExpansion"));
    requireBounded(ambientTemperature, name("ambientTemperature"));
    requireNonNegative(maxSpeed, name("maxSpeed"));
    detail::requireKnown(nonFiniteCheck, NonFiniteCheck::Throw, name("nonFiniteCheck"), "unknown non-finite check");

    for (size_t s = 0; s < detail::kSides; ++s) {
        const BoundarySide& b = boundaries[s];
        std::string prefix = name("boundaries[") + sideName(s) + "]";
        detail::requireKnown(b.type, BoundaryType::Periodic, prefix + ".type", "unknown boundary type");
        requireBounded(b.tangentialVelocity, prefix + ".tangentialVelocity");
        requireBounded(b.normalVelocity, prefix + ".normalVelocity");
        requireBounded(b.density, prefix + ".density");
        requireBounded(b.temperature, prefix + ".temperature");
        for (size_t c = 0; c < 4; ++c) requireBounded(b.dye[c], prefix + ".dye[" + std::to_string(c) + "]");
    }
    for (size_t axis = 0; axis < 2; ++axis) {
        bool first = boundaries[2 * axis].type == BoundaryType::Periodic;
        bool second = boundaries[2 * axis + 1].type == BoundaryType::Periodic;
        if (first != second)
            throw InvalidArgument(name("boundaries[") + sideName(first ? 2 * axis + 1 : 2 * axis) + "].type",
                                  std::string("must be Periodic because the opposite side ") +
                                      sideName(first ? 2 * axis : 2 * axis + 1) + " is Periodic");
    }
}

} // namespace billow
