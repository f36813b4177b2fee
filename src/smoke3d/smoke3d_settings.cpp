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
    PressureSettings::validate("SmokeSettings3D");
    AdvectionSettings::validate("SmokeSettings3D");
    DiffusionSettings::validate("SmokeSettings3D");
    SmokeForceSettings::validate("SmokeSettings3D");
    HealthSettings::validate("SmokeSettings3D");
    requireNonNegative(scalarDiffusion, name("scalarDiffusion"));
    detail::requireKnown(colourAdvection, AdvectionScheme::BFECC, name("colourAdvection"), "unknown advection scheme");
    detail::requireKnown(flowStorage, FlowStorage::Float16, name("flowStorage"), "unknown flow storage");
    requireNonNegative(fuelDamping, name("fuelDamping"));
    requireNonNegative(colourDamping, name("colourDamping"));
    for (size_t c = 0; c < 3; ++c) requireBounded(gravity[c], name("gravity[" + std::to_string(c) + "]"));
    validateCombustion(combustion);

    for (size_t s = 0; s < detail::kSides3D; ++s)
        validateSide(boundaries[s], name("boundaries[") + sideName(s) + "]");
    detail::requirePeriodicPairs(boundaries, name("boundaries["));
}

} // namespace billow
