#include "billow/smoke_settings.hpp"

#include <cmath>
#include <string>
#include <utility>

#include "billow/error.hpp"

namespace billow {
namespace {

constexpr uint32_t kMaxCells = 16384;
constexpr uint32_t kMaxIterations = 1000000;

std::string name(const char* field) { return std::string("SmokeSettings::") + field; }

void requireFinite(float value, const std::string& field) {
    if (!std::isfinite(value)) throw InvalidArgument(field, "must be finite (got " + std::to_string(value) + ")");
}
void requireNonNegative(float value, const std::string& field) {
    requireFinite(value, field);
    if (value < 0.0f) throw InvalidArgument(field, "must be >= 0 (got " + std::to_string(value) + ")");
}
void requireCells(uint32_t value, const std::string& field, bool zeroAllowed) {
    if (zeroAllowed && value == 0) return;
    if (value < 2 || value > kMaxCells)
        throw InvalidArgument(field, "must be in [2, " + std::to_string(kMaxCells) + "] cells (got " +
                                         std::to_string(value) + ")");
}
void requireIterations(uint32_t value, const std::string& field) {
    if (value > kMaxIterations)
        throw InvalidArgument(field, "must be at most " + std::to_string(kMaxIterations) + " (got " +
                                         std::to_string(value) + ")");
}

const char* sideName(size_t side) {
    static const char* names[] = {"Left", "Right", "Bottom", "Top"};
    return names[side];
}

} // namespace

void SmokeSettings::validate() const {
    requireCells(nx, name("nx"), false);
    requireCells(ny, name("ny"), false);
    requireCells(dyeNx, name("dyeNx"), true);
    requireCells(dyeNy, name("dyeNy"), true);
    requireFinite(cellSize, name("cellSize"));
    if (cellSize <= 0.0f) throw InvalidArgument(name("cellSize"), "must be > 0 m (got " + std::to_string(cellSize) + ")");
    requireNonNegative(viscosity, name("viscosity"));
    requireNonNegative(dyeDiffusion, name("dyeDiffusion"));
    requireIterations(diffusionIterations, name("diffusionIterations"));
    requireIterations(pressureIterations, name("pressureIterations"));
    if (static_cast<uint32_t>(pressureSolver) > static_cast<uint32_t>(PressureSolverType::MultigridPCG))
        throw InvalidArgument(name("pressureSolver"), "unknown solver type");
    requireFinite(pressureTolerance, name("pressureTolerance"));
    if (pressureTolerance < 0.0f || pressureTolerance >= 1.0f)
        throw InvalidArgument(name("pressureTolerance"), "must be in [0, 1) (got " + std::to_string(pressureTolerance) + ")");
    if (pressureTolerance > 0.0f && pressureSolver != PressureSolverType::Multigrid &&
        pressureSolver != PressureSolverType::MultigridPCG)
        throw InvalidArgument(name("pressureTolerance"), "a tolerance needs pressureSolver Multigrid or MultigridPCG "
                                                         "(Jacobi and RedBlackSOR run a fixed count)");
    requireFinite(sorRelaxation, name("sorRelaxation"));
    if (sorRelaxation <= 0.0f || sorRelaxation >= 2.0f)
        throw InvalidArgument(name("sorRelaxation"), "must be in (0, 2) (got " + std::to_string(sorRelaxation) + ")");
    for (auto [scheme, field] : {std::pair{scalarAdvection, "scalarAdvection"}, std::pair{dyeAdvection, "dyeAdvection"},
                                 std::pair{velocityAdvection, "velocityAdvection"}})
        if (static_cast<uint32_t>(scheme) > static_cast<uint32_t>(AdvectionScheme::BFECC))
            throw InvalidArgument(name(field), "unknown advection scheme");
    if (static_cast<uint32_t>(advectionLimiter) > static_cast<uint32_t>(AdvectionLimiter::RevertToSemiLagrangian))
        throw InvalidArgument(name("advectionLimiter"), "unknown limiter");
    if (static_cast<uint32_t>(dyeStorage) > static_cast<uint32_t>(DyeStorage::Float16))
        throw InvalidArgument(name("dyeStorage"), "unknown dye storage");
    requireNonNegative(vorticity, name("vorticity"));
    requireNonNegative(velocityDamping, name("velocityDamping"));
    requireNonNegative(densityDamping, name("densityDamping"));
    requireNonNegative(dyeDamping, name("dyeDamping"));
    requireNonNegative(temperatureRelaxation, name("temperatureRelaxation"));
    requireFinite(gravity[0], name("gravity[0]"));
    requireFinite(gravity[1], name("gravity[1]"));
    requireFinite(densityWeight, name("densityWeight"));
    requireFinite(thermalExpansion, name("thermalExpansion"));
    requireFinite(ambientTemperature, name("ambientTemperature"));
    requireNonNegative(maxSpeed, name("maxSpeed"));

    for (size_t s = 0; s < 4; ++s) {
        const BoundarySide& b = boundaries[s];
        std::string prefix = name("boundaries[") + sideName(s) + "]";
        if (static_cast<uint32_t>(b.type) > static_cast<uint32_t>(BoundaryType::Periodic))
            throw InvalidArgument(prefix + ".type", "unknown boundary type");
        requireFinite(b.tangentialVelocity, prefix + ".tangentialVelocity");
        requireFinite(b.normalVelocity, prefix + ".normalVelocity");
        requireFinite(b.density, prefix + ".density");
        requireFinite(b.temperature, prefix + ".temperature");
        for (size_t c = 0; c < 4; ++c) requireFinite(b.dye[c], prefix + ".dye[" + std::to_string(c) + "]");
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
