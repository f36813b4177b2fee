// Times in any solver's scene: the "time" section (dt and the duration) and the end of something
// that lasts from a start time.
#pragma once

#include <cstdint>

#include "common/json_reader.hpp"
#include "common/load_options.hpp"

namespace billow::scene::detail {

// dt and steps come in holding the solver's defaults; --steps/--seconds replace the duration.
void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps);
// "end" (s, default: never), which must come after `start`.
double readEndTime(ObjectReader& r, double start);

} // namespace billow::scene::detail
