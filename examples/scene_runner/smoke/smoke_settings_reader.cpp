// The "grid", "boundaries" and "settings" sections: everything that becomes SmokeSettings.
#include "common/boundary_sides.hpp"
#include "common/grid_reader.hpp"
#include "common/solver_words.hpp"
#include "smoke/smoke_parser_parts.hpp"

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

} // namespace

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
    // Inflow temperature defaults to the ambient one, which lives in "settings": peek at it.
    float ambient = s.ambientTemperature;
    if (const nlohmann::json* settings = top.child("settings"))
        if (settings->is_object() && settings->contains("ambientTemperature")) {
            try {
                ambient = realAt((*settings)["ambientTemperature"], "settings.ambientTemperature", Range::positive());
            } catch (const SceneError&) {
                // readSolverSettings reports it under its key.
            }
        }
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
    auto f = [&](const char* key, float fallback, Range range) {
        return r.real(key, fallback, range);
    };
    s.viscosity = f("viscosity", s.viscosity, Range::nonNegative());
    s.dyeDiffusion = f("dyeDiffusion", s.dyeDiffusion, Range::nonNegative());
    s.diffusionIterations = r.integer("diffusionIterations", s.diffusionIterations, 1, 100000);
    s.pressureSolver = r.choice("pressureSolver", s.pressureSolver, kPressureSolvers);
    s.pressureIterations = r.integer("pressureIterations", s.pressureIterations, 1, 100000);
    s.pressureTolerance = f("pressureTolerance", s.pressureTolerance, {0.0, 1.0, false, true});
    s.sorRelaxation = f("sorRelaxation", s.sorRelaxation, {0.0, 2.0, true, true});
    s.trackPressureResidual = r.boolean("trackPressureResidual", s.trackPressureResidual);
    s.incrementalPressure = r.boolean("incrementalPressure", s.incrementalPressure);
    s.scalarAdvection = r.choice("scalarAdvection", s.scalarAdvection, kAdvectionSchemes);
    s.dyeAdvection = r.choice("dyeAdvection", s.dyeAdvection, kAdvectionSchemes);
    s.velocityAdvection = r.choice("velocityAdvection", s.velocityAdvection, kAdvectionSchemes);
    s.advectionLimiter = r.choice("advectionLimiter", s.advectionLimiter, kAdvectionLimiters);
    s.advectionReflection = r.boolean("advectionReflection", s.advectionReflection);
    s.massCorrection = r.boolean("massCorrection", s.massCorrection);
    s.advectionInterpolation = r.choice<AdvectionInterpolation>(
        "advectionInterpolation", s.advectionInterpolation,
        {{"linear", AdvectionInterpolation::Linear}, {"monotoneCubic", AdvectionInterpolation::MonotoneCubic}});
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

} // namespace billow::scene::detail
