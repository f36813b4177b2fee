// The "time" and "output" sections.
#include <algorithm>
#include <cmath>

#include "common/output_plan_reader.hpp"
#include "smoke/smoke_parser_parts.hpp"

namespace billow::scene {

const char* viewName(View view) {
    switch (view) {
    case View::Dye: return "dye";
    case View::Velocity: return "velocity";
    case View::Speed: return "speed";
    case View::Vorticity: return "vorticity";
    case View::Pressure: return "pressure";
    case View::Divergence: return "divergence";
    case View::Density: return "density";
    case View::Temperature: return "temperature";
    }
    return "?";
}

namespace detail {

namespace {

const WordTable<View> kViews = {
    {"dye", View::Dye},           {"velocity", View::Velocity},     {"speed", View::Speed},
    {"vorticity", View::Vorticity}, {"pressure", View::Pressure},   {"divergence", View::Divergence},
    {"density", View::Density},   {"temperature", View::Temperature}};

const WordTable<Field> kFields = {
    {"velocityX", Field::VelocityX},   {"velocityY", Field::VelocityY}, {"density", Field::Density},
    {"temperature", Field::Temperature}, {"dye", Field::Dye},          {"pressure", Field::Pressure},
    {"divergence", Field::Divergence}, {"vorticity", Field::Curl},     {"solid", Field::Solid},
    {"openX", Field::OpenX},           {"openY", Field::OpenY}};

} // namespace

void readTime(ObjectReader& top, const LoadOptions& options, double& dt, uint32_t& steps) {
    const nlohmann::json* value = top.child("time");
    const nlohmann::json empty = nlohmann::json::object();
    ObjectReader r(value ? *value : empty, "time");
    dt = r.number("dt", dt, {0.0, 1.0, true});
    if (r.has("steps") && r.has("seconds")) throw SceneError("time.seconds", "give either steps or seconds, not both");
    steps = r.integer("steps", steps, 0, 10000000);
    if (r.has("seconds")) steps = static_cast<uint32_t>(std::ceil(r.number("seconds", 0, Range::nonNegative()) / dt - 1e-9));
    r.finish();
    if (options.steps) steps = *options.steps;
    if (options.seconds) steps = static_cast<uint32_t>(std::ceil(*options.seconds / dt - 1e-9));
}

void readOutput(ObjectReader& top, const LoadOptions& options, Scene& scene) {
    readOutputPlan(top, options, scene.output, kViews, kFields, false);
}

} // namespace detail

Vec2 Emitter::positionAt(double time) const {
    if (path.empty()) return position;
    if (time <= path.front().time) return path.front().position;
    for (size_t k = 1; k < path.size(); ++k)
        if (time < path[k].time) {
            const float f = static_cast<float>((time - path[k - 1].time) / (path[k].time - path[k - 1].time));
            return {path[k - 1].position[0] + f * (path[k].position[0] - path[k - 1].position[0]),
                    path[k - 1].position[1] + f * (path[k].position[1] - path[k - 1].position[1])};
        }
    return path.back().position;
}

} // namespace billow::scene
