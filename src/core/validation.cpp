#include "core/validation.hpp"

#include <cmath>
#include <cstdio>

namespace billow::detail {
namespace {

std::string withUnit(const std::string& text, const std::string& unit) { return unit.empty() ? text : text + " " + unit; }
// Short and exact enough for any float: 3e+38, 1e-45, 0.0166667.
std::string bound(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(value));
    return text;
}

std::string got(float value) { return " (got " + bound(value) + ")"; }
std::string got(uint32_t value) { return " (got " + std::to_string(value) + ")"; }

} // namespace

void requireFinite(float value, const std::string& field) {
    if (!std::isfinite(value)) throw InvalidArgument(field, "must be finite" + got(value));
}

void requireBounded(float value, const std::string& field) {
    if (!std::isfinite(value) || std::abs(value) > limits::kMaxMagnitude)
        throw InvalidArgument(field, "must be finite and within +-" + bound(limits::kMaxMagnitude) +
                                         " (float32 range; docs/parameters.md, \"Bounds\")" + got(value));
}

void requireNonNegative(float value, const std::string& field) {
    requireBounded(value, field);
    if (value < 0.0f) throw InvalidArgument(field, "must be >= 0" + got(value));
}

void requirePositive(float value, const std::string& field, const std::string& unit) {
    requireBounded(value, field);
    if (value <= 0.0f) throw InvalidArgument(field, withUnit("must be > 0", unit) + got(value));
}

void requireFiniteAndPositive(float value, const std::string& field, const std::string& unit) {
    if (!std::isfinite(value) || value <= 0.0f) throw InvalidArgument(field, withUnit("must be finite and > 0", unit));
    requireBounded(value, field);
}

void requireScale(float value, const std::string& field, const std::string& unit) {
    if (!(value >= limits::kMinScale && value <= limits::kMaxScale))
        throw InvalidArgument(field, withUnit("must be in [" + bound(limits::kMinScale) + ", " + bound(limits::kMaxScale) + "]",
                                              unit) + " (float32 range; docs/parameters.md, \"Bounds\")" + got(value));
}

void requireBetween(float value, float low, float high, const std::string& field, const std::string& unit) {
    if (!(value >= low && value <= high))
        throw InvalidArgument(field, withUnit("must be in [" + bound(low) + ", " + bound(high) + "]", unit) + got(value));
}

void requireTimeStep(float dt) { requireScale(dt, "dt", "s"); }

void requireUploadable(std::span<const float> values, const std::string& call) {
    for (size_t k = 0; k < values.size(); ++k)
        if (!std::isfinite(values[k]) || std::abs(values[k]) > limits::kMaxMagnitude)
            throw InvalidArgument(call + ": values[" + std::to_string(k) + "]",
                                  "must be finite and within +-" + bound(limits::kMaxMagnitude) +
                                      " (float32 range; docs/parameters.md, \"Bounds\")" + got(values[k]));
}

void requireStepCount(uint32_t count) {
    if (count == 0) throw InvalidArgument("step: count", "must be >= 1 (got 0)");
}

void requireAllFinite(std::initializer_list<float> values, const std::string& field, const std::string& message) {
    for (float value : values)
        if (!std::isfinite(value)) throw InvalidArgument(field, message);
}

void requireAllBounded(std::initializer_list<float> values, const std::string& field) {
    for (float value : values) requireBounded(value, field);
}

void requireInRange(uint32_t value, uint32_t low, uint32_t high, const std::string& field, const std::string& unit) {
    if (value < low || value > high)
        throw InvalidArgument(field, withUnit("must be in [" + std::to_string(low) + ", " + std::to_string(high) + "]", unit) +
                                         got(value));
}

void requireUnchanged(bool unchanged, const std::string& field) {
    if (!unchanged) throw InvalidArgument(field, "cannot change on an existing solver; create a new one");
}

void requireAtMost(uint32_t value, uint32_t high, const std::string& field) {
    if (value > high) throw InvalidArgument(field, "must be at most " + std::to_string(high) + got(value));
}

void requireDiffusionSolve(DiffusionSolverType solver, uint32_t maxCycles, float tolerance, const std::string& prefix) {
    requireKnown(solver, DiffusionSolverType::Multigrid, prefix + "diffusionSolver", "unknown diffusion solver type");
    requireInRange(maxCycles, 1, 1000, prefix + "diffusionMaxCycles", "V-cycles");
    requireBounded(tolerance, prefix + "diffusionTolerance");
    if (!(tolerance > 0.0f && tolerance < 1.0f))
        throw InvalidArgument(prefix + "diffusionTolerance", "must be in (0, 1) (got " + std::to_string(tolerance) + ")");
}

} // namespace billow::detail
