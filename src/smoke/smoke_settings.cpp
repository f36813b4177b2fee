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
    PressureSettings::validate("SmokeSettings");
    AdvectionSettings::validate("SmokeSettings");
    DiffusionSettings::validate("SmokeSettings");
    SmokeForceSettings::validate("SmokeSettings");
    HealthSettings::validate("SmokeSettings");
    requireNonNegative(dyeDiffusion, name("dyeDiffusion"));
    detail::requireKnown(dyeAdvection, AdvectionScheme::BFECC, name("dyeAdvection"), "unknown advection scheme");
    detail::requireKnown(dyeStorage, DyeStorage::Float16, name("dyeStorage"), "unknown dye storage");
    requireNonNegative(dyeDamping, name("dyeDamping"));
    requireBounded(gravity[0], name("gravity[0]"));
    requireBounded(gravity[1], name("gravity[1]"));

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
    detail::requirePeriodicPairs(boundaries, name("boundaries["));
}

} // namespace billow
