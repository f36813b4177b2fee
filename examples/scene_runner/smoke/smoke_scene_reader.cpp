// Reads and validates a smoke scene. Every problem is a SceneError naming the JSON key; files the
// scene refers to (PNG images, .npy arrays) are loaded and checked here too, so a scene that
// comes back can be run without further input errors. One reader per part of the file: "grid",
// "boundaries" and "settings" (everything that becomes SmokeSettings), then "obstacles",
// "emitters", "randomSplats" and "initial".
#include "scene_loader.hpp"

#include <algorithm>
#include <cmath>

#include "common/file_io.hpp"
#include "common/output_plan.hpp"
#include "common/scene_reader.hpp"
#include "common/smoke_shared.hpp"
#include "smoke/smoke_probes.hpp"

namespace billow::scene::detail {

namespace {

BoundarySide readSide(ObjectReader& r, float ambient) {
    BoundarySide side;
    side.type = r.choice("type", BoundaryType::Wall, kBoundaryTypes);
    side.tangentialVelocity = r.real("tangentialVelocity", 0.0);
    side.normalVelocity = r.real("normalVelocity", 1.0, Range::positive());
    side.density = r.real("density", 0.0, Range::nonNegative());
    side.temperature = r.real("temperature", ambient, Range::positive());
    side.dye = r.rgba("colour", {0, 0, 0, 0});
    r.finish();
    return side;
}

// "grid" (sizes after scaling, dye grid), "boundaries" and "settings": everything in SmokeSettings.
void readGrid(ObjectReader& top, const LoadOptions& options, SmokeSettings& s) {
    // The dye grid: by a factor of the velocity grid, or its own size (scaled like the grid).
    bool byFactor = false;
    double dyeScale = 1.0;
    uint32_t dyeNx = 0, dyeNy = 0;
    const GridSize g = readGridSection(top, options, s, [&](ObjectReader& r) {
        byFactor = r.has("dyeScale");
        if (byFactor && (r.has("dyeNx") || r.has("dyeNy")))
            throw SceneError("grid.dyeScale", "give either dyeScale or dyeNx/dyeNy, not both");
        dyeScale = r.number("dyeScale", 1.0, {0.0, 8.0, true});
        dyeNx = r.integer("dyeNx", 0, 0, kMaxCellsPerAxis);
        dyeNy = r.integer("dyeNy", 0, 0, kMaxCellsPerAxis);
        if ((dyeNx == 0) != (dyeNy == 0)) throw SceneError("grid.dyeNy", "give both dyeNx and dyeNy, or neither");
        if (dyeNx == 1 || dyeNy == 1) throw SceneError("grid.dyeNx", "expected at least 2 dye cells per axis");
    });
    if (byFactor) {
        s.dyeNx = scaledCells(s.nx, dyeScale);
        s.dyeNy = scaledCells(s.ny, dyeScale);
    } else if (dyeNx) {
        s.dyeNx = scaledCells(dyeNx, double(s.nx) / g.fileNx);
        s.dyeNy = scaledCells(dyeNy, double(s.ny) / g.fileNy);
    }
    requireCellCount(s.effectiveDyeNx(), s.effectiveDyeNy(), 4 * kMaxCells, "grid", "dye grid");
}

void readBoundaries(ObjectReader& top, SmokeSettings& s) {
    const float ambient = peekAmbientTemperature(top, s.ambientTemperature);
    const nlohmann::json* value = top.child("boundaries");
    for (auto& side : s.boundaries) side.temperature = ambient;
    if (!value) return;
    ObjectReader r(*value, "boundaries");
    forEachSide(r, [&](int side, ObjectReader& sr) { s.boundaries[side] = readSide(sr, ambient); });
    r.finish();
    requirePeriodicPairs([&](int side) { return s.boundaries[side].type == BoundaryType::Periodic; }, 4);
}

void readSolverSettings(ObjectReader& top, SmokeSettings& s) {
    const nlohmann::json* value = top.child("settings");
    if (!value) return;
    ObjectReader r(*value, "settings");
    readDiffusionAndPressure(r, s, "dyeDiffusion", s.dyeDiffusion, 1, 100000);
    readAdvection(r, s, "dyeAdvection", s.dyeAdvection);
    s.dyeStorage = r.choice<DyeStorage>("dyeStorage", s.dyeStorage,
                                        {{"float32", DyeStorage::Float32}, {"float16", DyeStorage::Float16}});
    readForces(r, s, [&](ObjectReader& d) { s.dyeDamping = d.real("dyeDamping", s.dyeDamping, Range::nonNegative()); });
    r.finish();
}

// Velocity of a Gaussian-cored vortex at offset (dx, dy) from its centre: the tangential speed
// grows linearly in the core, peaks at `speed` at r = radius and decays like a Gaussian outside
// (finite energy, so it does not fill the domain).
std::array<float, 2> vortexVelocity(const Vortex& vortex, float dx, float dy) {
    const float r2 = (dx * dx + dy * dy) / (vortex.radius * vortex.radius);
    const float factor = vortex.speed / vortex.radius * std::exp(0.5f * (1.0f - r2));
    return {-dy * factor, dx * factor};
}

// Solid fractions on the nx x ny grid from an image: luminance times alpha (white = solid),
// optionally inverted and thresholded.
std::vector<float> maskFromImage(const Image& image, const SmokeSettings& s, bool invert, double threshold) {
    std::vector<float> solid(size_t(s.nx) * s.ny);
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            const float u = (i + 0.5f) / s.nx, t = (j + 0.5f) / s.ny;
            float x = sampleGrey(image, u, t) * sampleRgba(image, 3, u, t);
            if (invert) x = 1.0f - x;
            if (threshold >= 0.0) x = x >= threshold ? 1.0f : 0.0f;
            solid[i + size_t(j) * s.nx] = std::clamp(x, 0.0f, 1.0f);
        }
    return solid;
}

Obstacle readObstacle(ObjectReader& r, const std::filesystem::path& dir, Scene& scene) {
    const SmokeSettings& s = scene.settings;
    enum class Kind { Circle, Box, Walls, Mask };
    const Kind kind =
        r.requiredChoice<Kind>("shape", {{"circle", Kind::Circle}, {"box", Kind::Box}, {"walls", Kind::Walls}, {"mask", Kind::Mask}});
    Obstacle o;
    if (kind == Kind::Circle) {
        o.shape = Obstacle::Shape::Circle;
        readCentreAndRadius(r, s, o.centre, o.radius);
    } else if (kind == Kind::Box) {
        o.shape = Obstacle::Shape::Box;
        o.min = r.requiredVec2("min");
        o.max = r.requiredVec2("max");
        if (!(o.max[0] > o.min[0] && o.max[1] > o.min[1]))
            throw SceneError(r.keyPath("max"), "expected max > min on both axes");
    } else if (kind == Kind::Walls) {
        o.shape = Obstacle::Shape::Walls;
        o.thickness = r.requiredReal("thickness", Range::positive());
        if (const nlohmann::json* sides = r.child("sides")) {
            const std::string key = r.keyPath("sides");
            if (!sides->is_array()) throw SceneError(key, "expected an array of \"left\", \"right\", \"bottom\", \"top\"");
            o.sides = {false, false, false, false};
            for (size_t k = 0; k < sides->size(); ++k) {
                const nlohmann::json& v = (*sides)[k];
                auto it = std::find_if(std::begin(kSideKeys), std::end(kSideKeys), [&](const char* n) { return v.is_string() && v == n; });
                if (it == std::end(kSideKeys))
                    throw SceneError(indexPath(key, k), "expected \"left\", \"right\", \"bottom\" or \"top\", got " + shortText(v));
                o.sides[it - std::begin(kSideKeys)] = true;
            }
        }
    } else {
        const std::string key = r.keyPath("image");
        const auto file = requiredFile(r, "image", dir, "a PNG file name (white = solid)");
        const bool invert = r.boolean("invert", false);
        const double threshold = r.number("threshold", -1.0, {-1.0, 1.0});
        const Image image = readForKey(key, [&] { return readPngRgba(file.string()); });
        auto mask = maskFromImage(image, s, invert, threshold);
        if (scene.maskSolid.empty()) scene.maskSolid.assign(mask.size(), 0.0f);
        for (size_t k = 0; k < mask.size(); ++k) scene.maskSolid[k] = std::max(scene.maskSolid[k], mask[k]);
        r.finish();
        return {};  // masks go into maskSolid, not the shape list
    }
    r.finish();
    return o;
}

Emitter readEmitter(ObjectReader& r, const SmokeSettings& s) {
    Emitter e;
    readPlace(r, s, e.position, e.path);
    e.radius = r.real("radius", e.radius, Range::positive());
    e.falloff = r.choice("falloff", Falloff::Gaussian, kFalloffs);
    e.velocity = r.vec2("velocity", {0, 0});
    e.density = r.real("density", 0.0, Range::nonNegative());
    e.temperature = r.real("temperature", 0.0);
    e.colour = r.rgba("colour", {0, 0, 0, 0});
    readEmitterTimes(r, e);
    r.finish();
    return e;
}

RandomSplats readRandomSplats(ObjectReader& r) {
    RandomSplats g;
    g.count = r.integer("count", g.count, 1, 64);
    // At least the shortest step: the bursts a step holds are then bounded by what the solver
    // takes in one step (see splatsForStep), whatever dt is.
    g.interval = r.number("interval", g.interval, Range::closed(kMinTimeStep, kMaxEventTime));
    g.start = readStartTime(r);
    g.end = readEndTime(r, g.start);
    g.seed = r.integer("seed", g.seed, 0, 0xffffffffu);
    g.radius = r.real("radius", g.radius, Range::positive());
    g.speed = r.real("speed", g.speed, Range::nonNegative());
    g.brightness = r.real("brightness", g.brightness, Range::nonNegative());
    g.density = r.real("density", g.density, Range::nonNegative());
    r.finish();
    return g;
}

// Face velocities of the scene's vortices added to u and v.
void addVortexVelocities(const Scene& scene, std::vector<float>& u, std::vector<float>& v) {
    const SmokeSettings& s = scene.settings;
    const float h = s.cellSize;
    for (const Vortex& vortex : scene.initial.vortices) {
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i <= s.nx; ++i)
                u[i + j * size_t(s.nx + 1)] += vortexVelocity(vortex, i * h - vortex.centre[0], (j + 0.5f) * h - vortex.centre[1])[0];
        for (uint32_t j = 0; j <= s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i)
                v[i + j * size_t(s.nx)] += vortexVelocity(vortex, (i + 0.5f) * h - vortex.centre[0], j * h - vortex.centre[1])[1];
    }
}

// Obstacles (shapes and PNG masks), emitters, random splats and initial fields. `dir` is the
// scene file's folder: relative file names are taken from there.
void readObstacles(ObjectReader& top, const std::filesystem::path& dir, Scene& scene) {
    top.forEachObject("obstacles", "obstacles", [&](ObjectReader& r) {
        const auto shape = r.value().find("shape");
        const bool isMask = shape != r.value().end() && shape->is_string() && *shape == "mask";
        Obstacle o = readObstacle(r, dir, scene);
        if (!isMask) scene.obstacles.push_back(o);
    });
}

void readEmitters(ObjectReader& top, Scene& scene) {
    if (const nlohmann::json* list = top.child("emitters")) {
        if (!list->is_array()) throw SceneError("emitters", "expected an array of emitters");
        if (list->size() > SmokeSolver::kMaxSplatsPerStep / 2)
            throw SceneError("emitters", "expected at most " + std::to_string(SmokeSolver::kMaxSplatsPerStep / 2) + " emitters");
        for (size_t k = 0; k < list->size(); ++k) {
            ObjectReader r((*list)[k], indexPath("emitters", k));
            scene.emitters.push_back(readEmitter(r, scene.settings));
        }
    }
    if (const nlohmann::json* value = top.child("randomSplats")) {
        ObjectReader r(*value, "randomSplats");
        scene.randomSplats = readRandomSplats(r);
    }
}

// Initial fields: the vortices are added into initial.velocityX/Y here (zeros where no .npy gives them).
void readInitialFields(ObjectReader& top, const std::filesystem::path& dir, Scene& scene) {
    const nlohmann::json* value = top.child("initial");
    if (!value) return;
    ObjectReader r(*value, "initial");
    const SmokeSettings& s = scene.settings;
    const uint64_t nx = s.nx, ny = s.ny, dnx = s.effectiveDyeNx(), dny = s.effectiveDyeNy();
    InitialFields& in = scene.initial;
    in.velocityX = readFieldFile(r, "velocityX", dir, {ny, nx + 1}, "(ny, nx + 1)");
    in.velocityY = readFieldFile(r, "velocityY", dir, {ny + 1, nx}, "(ny + 1, nx)");
    in.density = readFieldFile(r, "density", dir, {ny, nx}, "(ny, nx)");
    in.temperature = readFieldFile(r, "temperature", dir, {ny, nx}, "(ny, nx)");
    in.pressure = readFieldFile(r, "pressure", dir, {ny, nx}, "(ny, nx)");
    in.dye = readFieldFile(r, "dye", dir, {dny, dnx, 4}, "(dyeNy, dyeNx, 4)");

    if (const nlohmann::json* image = r.child("dyeImage")) {
        const std::string key = r.keyPath("dyeImage");
        if (!in.dye.empty()) throw SceneError(key, "give either dye (.npy) or dyeImage (PNG), not both");
        const nlohmann::json object = expandWord(*image, "file");
        ObjectReader ir(object, key);
        if (!ir.has("file")) throw SceneError(ir.keyPath("file"), "missing; expected a PNG file name");
        const auto file = resolveFile(dir, ir.text("file", ""), image->is_string() ? key : ir.keyPath("file"));
        const float brightness = ir.real("brightness", 1.0, Range::nonNegative());
        ir.finish();
        const Image picture = readForKey(key, [&] { return readPngRgba(file.string()); });
        // Stretched over the whole domain; colour premultiplied by the picture's alpha.
        in.dye.resize(dnx * dny * 4);
        for (uint64_t j = 0; j < dny; ++j)
            for (uint64_t i = 0; i < dnx; ++i) {
                const float u = (i + 0.5f) / dnx, t = (j + 0.5f) / dny;
                const float alpha = sampleRgba(picture, 3, u, t);
                float* out = &in.dye[(i + j * dnx) * 4];
                for (int c = 0; c < 3; ++c) out[c] = brightness * alpha * sampleRgba(picture, c, u, t);
                out[3] = alpha;
            }
    }
    r.forEachObject("vortices", "{\"centre\", \"radius\", \"speed\"}", [&](ObjectReader& vr) {
        Vortex v;
        v.centre = vr.requiredVec2("centre");
        requireInsideDomain(s, v.centre, vr.keyPath("centre"));
        v.radius = vr.real("radius", v.radius, Range::positive());
        v.speed = vr.real("speed", v.speed);
        vr.finish();
        in.vortices.push_back(v);
    });
    r.finish();
    if (!in.vortices.empty()) {
        // Added to the initial velocity here, so a speed / radius too large for 32-bit floats is
        // a scene error rather than a refused upload once the run has started.
        if (in.velocityX.empty()) in.velocityX.assign((nx + 1) * ny, 0.0f);
        if (in.velocityY.empty()) in.velocityY.assign(nx * (ny + 1), 0.0f);
        addVortexVelocities(scene, in.velocityX, in.velocityY);
        if (!allWithinBounds(in.velocityX) || !allWithinBounds(in.velocityY))
            throw SceneError("initial.vortices", "the vortices add up to velocities beyond the solver's bound of 1e6 m/s");
    }
}

// What the library checks when the solver is made and the fields are uploaded, beyond validate():
// a float16 dye within +-65504; and pictures within the runner's bound on pixels.
void requireDrawable(const Scene& scene, const LoadOptions& options) {
    const SmokeSettings& s = scene.settings;
    constexpr float kHalfMax = 65504.0f;  // the largest float16
    if (s.dyeStorage == DyeStorage::Float16)
        for (float x : scene.initial.dye)
            if (std::fabs(x) > kHalfMax)
                throw SceneError("initial.dye", "expected dye values within +-65504 with settings.dyeStorage \"float16\"");
    // As smoke_outputs.cpp draws them: the dye view one pixel per dye cell, the others one per cell;
    // the finer of the two sizes the pictures.
    const bool dyeFiner = uint64_t(s.effectiveDyeNx()) * s.effectiveDyeNy() > uint64_t(s.nx) * s.ny;
    requirePictureSize(scene.output, options, dyeFiner ? s.effectiveDyeNx() : s.nx, dyeFiner ? s.effectiveDyeNy() : s.ny);
}

} // namespace

} // namespace billow::scene::detail

namespace billow::scene {

void readScene(ObjectReader& top, const std::filesystem::path& dir, const LoadOptions& options, Scene& scene) {
    // Order matters: the grid (after scaling) decides how images and .npy files are checked.
    detail::readGrid(top, options, scene.settings);
    detail::readBoundaries(top, scene.settings);
    detail::readSolverSettings(top, scene.settings);
    detail::readObstacles(top, dir, scene);
    detail::readEmitters(top, scene);
    readColliders2D(top, scene);
    detail::readInitialFields(top, dir, scene);
    scene.probes = detail::readProbes(top, scene.settings);
    scene.particles = readParticlePlan(top, 2, {scene.settings.nx * scene.settings.cellSize,
                                                scene.settings.ny * scene.settings.cellSize, 0.0f}, false);
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readOutputPlan(top, options, scene.steps, scene.output, kSmokeViews, kSmokeFields, false);
    top.finish();
    detail::checkWithLibrary(scene.settings, {{"dye", "colour"}});
    detail::requireDrawable(scene, options);
}

} // namespace billow::scene
