// Times in any solver's scene: the "time" section (dt and the duration) and the end of something
// that lasts from a start time.
#pragma once

#include <cstdint>
#include <string>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"

namespace billow::scene::detail {

// The bounds of a run: a step of at least a microsecond (a smaller one, as a 32-bit float, is a
// denormal or 0 that the solver divides by), at most ten million steps, and start/end times
// within a thousand years of simulated time (so time arithmetic in double stays exact to
// microseconds and counting events can never run away).
inline constexpr double kMinTimeStep = 1e-6;  // s
inline constexpr double kMaxTimeStep = 1.0;   // s
inline constexpr uint32_t kMaxSteps = 10000000;
inline constexpr double kMaxEventTime = 3.2e10;  // s

// dt and steps come in holding the solver's defaults; --steps/--seconds replace the duration.
void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps);
// The number of steps of `dt` that cover `seconds` (rounded up); SceneError keyed `key` when
// that is more than kMaxSteps.
uint32_t stepsFor(double seconds, double dt, const std::string& key);
// "start" (s, default 0) of an event.
double readStartTime(ObjectReader& r);
// "end" (s, default: never), which must come after `start`.
double readEndTime(ObjectReader& r, double start);

} // namespace billow::scene::detail
