#include "billow/water_settings.hpp"

#include <string>

#include "billow/error.hpp"
#include "core/validation.hpp"
#include "grid/mac_grid.hpp"
#include "grid/sides.hpp"

namespace billow {
namespace {

using detail::requireBounded;
using detail::requireNonNegative;
using detail::requirePositive;
using detail::sideName;

constexpr uint32_t kMaxSubsteps = 1000000;
// The explicit pipe scheme is stable for c dt / h <= 1/sqrt(2) (docs/shallow-water.md).
constexpr float kMaxCourant = 0.70710678f;

std::string name(const std::string& field) { return "WaterSettings::" + field; }

void validateBoundary(const WaterBoundary& b, const std::string& prefix) {
    detail::requireKnown(b.type, WaterBoundaryType::WaveMaker, prefix + ".type", "unknown boundary type");
    requireBounded(b.flow, prefix + ".flow");
    requireBounded(b.amplitude, prefix + ".amplitude");
    detail::requireScale(b.period, prefix + ".period", "s");
    requireBounded(b.phase, prefix + ".phase");
    requireNonNegative(b.drop, prefix + ".drop");
}

void requireFraction(float value, const std::string& field) {
    requireNonNegative(value, field);
    if (value > 1.0f) throw InvalidArgument(field, "must be in [0, 1] (got " + std::to_string(value) + ")");
}

void validateErosion(const WaterErosionSettings& e) {
    const HydraulicErosionSettings& h = e.hydraulic;
    requireBounded(h.capacity, name("erosion.hydraulic.capacity"));
    requireNonNegative(h.capacity, name("erosion.hydraulic.capacity"));
    requireFraction(h.minimumTilt, name("erosion.hydraulic.minimumTilt"));
    for (auto [value, field] : {std::pair{h.dissolveRate, "erosion.hydraulic.dissolveRate"},
                                std::pair{h.depositRate, "erosion.hydraulic.depositRate"},
                                std::pair{h.deepWaterLimit, "erosion.hydraulic.deepWaterLimit"},
                                std::pair{e.thermal.rate, "erosion.thermal.rate"}}) {
        requireBounded(value, name(field));
        requireNonNegative(value, name(field));
    }
    const float talus = e.thermal.talusAngle;
    if (!(talus > 0.0f && talus < 90.0f))
        throw InvalidArgument(name("erosion.thermal.talusAngle"),
                              "must be in (0, 90) degrees (got " + std::to_string(talus) + ")");
}

} // namespace

void WaterSettings::validate() const {
    for (auto [value, field] : {std::pair{nx, "nx"}, std::pair{ny, "ny"}})
        detail::requireInRange(value, 2, detail::kMaxCellsPerAxis, name(field), "cells");
    detail::requireScale(cellSize, name("cellSize"), "m");
    requirePositive(gravity, name("gravity"));
    detail::requireKnown(model, WaterModel::Momentum, name("model"), "unknown water model");
    detail::requireKnown(lattice, WaterLattice::Triangle, name("lattice"), "unknown lattice");
    if (lattice == WaterLattice::Triangle && model == WaterModel::Momentum)
        throw InvalidArgument(name("model"), "the Momentum model runs on the Square lattice only; the Triangle lattice "
                                             "takes VirtualPipes or DepthPipes");
    requirePositive(pipeDepth, name("pipeDepth"));
    requireNonNegative(friction, name("friction"));
    if (friction >= 1.0f) throw InvalidArgument(name("friction"), "must be < 1 (got " + std::to_string(friction) + ")");
    requireNonNegative(viscosity, name("viscosity"));
    requirePositive(courant, name("courant"));
    if (courant > kMaxCourant)
        throw InvalidArgument(name("courant"), "must be <= 1/sqrt(2) ~ 0.7071, the scheme's stability limit (got " +
                                                   std::to_string(courant) + ")");
    detail::requireInRange(maxSubsteps, 1, kMaxSubsteps, name("maxSubsteps"));
    requireNonNegative(dryDepth, name("dryDepth"));
    requireNonNegative(dyeDecay, name("dyeDecay"));
    requireBounded(evaporation, name("evaporation"));
    requireNonNegative(evaporation, name("evaporation"));
    validateErosion(erosion);
    requireBounded(waterDensity, name("waterDensity"));
    requirePositive(waterDensity, name("waterDensity"));
    HealthSettings::validate("WaterSettings");
    for (size_t s = 0; s < detail::kSides; ++s) validateBoundary(boundaries[s], name("boundaries[") + sideName(s) + "]");
    for (size_t k = 0; k < overrides.size(); ++k) {
        const WaterFaceOverride& o = overrides[k];
        const std::string prefix = name("overrides[" + std::to_string(k) + "]");
        detail::requireKnown(o.side, Side::Top, prefix + ".side", "unknown side");
        const uint32_t side = static_cast<uint32_t>(o.side);
        const uint32_t faces = side < 2 ? ny : nx;
        if (o.count == 0) throw InvalidArgument(prefix + ".count", "must be >= 1");
        if (o.first >= faces || o.count > faces - o.first)
            throw InvalidArgument(prefix + ".first/count", std::string("faces [") + std::to_string(o.first) + ", " +
                                                               std::to_string(uint64_t(o.first) + o.count) +
                                                               ") do not fit the " + sideName(side) + " side's " +
                                                               std::to_string(faces) + " faces");
        validateBoundary(o.boundary, prefix + ".boundary");
    }
}

} // namespace billow
