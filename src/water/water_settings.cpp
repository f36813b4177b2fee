#include "billow/water_settings.hpp"

#include <string>

#include "billow/error.hpp"
#include "billow/health.hpp"
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

// "must be at most <high> <unit>" (the lower bound checked first).
void requireAtMost(float value, float high, const std::string& field, const std::string& unit) {
    if (value > high)
        throw InvalidArgument(field, "must be at most " + std::to_string(high) + " " + unit + " (got " + std::to_string(value) + ")");
}

// In [low, high] <unit>, bounded first.
void requireWithin(float value, float low, float high, const std::string& field, const std::string& unit) {
    requireBounded(value, field);
    if (!(value >= low && value <= high))
        throw InvalidArgument(field, "must be in [" + std::to_string(low) + ", " + std::to_string(high) + "] " + unit +
                                         " (got " + std::to_string(value) + ")");
}

void requireFraction(float value, const std::string& field) {
    requireNonNegative(value, field);
    if (value > 1.0f) throw InvalidArgument(field, "must be in [0, 1] (got " + std::to_string(value) + ")");
}

void validateErosion(const WaterErosionSettings& e) {
    const HydraulicErosionSettings& h = e.hydraulic;
    // Mei, Decaudin & Hu use 0.01 to 1 s; beyond 100 s one frame's capacity dissolves more soil
    // than any terrain has.
    requireWithin(h.capacity, 0.0f, 100.0f, name("erosion.hydraulic.capacity"), "s");
    requireFraction(h.minimumTilt, name("erosion.hydraulic.minimumTilt"));
    for (auto [value, field] : {std::pair{h.dissolveRate, "erosion.hydraulic.dissolveRate"},
                                std::pair{h.sheetFlowDepth, "erosion.hydraulic.sheetFlowDepth"},
                                std::pair{h.depositRate, "erosion.hydraulic.depositRate"},
                                std::pair{h.deepWaterLimit, "erosion.hydraulic.deepWaterLimit"},
                                std::pair{e.thermal.rate, "erosion.thermal.rate"}}) {
        requireBounded(value, name(field));
        requireNonNegative(value, name(field));
    }
    requireAtMost(h.sheetFlowDepth, 1.0f, name("erosion.hydraulic.sheetFlowDepth"), "m");
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
    // From a small moon's (Mimas: 0.064) to a hundred times Earth's: beyond them the substeps or
    // the buoyancy of the bodies run out of float's range.
    requireWithin(gravity, 1e-2f, 1e3f, name("gravity"), "m/s^2");
    detail::requireKnown(model, WaterModel::Momentum, name("model"), "unknown water model");
    detail::requireKnown(lattice, WaterLattice::Triangle, name("lattice"), "unknown lattice");
    if (lattice == WaterLattice::Triangle && model == WaterModel::Momentum)
        throw InvalidArgument(name("model"), "the Momentum model runs on the Square lattice only; the Triangle lattice "
                                             "takes VirtualPipes or DepthPipes");
    // A millimetre to the deepest sea (kHealthDepthLimit): the depth whose wave speed the pipes carry.
    requireWithin(pipeDepth, 1e-3f, kHealthDepthLimit, name("pipeDepth"), "m");
    requireNonNegative(friction, name("friction"));
    if (friction >= 1.0f) throw InvalidArgument(name("friction"), "must be < 1 (got " + std::to_string(friction) + ")");
    requireNonNegative(viscosity, name("viscosity"));
    requirePositive(courant, name("courant"));
    // Below 1e-3 a frame needs a thousand times the substeps the scheme asks for.
    if (courant < 1e-3f)
        throw InvalidArgument(name("courant"), "must be at least 0.001 (got " + std::to_string(courant) + ")");
    if (courant > kMaxCourant)
        throw InvalidArgument(name("courant"), "must be <= 1/sqrt(2) ~ 0.7071, the scheme's stability limit (got " +
                                                   std::to_string(courant) + ")");
    detail::requireInRange(maxSubsteps, 1, kMaxSubsteps, name("maxSubsteps"));
    // Below a micrometre a film's velocity q / (h H) runs away; above a metre nothing is wet.
    requireWithin(dryDepth, 1e-6f, 1.0f, name("dryDepth"), "m");
    requireNonNegative(dyeDecay, name("dyeDecay"));
    requireBounded(evaporation, name("evaporation"));
    requireNonNegative(evaporation, name("evaporation"));
    validateErosion(erosion);
    // Every liquid lies in it: liquid hydrogen's 71 kg/m^3 to mercury's 13,534, with margin.
    requireWithin(waterDensity, 10.0f, 1e5f, name("waterDensity"), "kg/m^3");
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
