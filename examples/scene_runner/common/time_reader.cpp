#include "common/time_reader.hpp"

#include <cmath>

namespace billow::scene::detail {

void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps) {
    ObjectReader r = top.objectOrEmpty("time");
    dt = r.number("dt", dt, {0.0, 1.0, true});
    if (r.has("steps") && r.has("seconds")) throw SceneError("time.seconds", "give either steps or seconds, not both");
    steps = r.integer("steps", steps, 0, 10000000);
    if (r.has("seconds")) steps = static_cast<uint32_t>(std::ceil(r.number("seconds", 0, Range::nonNegative()) / dt - 1e-9));
    r.finish();
    if (options.steps) steps = *options.steps;
    if (options.seconds) steps = static_cast<uint32_t>(std::ceil(*options.seconds / dt - 1e-9));
}

double readEndTime(ObjectReader& r, double start) {
    const double end = r.number("end", 1e30, Range::nonNegative());
    if (!(end > start)) throw SceneError(r.keyPath("end"), "expected end > start (seconds)");
    return end;
}

} // namespace billow::scene::detail
