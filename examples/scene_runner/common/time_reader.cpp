#include "common/time_reader.hpp"

#include <cmath>

namespace billow::scene::detail {

uint32_t stepsFor(double seconds, double dt, const std::string& key) {
    const double steps = std::ceil(seconds / dt - 1e-9);
    // Compared in double before the conversion: a count past uint32_t would be undefined.
    if (!(steps <= kMaxSteps))
        throw SceneError(key, "expected at most " + std::to_string(kMaxSteps) + " steps, but " + std::to_string(seconds) +
                                  " s in steps of " + std::to_string(dt) + " s is " + std::to_string(steps));
    return static_cast<uint32_t>(std::max(0.0, steps));
}

void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps) {
    ObjectReader r = top.objectOrEmpty("time");
    dt = r.number("dt", dt, Range::closed(kMinTimeStep, kMaxTimeStep));
    if (r.has("steps") && r.has("seconds")) throw SceneError("time.seconds", "give either steps or seconds, not both");
    steps = r.integer("steps", steps, 0, kMaxSteps);
    if (r.has("seconds")) steps = stepsFor(r.number("seconds", 0, Range::nonNegative()), dt, "time.seconds");
    r.finish();
    if (options.steps) {
        if (*options.steps > kMaxSteps) throw SceneError("--steps", "expected at most " + std::to_string(kMaxSteps) + " steps");
        steps = *options.steps;
    }
    if (options.seconds) steps = stepsFor(*options.seconds, dt, "--seconds");
}

double readStartTime(ObjectReader& r) { return r.number("start", 0.0, Range::closed(0.0, kMaxEventTime)); }

double readEndTime(ObjectReader& r, double start) {
    const double end = r.number("end", 1e30, Range::nonNegative());
    if (!(end > start)) throw SceneError(r.keyPath("end"), "expected end > start (seconds)");
    return end;
}

} // namespace billow::scene::detail
