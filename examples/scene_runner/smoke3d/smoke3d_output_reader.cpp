// The 3D keys of the "output" section: "render" (picture size, camera, look), "slices", "vdb".
#include "smoke3d/smoke3d_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

void readCamera(ObjectReader& r, render::OrbitCamera& c) {
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
    c.yawDegrees = f("yaw", c.yawDegrees, Range::any());
    c.pitchDegrees = f("pitch", c.pitchDegrees, {-90.0, 90.0, true, true});
    c.distance = f("distance", c.distance, Range::positive());
    c.fovDegrees = f("fov", c.fovDegrees, {0.0, 180.0, true, true});
    c.target = r.vec3("target", c.target);
    r.finish();
}

void readLook(ObjectReader& r, render::VolumeLook& l) {
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
    auto colour = [&](const char* key, std::array<float, 3> fallback) { return r.vec3(key, fallback, Range::nonNegative()); };
    l.extinction = f("extinction", l.extinction, Range::nonNegative());
    l.albedo = f("albedo", l.albedo, Range::closed(0.0, 1.0));
    l.anisotropy = f("anisotropy", l.anisotropy, {-1.0, 1.0, true, true});
    l.lightDirection = r.vec3("lightDirection", l.lightDirection);
    const auto& d = l.lightDirection;
    if (!(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > 1e-12f))
        throw SceneError(r.keyPath("lightDirection"), "expected a non-zero direction toward the light");
    l.lightColour = colour("lightColour", l.lightColour);
    l.ambientColour = colour("ambientColour", l.ambientColour);
    l.skyZenith = colour("skyZenith", l.skyZenith);
    l.skyHorizon = colour("skyHorizon", l.skyHorizon);
    l.groundColour = colour("groundColour", l.groundColour);
    l.groundTile = f("groundTile", l.groundTile, Range::nonNegative());
    l.fireLow = f("fireLow", l.fireLow, Range::nonNegative());
    l.fireHigh = f("fireHigh", l.fireHigh, Range::nonNegative());
    if (!(l.fireHigh > l.fireLow)) throw SceneError(r.keyPath("fireHigh"), "expected fireHigh > fireLow (K)");
    l.fireIntensity = f("fireIntensity", l.fireIntensity, Range::nonNegative());
    l.colourLow = f("colourLow", l.colourLow, Range::positive());
    l.colourHigh = f("colourHigh", l.colourHigh, Range::positive());
    l.exposure = f("exposure", l.exposure, Range::positive());
    l.drawSolids = r.boolean("drawSolids", l.drawSolids);
    l.solidColour = colour("solidColour", l.solidColour);
    l.viewStep = f("viewStep", l.viewStep, Range::closed(0.05, 8.0));
    l.lightStep = f("lightStep", l.lightStep, Range::closed(0.05, 8.0));
    r.finish();
}

} // namespace

void readOutput3D(ObjectReader& output, Scene3D& scene) {
    if (const nlohmann::json* value = output.child("render")) {
        ObjectReader r(*value, "output.render");
        scene.render.width = r.integer("width", scene.render.width, 16, 4096);
        scene.render.height = r.integer("height", scene.render.height, 16, 4096);
        if (const nlohmann::json* camera = r.child("camera")) {
            ObjectReader c(*camera, "output.render.camera");
            readCamera(c, scene.render.camera);
        }
        if (const nlohmann::json* look = r.child("look")) {
            ObjectReader l(*look, "output.render.look");
            readLook(l, scene.render.look);
        }
        r.finish();
    }
    if (const nlohmann::json* value = output.child("slices")) {
        ObjectReader r(*value, "output.slices");
        scene.slices.axis = r.choice("axis", scene.slices.axis, {{"x", 0}, {"y", 1}, {"z", 2}});
        scene.slices.position = r.real("position", scene.slices.position, Range::closed(0.0, 1.0));
        scene.slices.longSide = r.integer("longSide", scene.slices.longSide, 16, 4096);
        r.finish();
    }
    if (const nlohmann::json* value = output.child("vdb")) {
        ObjectReader r(*value, "output.vdb");
        VdbPlan& v = scene.vdb;
        v.every = r.integer("every", 0, 0, 10000000);
        if (const nlohmann::json* names = r.child("grids")) {
            const std::string key = r.keyPath("grids");
            if (!names->is_array()) throw SceneError(key, "expected an array of \"density\", \"temperature\", \"fuel\", \"velocity\"");
            v.density = v.temperature = v.fuel = v.velocity = false;
            for (size_t k = 0; k < names->size(); ++k) {
                const nlohmann::json& n = (*names)[k];
                bool* flag = !n.is_string()            ? nullptr
                             : n == "density"      ? &v.density
                             : n == "temperature"  ? &v.temperature
                             : n == "fuel"         ? &v.fuel
                             : n == "velocity"     ? &v.velocity
                                                   : nullptr;
                if (!flag)
                    throw SceneError(indexPath(key, k),
                                     "expected \"density\", \"temperature\", \"fuel\" or \"velocity\", got " + shortText(n));
                *flag = true;
            }
        }
        v.activeThreshold = r.real("activeThreshold", v.activeThreshold, Range::nonNegative());
        r.finish();
    }
}

} // namespace billow::scene::detail
