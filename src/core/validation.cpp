#include "core/validation.hpp"

#include <cmath>

namespace billow::detail {
namespace {

std::string withUnit(const std::string& text, const std::string& unit) { return unit.empty() ? text : text + " " + unit; }
std::string got(float value) { return " (got " + std::to_string(value) + ")"; }
std::string got(uint32_t value) { return " (got " + std::to_string(value) + ")"; }

} // namespace

void requireFinite(float value, const std::string& field) {
    if (!std::isfinite(value)) throw InvalidArgument(field, "must be finite" + got(value));
}

void requireNonNegative(float value, const std::string& field) {
    requireFinite(value, field);
    if (value < 0.0f) throw InvalidArgument(field, "must be >= 0" + got(value));
}

void requirePositive(float value, const std::string& field, const std::string& unit) {
    requireFinite(value, field);
    if (value <= 0.0f) throw InvalidArgument(field, withUnit("must be > 0", unit) + got(value));
}

void requireFiniteAndPositive(float value, const std::string& field, const std::string& unit) {
    if (!std::isfinite(value) || value <= 0.0f) throw InvalidArgument(field, withUnit("must be finite and > 0", unit));
}

void requireTimeStep(float dt) {
    if (!std::isfinite(dt) || dt <= 0.0f) throw InvalidArgument("dt", "must be finite and > 0 s" + got(dt));
}

void requireStepCount(uint32_t count) {
    if (count == 0) throw InvalidArgument("step: count", "must be >= 1 (got 0)");
}

void requireAllFinite(std::initializer_list<float> values, const std::string& field, const std::string& message) {
    for (float value : values)
        if (!std::isfinite(value)) throw InvalidArgument(field, message);
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

} // namespace billow::detail
