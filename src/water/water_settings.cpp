#include "billow/water_settings.hpp"

#include <cmath>
#include <string>

#include "billow/error.hpp"

namespace billow {
namespace {

constexpr uint32_t kMaxCells = 16384;
constexpr uint32_t kMaxSubsteps = 1000000;
// The explicit pipe scheme is stable for c dt / h <= 1/sqrt(2) (docs/shallow-water.md).
constexpr float kMaxCourant = 0.70710678f;

std::string name(const std::string& field) { return "WaterSettings::" + field; }

void requireFinite(float value, const std::string& field) {
    if (!std::isfinite(value)) throw InvalidArgument(field, "must be finite (got " + std::to_string(value) + ")");
}
void requirePositive(float value, const std::string& field) {
    requireFinite(value, field);
    if (value <= 0.0f) throw InvalidArgument(field, "must be > 0 (got " + std::to_string(value) + ")");
}
void requireNonNegative(float value, const std::string& field) {
    requireFinite(value, field);
    if (value < 0.0f) throw InvalidArgument(field, "must be >= 0 (got " + std::to_string(value) + ")");
}

const char* sideName(size_t side) {
    static const char* names[] = {"Left", "Right", "Bottom", "Top"};
    return side < 4 ? names[side] : "?";
}

void validateBoundary(const WaterBoundary& b, const std::string& prefix) {
    if (static_cast<uint32_t>(b.type) > static_cast<uint32_t>(WaterBoundaryType::WaveMaker))
        throw InvalidArgument(prefix + ".type", "unknown boundary type");
    requireFinite(b.flow, prefix + ".flow");
    requireFinite(b.amplitude, prefix + ".amplitude");
    requirePositive(b.period, prefix + ".period");
    requireFinite(b.phase, prefix + ".phase");
    requireNonNegative(b.drop, prefix + ".drop");
}

} // namespace

void WaterSettings::validate() const {
    for (auto [value, field] : {std::pair{nx, "nx"}, std::pair{ny, "ny"}})
        if (value < 2 || value > kMaxCells)
            throw InvalidArgument(name(field), "must be in [2, " + std::to_string(kMaxCells) + "] cells (got " +
                                                   std::to_string(value) + ")");
    requirePositive(cellSize, name("cellSize"));
    requirePositive(gravity, name("gravity"));
    if (static_cast<uint32_t>(model) > static_cast<uint32_t>(WaterModel::Momentum))
        throw InvalidArgument(name("model"), "unknown water model");
    requirePositive(pipeDepth, name("pipeDepth"));
    requireNonNegative(friction, name("friction"));
    if (friction >= 1.0f) throw InvalidArgument(name("friction"), "must be < 1 (got " + std::to_string(friction) + ")");
    requireNonNegative(viscosity, name("viscosity"));
    requirePositive(courant, name("courant"));
    if (courant > kMaxCourant)
        throw InvalidArgument(name("courant"), "must be <= 1/sqrt(2) ~ 0.7071, the scheme's stability limit (got " +
                                                   std::to_string(courant) + ")");
    if (maxSubsteps < 1 || maxSubsteps > kMaxSubsteps)
        throw InvalidArgument(name("maxSubsteps"), "must be in [1, " + std::to_string(kMaxSubsteps) + "] (got " +
                                                       std::to_string(maxSubsteps) + ")");
    requireNonNegative(dryDepth, name("dryDepth"));
    requireNonNegative(dyeDecay, name("dyeDecay"));
    for (size_t s = 0; s < 4; ++s) validateBoundary(boundaries[s], name("boundaries[") + sideName(s) + "]");
    for (size_t k = 0; k < overrides.size(); ++k) {
        const WaterFaceOverride& o = overrides[k];
        const std::string prefix = name("overrides[" + std::to_string(k) + "]");
        const uint32_t side = static_cast<uint32_t>(o.side);
        if (side > 3) throw InvalidArgument(prefix + ".side", "unknown side");
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
