// A run never goes silently NaN: the state fields are checked whenever outputs are written and
// after the last step, metrics say which of their numbers are not finite, and either ends the
// run with NonFiniteState (exit status 4, see main.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace billow::scene {

class NonFiniteState : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The larger of two numbers where NaN wins (std::max drops a NaN that comes second, which made a
// NaN state print "maxSpeed": 0).
inline double maxKeepingNaN(double top, double x) {
    if (std::isnan(top) || std::isnan(x)) return std::numeric_limits<double>::quiet_NaN();
    return x > top ? x : top;
}

// Throws NonFiniteState ("step 37: velocityX is not finite (NaN at index 812 of 1332)").
void requireFiniteField(const std::vector<float>& values, const std::string& name, uint32_t step);

// The keys of the numbers in a metrics record that are not finite, one level of nesting
// included ("totalDye[2]", "gpuMs.pressure"). JSON has no NaN: the record writes them as null and
// lists them under "nonFinite".
std::vector<std::string> nonFiniteEntries(const nlohmann::ordered_json& record);

} // namespace billow::scene
