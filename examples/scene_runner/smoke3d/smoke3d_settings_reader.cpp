// The "grid", "boundaries" and "settings" sections of a 3D scene: everything in SmokeSettings3D.

#include "common/boundary_sides.hpp"
#include "common/grid_reader.hpp"
#include "common/solver_words.hpp"
#include "smoke3d/smoke3d_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

BoundarySide3D readSide(ObjectReader& r, float ambient) {
    BoundarySide3D side;
    side.type = r.choice("type", BoundaryType::Wall, kBoundaryTypes);
    side.wallVelocity = r.vec3("wallVelocity", side.wallVelocity);
    side.normalVelocity = r.real("normalVelocity", side.normalVelocity, Range::positive());
    side.density = r.real("density", 0.0, Range::nonNegative());
    side.temperature = r.real("temperature", ambient, Range::positive());
    side.fuel = r.real("fuel", 0.0, Range::nonNegative());
    side.colour = r.rgba("colour", {0, 0, 0, 0});
    r.finish();
    return side;
}

} // namespace

void readGrid3D(ObjectReader& top, const LoadOptions& options, SmokeSettings3D& s) {
    uint32_t fileNz = 0;
    const GridSize g = readGridSection(
        top, options, s, [&](ObjectReader& r) { fileNz = r.integer("nz", 64, 2, kMaxCellsPerAxis); }, 64);
    // nz scales with nx (the domain in metres stays the same).
    s.nz = scaledCells(fileNz, double(g.nx) / g.fileNx);
    const std::string key = options.size ? "--size" : options.scale != 1.0 ? "--scale" : "grid";
    if (s.nz > kMaxCellsPerAxis) throw SceneError(key, "the scaled grid exceeds " + std::to_string(kMaxCellsPerAxis) + " cells per axis");
    requireCellCount(uint64_t(s.nx) * s.ny, s.nz, kMaxCells, key, "grid (nx * ny by nz)");
}

void readBoundaries3D(ObjectReader& top, SmokeSettings3D& s) {
    // Inflow temperature defaults to the ambient one, which lives in "settings": peek at it.
    float ambient = s.ambientTemperature;
    if (const nlohmann::json* settings = top.child("settings"))
        if (settings->is_object() && settings->contains("ambientTemperature")) {
            try {
                ambient = realAt((*settings)["ambientTemperature"], "settings.ambientTemperature", Range::positive());
            } catch (const SceneError&) {
                // readSolverSettings3D reports it under its key.
            }
        }
    for (auto& side : s.boundaries) side.temperature = ambient;
    const nlohmann::json* value = top.child("boundaries");
    if (!value) return;
    ObjectReader r(*value, "boundaries");
    forEachSide(r, [&](int side, ObjectReader& sr) { s.boundaries[side] = readSide(sr, ambient); }, 6);
    r.finish();
    requirePeriodicPairs([&](int side) { return s.boundaries[side].type == BoundaryType::Periodic; }, 6);
}

void readSolverSettings3D(ObjectReader& top, SmokeSettings3D& s) {
    ObjectReader r = top.objectOrEmpty("settings");
    auto f = [&](const char* key, float fallback, Range range) { return r.real(key, fallback, range); };
    s.colour = r.boolean("colour", s.colour);
    s.viscosity = f("viscosity", s.viscosity, Range::nonNegative());
    s.scalarDiffusion = f("scalarDiffusion", s.scalarDiffusion, Range::nonNegative());
    s.diffusionIterations = r.integer("diffusionIterations", s.diffusionIterations, 0, 1000000);
    s.pressureSolver = r.choice("pressureSolver", s.pressureSolver, kPressureSolvers);
    s.pressureIterations = r.integer("pressureIterations", s.pressureIterations, 0, 1000000);
    s.pressureTolerance = f("pressureTolerance", s.pressureTolerance, {0.0, 1.0, false, true});
    s.sorRelaxation = f("sorRelaxation", s.sorRelaxation, {0.0, 2.0, true, true});
    s.trackPressureResidual = r.boolean("trackPressureResidual", s.trackPressureResidual);
    s.incrementalPressure = r.boolean("incrementalPressure", s.incrementalPressure);
    s.scalarAdvection = r.choice("scalarAdvection", s.scalarAdvection, kAdvectionSchemes);
    s.colourAdvection = r.choice("colourAdvection", s.colourAdvection, kAdvectionSchemes);
    s.velocityAdvection = r.choice("velocityAdvection", s.velocityAdvection, kAdvectionSchemes);
    s.advectionLimiter = r.choice("advectionLimiter", s.advectionLimiter, kAdvectionLimiters);
    s.advectionReflection = r.boolean("advectionReflection", s.advectionReflection);
    s.massCorrection = r.boolean("massCorrection", s.massCorrection);
    s.advectionInterpolation = r.choice<AdvectionInterpolation>(
        "advectionInterpolation", s.advectionInterpolation,
        {{"linear", AdvectionInterpolation::Linear}, {"monotoneCubic", AdvectionInterpolation::MonotoneCubic}});
    s.vorticity = f("vorticity", s.vorticity, Range::nonNegative());
    s.velocityDamping = f("velocityDamping", s.velocityDamping, Range::nonNegative());
    s.densityDamping = f("densityDamping", s.densityDamping, Range::nonNegative());
    s.fuelDamping = f("fuelDamping", s.fuelDamping, Range::nonNegative());
    s.colourDamping = f("colourDamping", s.colourDamping, Range::nonNegative());
    s.temperatureRelaxation = f("temperatureRelaxation", s.temperatureRelaxation, Range::nonNegative());
    s.gravity = r.vec3("gravity", s.gravity);
    s.densityWeight = f("densityWeight", s.densityWeight, Range::any());
    s.thermalExpansion = f("thermalExpansion", s.thermalExpansion, Range::any());
    s.ambientTemperature = f("ambientTemperature", s.ambientTemperature, Range::positive());
    s.maxSpeed = f("maxSpeed", s.maxSpeed, Range::nonNegative());
    if (const nlohmann::json* value = r.child("combustion")) {
        ObjectReader c(*value, "settings.combustion");
        CombustionSettings& b = s.combustion;
        b.enabled = c.boolean("enabled", true);  // a "combustion" section turns it on unless it says otherwise
        b.ignitionTemperature = c.real("ignitionTemperature", b.ignitionTemperature, Range::positive());
        b.burnRate = c.real("burnRate", b.burnRate, Range::nonNegative());
        b.heatRelease = c.real("heatRelease", b.heatRelease, Range::nonNegative());
        b.smokeYield = c.real("smokeYield", b.smokeYield, Range::nonNegative());
        b.expansion = c.real("expansion", b.expansion, Range::nonNegative());
        c.finish();
    }
    r.finish();
}

} // namespace billow::scene::detail
