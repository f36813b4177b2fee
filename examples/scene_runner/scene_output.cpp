// The "time" and "output" sections.
#include <algorithm>
#include <cmath>

#include "scene_parser_parts.hpp"

namespace eddy::scene {

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

const std::initializer_list<std::pair<const char*, View>> kViews = {
    {"dye", View::Dye},           {"velocity", View::Velocity},     {"speed", View::Speed},
    {"vorticity", View::Vorticity}, {"pressure", View::Pressure},   {"divergence", View::Divergence},
    {"density", View::Density},   {"temperature", View::Temperature}};

const std::initializer_list<std::pair<const char*, Field>> kFields = {
    {"velocityX", Field::VelocityX},   {"velocityY", Field::VelocityY}, {"density", Field::Density},
    {"temperature", Field::Temperature}, {"dye", Field::Dye},          {"pressure", Field::Pressure},
    {"divergence", Field::Divergence}, {"vorticity", Field::Curl},     {"solid", Field::Solid},
    {"openX", Field::OpenX},           {"openY", Field::OpenY}};

// An array of words from `options`, e.g. "views": ["dye", "vorticity"].
template <typename T>
std::vector<T> readWords(const nlohmann::json& value, const std::string& key,
                         std::initializer_list<std::pair<const char*, T>> options) {
    std::string words;
    for (const auto& [word, result] : options) words += (words.empty() ? "\"" : ", \"") + std::string(word) + "\"";
    if (!value.is_array()) throw SceneError(key, "expected an array of names from " + words);
    std::vector<T> out;
    for (size_t k = 0; k < value.size(); ++k) {
        auto it = std::find_if(options.begin(), options.end(),
                               [&](const auto& o) { return value[k].is_string() && value[k] == o.first; });
        if (it == options.end()) throw SceneError(indexPath(key, k), "expected one of " + words + ", got " + shortText(value[k]));
        if (std::find(out.begin(), out.end(), it->second) == out.end()) out.push_back(it->second);
    }
    return out;
}

} // namespace

void readTime(ObjectReader& top, const LoadOptions& options, Scene& scene) {
    const nlohmann::json* value = top.child("time");
    const nlohmann::json empty = nlohmann::json::object();
    ObjectReader r(value ? *value : empty, "time");
    scene.dt = r.number("dt", scene.dt, {0.0, 1.0, true});
    if (r.has("steps") && r.has("seconds")) throw SceneError("time.seconds", "give either steps or seconds, not both");
    scene.steps = r.integer("steps", scene.steps, 0, 10000000);
    if (r.has("seconds")) scene.steps = static_cast<uint32_t>(std::ceil(r.number("seconds", 0, Range::nonNegative()) / scene.dt - 1e-9));
    r.finish();
    if (options.steps) scene.steps = *options.steps;
    if (options.seconds) scene.steps = static_cast<uint32_t>(std::ceil(*options.seconds / scene.dt - 1e-9));
}

void readOutput(ObjectReader& top, const LoadOptions& options, Scene& scene) {
    OutputPlan& plan = scene.output;
    const nlohmann::json* value = top.child("output");
    const nlohmann::json empty = nlohmann::json::object();
    ObjectReader r(value ? *value : empty, "output");
    if (const nlohmann::json* pictures = r.child("pictures")) {
        ObjectReader p(*pictures, "output.pictures");
        plan.pictureEvery = p.integer("every", plan.pictureEvery, 0, 10000000);
        if (const nlohmann::json* views = p.child("views")) plan.views = readWords(*views, p.keyPath("views"), kViews);
        p.finish();
    }
    if (const nlohmann::json* fields = r.child("fields")) {
        ObjectReader f(*fields, "output.fields");
        plan.fieldEvery = f.integer("every", plan.fieldEvery, 0, 10000000);
        if (const nlohmann::json* names = f.child("names")) plan.fields = readWords(*names, f.keyPath("names"), kFields);
        f.finish();
    }
    if (const nlohmann::json* metrics = r.child("metrics")) {
        if (metrics->is_boolean()) {
            plan.metricsEvery = metrics->get<bool>() ? 1 : 0;
        } else {
            ObjectReader m(*metrics, "output.metrics");
            plan.metricsEvery = m.integer("every", plan.metricsEvery, 0, 10000000);
            m.finish();
        }
    }
    if (const nlohmann::json* animation = r.child("animation")) {
        ObjectReader a(*animation, "output.animation");
        plan.animation = a.choice<AnimationFormat>(
            "format", plan.animation, {{"gif", AnimationFormat::Gif}, {"mp4", AnimationFormat::Mp4}, {"none", AnimationFormat::None}});
        plan.animationView = a.choice("view", plan.animationView, kViews);
        plan.fps = a.number("fps", plan.fps, {0.0, 120.0, true});
        a.finish();
    }
    r.finish();
    if (options.animation) plan.animation = *options.animation;
    if (options.fieldEvery) {
        if (plan.fields.empty()) throw SceneError("--fields-every", "the scene lists no output.fields.names to write");
        plan.fieldEvery = *options.fieldEvery;
    }
    if (plan.animation != AnimationFormat::None) {
        if (plan.pictureEvery == 0)
            throw SceneError("output.animation", "needs pictures: set output.pictures.every > 0 or format \"none\"");
        // The animation is made from picture frames, so its view is always written.
        if (std::find(plan.views.begin(), plan.views.end(), plan.animationView) == plan.views.end())
            plan.views.push_back(plan.animationView);
    }
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

} // namespace eddy::scene
