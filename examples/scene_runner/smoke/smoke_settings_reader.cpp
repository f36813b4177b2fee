// The "grid", "boundaries" and "settings" sections: everything that becomes SmokeSettings.
#include <cmath>

#include "smoke/smoke_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

constexpr uint32_t kMaxCells = 16384;

uint32_t scaled(uint32_t cells, double factor) {
    return static_cast<uint32_t>(std::max(2.0, std::round(cells * factor)));
}

BoundarySide readSide(const nlohmann::json& value, const std::string& path, float ambient) {
    BoundarySide side;
    side.temperature = ambient;
    auto type = [&](ObjectReader& r) {
        return r.choice<BoundaryType>("type", BoundaryType::Wall,
                                      {{"wall", BoundaryType::Wall},
                                       {"movingWall", BoundaryType::MovingWall},
                                       {"inflow", BoundaryType::Inflow},
                                       {"outflow", BoundaryType::Outflow},
                                       {"periodic", BoundaryType::Periodic}});
    };
    if (value.is_string()) {
        // Shorthand: "top": "outflow".
        nlohmann::json wrapped = {{"type", value}};
        ObjectReader r(wrapped, path);
        side.type = type(r);
        return side;
    }
    ObjectReader r(value, path);
    side.type = type(r);
    side.tangentialVelocity = static_cast<float>(r.number("tangentialVelocity", 0.0));
    side.normalVelocity = static_cast<float>(r.number("normalVelocity", 1.0, Range::positive()));
    side.density = static_cast<float>(r.number("density", 0.0, Range::nonNegative()));
    side.temperature = static_cast<float>(r.number("temperature", ambient, Range::positive()));
    side.dye = r.rgba("colour", {0, 0, 0, 0});
    r.finish();
    return side;
}

} // namespace

GridSize readGridSize(ObjectReader& r, const LoadOptions& options) {
    const uint32_t nx = r.integer("nx", 128, 2, kMaxCells);
    const uint32_t ny = r.integer("ny", 128, 2, kMaxCells);
    if (r.has("cellSize") && r.has("width"))
        throw SceneError(r.keyPath("width"), "give either cellSize or width (the domain width), not both");
    double cellSize = 1.0 / nx;
    if (r.has("cellSize")) cellSize = r.number("cellSize", cellSize, Range::positive());
    if (r.has("width")) cellSize = r.number("width", 1.0, Range::positive()) / nx;
    // Scaling keeps the domain and changes the number of cells.
    GridSize g;
    g.fileNx = nx;
    g.fileNy = ny;
    const double factor = options.size ? double(options.size) / nx : options.scale;
    g.nx = scaled(nx, factor);
    g.ny = scaled(ny, factor);
    if (g.nx > kMaxCells || g.ny > kMaxCells)
        throw SceneError("--scale", "the scaled grid " + std::to_string(g.nx) + " x " + std::to_string(g.ny) +
                                        " exceeds " + std::to_string(kMaxCells) + " cells per axis");
    g.cellSize = static_cast<float>(cellSize * nx / g.nx);
    return g;
}

void readGrid(ObjectReader& top, const LoadOptions& options, SmokeSettings& s) {
    const nlohmann::json* value = top.child("grid");
    const nlohmann::json empty = nlohmann::json::object();
    ObjectReader r(value ? *value : empty, "grid");
    const GridSize g = readGridSize(r, options);
    const bool byFactor = r.has("dyeScale");
    if (byFactor && (r.has("dyeNx") || r.has("dyeNy")))
        throw SceneError("grid.dyeScale", "give either dyeScale or dyeNx/dyeNy, not both");
    const double dyeScale = r.number("dyeScale", 1.0, {0.0, 8.0, true});
    uint32_t dyeNx = r.integer("dyeNx", 0, 0, kMaxCells);
    uint32_t dyeNy = r.integer("dyeNy", 0, 0, kMaxCells);
    if ((dyeNx == 0) != (dyeNy == 0)) throw SceneError("grid.dyeNy", "give both dyeNx and dyeNy, or neither");
    if (dyeNx == 1 || dyeNy == 1) throw SceneError("grid.dyeNx", "expected at least 2 dye cells per axis");
    r.finish();
    s.nx = g.nx;
    s.ny = g.ny;
    s.cellSize = g.cellSize;
    if (byFactor) {
        s.dyeNx = scaled(s.nx, dyeScale);
        s.dyeNy = scaled(s.ny, dyeScale);
    } else if (dyeNx) {
        s.dyeNx = scaled(dyeNx, double(s.nx) / g.fileNx);
        s.dyeNy = scaled(dyeNy, double(s.ny) / g.fileNy);
    }
}

void readBoundaries(ObjectReader& top, SmokeSettings& s) {
    // Inflow temperature defaults to the ambient one, which lives in "settings": peek at it.
    float ambient = s.ambientTemperature;
    if (const nlohmann::json* settings = top.child("settings"))
        if (settings->is_object() && settings->contains("ambientTemperature") &&
            (*settings)["ambientTemperature"].is_number())
            ambient = (*settings)["ambientTemperature"].get<float>();
    const nlohmann::json* value = top.child("boundaries");
    for (auto& side : s.boundaries) side.temperature = ambient;
    if (!value) return;
    ObjectReader r(*value, "boundaries");
    for (int side = 0; side < 4; ++side)
        if (const nlohmann::json* v = r.child(kSideKeys[side]))
            s.boundaries[side] = readSide(*v, r.keyPath(kSideKeys[side]), ambient);
    r.finish();
    for (int axis = 0; axis < 2; ++axis) {
        const bool a = s.boundaries[2 * axis].type == BoundaryType::Periodic;
        const bool b = s.boundaries[2 * axis + 1].type == BoundaryType::Periodic;
        if (a != b)
            throw SceneError(std::string("boundaries.") + kSideKeys[a ? 2 * axis + 1 : 2 * axis],
                             std::string("expected \"periodic\", because ") + kSideKeys[a ? 2 * axis : 2 * axis + 1] +
                                 " is periodic (both sides of an axis wrap together)");
    }
}

void readSolverSettings(ObjectReader& top, SmokeSettings& s) {
    const nlohmann::json* value = top.child("settings");
    if (!value) return;
    ObjectReader r(*value, "settings");
    auto f = [&](const char* key, float fallback, Range range) {
        return static_cast<float>(r.number(key, fallback, range));
    };
    s.viscosity = f("viscosity", s.viscosity, Range::nonNegative());
    s.dyeDiffusion = f("dyeDiffusion", s.dyeDiffusion, Range::nonNegative());
    s.diffusionIterations = r.integer("diffusionIterations", s.diffusionIterations, 1, 100000);
    s.pressureSolver = r.choice<PressureSolverType>("pressureSolver", s.pressureSolver,
                                                    {{"jacobi", PressureSolverType::Jacobi},
                                                     {"sor", PressureSolverType::RedBlackSOR},
                                                     {"multigrid", PressureSolverType::Multigrid},
                                                     {"multigridPCG", PressureSolverType::MultigridPCG}});
    s.pressureIterations = r.integer("pressureIterations", s.pressureIterations, 1, 100000);
    s.pressureTolerance = f("pressureTolerance", s.pressureTolerance, {0.0, 1.0, false, true});
    s.sorRelaxation = f("sorRelaxation", s.sorRelaxation, {0.0, 2.0, true, true});
    s.trackPressureResidual = r.boolean("trackPressureResidual", s.trackPressureResidual);
    const std::initializer_list<std::pair<const char*, AdvectionScheme>> schemes = {
        {"semiLagrangian", AdvectionScheme::SemiLagrangian},
        {"macCormack", AdvectionScheme::MacCormack},
        {"bfecc", AdvectionScheme::BFECC}};
    s.scalarAdvection = r.choice("scalarAdvection", s.scalarAdvection, schemes);
    s.dyeAdvection = r.choice("dyeAdvection", s.dyeAdvection, schemes);
    s.velocityAdvection = r.choice("velocityAdvection", s.velocityAdvection, schemes);
    s.advectionLimiter = r.choice<AdvectionLimiter>(
        "advectionLimiter", s.advectionLimiter,
        {{"clamp", AdvectionLimiter::Clamp}, {"revertToSemiLagrangian", AdvectionLimiter::RevertToSemiLagrangian}});
    s.dyeStorage = r.choice<DyeStorage>("dyeStorage", s.dyeStorage,
                                        {{"float32", DyeStorage::Float32}, {"float16", DyeStorage::Float16}});
    s.vorticity = f("vorticity", s.vorticity, Range::nonNegative());
    s.velocityDamping = f("velocityDamping", s.velocityDamping, Range::nonNegative());
    s.densityDamping = f("densityDamping", s.densityDamping, Range::nonNegative());
    s.dyeDamping = f("dyeDamping", s.dyeDamping, Range::nonNegative());
    s.temperatureRelaxation = f("temperatureRelaxation", s.temperatureRelaxation, Range::nonNegative());
    s.gravity = r.vec2("gravity", s.gravity);
    s.densityWeight = f("densityWeight", s.densityWeight, Range::any());
    s.thermalExpansion = f("thermalExpansion", s.thermalExpansion, Range::any());
    s.ambientTemperature = f("ambientTemperature", s.ambientTemperature, Range::positive());
    s.maxSpeed = f("maxSpeed", s.maxSpeed, Range::nonNegative());
    r.finish();
}

void requireInsideBox(float w, float h, Vec2 p, const std::string& key, float slack) {
    if (p[0] < -slack || p[0] > w + slack || p[1] < -slack || p[1] > h + slack)
        throw SceneError(key, "expected a point inside the domain [0, " + std::to_string(w) + "] x [0, " +
                                  std::to_string(h) + "] m, got [" + std::to_string(p[0]) + ", " +
                                  std::to_string(p[1]) + "]");
}

std::filesystem::path resolveFile(const std::filesystem::path& dir, const std::string& name, const std::string& key) {
    if (name.empty()) throw SceneError(key, "expected a file name");
    std::filesystem::path p = std::filesystem::path(name).is_absolute() ? std::filesystem::path(name) : dir / name;
    if (!std::filesystem::is_regular_file(p))
        throw SceneError(key, "file not found: " + p.string() + " (relative names start at the scene file's folder)");
    return p;
}

} // namespace billow::scene::detail
