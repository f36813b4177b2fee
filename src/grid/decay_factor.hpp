// The per-step factor of an exponential decay, shared by the smoke solvers' damping and relaxation.
#pragma once

#include <cmath>

namespace billow::detail {

// exp(-rate * dt): a field decaying at `rate` per second (1/s) keeps this fraction over a step of
// dt seconds, whatever dt is (the decay of two half steps equals that of one whole step).
inline float decayFactor(float rate, float dt) { return std::exp(-rate * dt); }

} // namespace billow::detail
