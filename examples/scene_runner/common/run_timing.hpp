// Small helpers both solvers' run loops share: wall-clock timing and "every N steps".
#pragma once

#include <chrono>
#include <cstdint>

namespace billow::scene {

using RunClock = std::chrono::steady_clock;

inline double millisecondsSince(RunClock::time_point start) {
    return std::chrono::duration<double, std::milli>(RunClock::now() - start).count();
}

// Whether an output with period `every` (0 = never) is due after `step`.
inline bool due(uint32_t every, uint32_t step) { return every != 0 && step % every == 0; }

} // namespace billow::scene
