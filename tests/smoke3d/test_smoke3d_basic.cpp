// End-to-end checks of the 3D smoke solver through its public API: creation and its refusals,
// host round trips, and what a whole step must do (a hot plume rises, the projection removes the
// divergence, advection keeps a constant, periodic sides wrap, the same inputs give the same bits).
// The kernel-by-kernel checks against the double-precision reference live beside this file.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numeric>
#include <optional>
#include <random>
#include <string>

namespace billow::test {
namespace {

class Smoke3DBasic : public GpuTest {};

// A grid that is not a multiple of the 8 x 8 x 4 workgroup along any axis.
SmokeSettings3D smallSettings() {
    SmokeSettings3D s;
    s.nx = 19;
    s.ny = 13;
    s.nz = 11;
    s.cellSize = 0.05f;
    return s;
}

std::vector<float> randomValues(size_t n, float low, float high, uint32_t stream) {
    std::mt19937 rng(stream);
    std::uniform_real_distribution<float> dist(low, high);
    std::vector<float> out(n);
    for (float& x : out) x = dist(rng);
    return out;
}

float maxAbs(const std::vector<float>& values) {
    float m = 0.0f;
    for (float x : values) m = std::max(m, std::abs(x));
    return m;
}

bool bitwiseEqual(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// --- Creation and settings ------------------------------------------------------------------

TEST_F(Smoke3DBasic, CreatesWithTheDocumentedSizes) {
    SmokeSolver3D solver(context(), smallSettings());
    const size_t cells = 19 * 13 * 11;
    EXPECT_EQ(solver.fieldSize(SmokeField3D::VelocityX), size_t(20) * 13 * 11);
    EXPECT_EQ(solver.fieldSize(SmokeField3D::VelocityY), size_t(19) * 14 * 11);
    EXPECT_EQ(solver.fieldSize(SmokeField3D::VelocityZ), size_t(19) * 13 * 12);
    EXPECT_EQ(solver.fieldSize(SmokeField3D::OpenZ), size_t(19) * 13 * 12);
    EXPECT_EQ(solver.fieldSize(SmokeField3D::SolidVelocityY), size_t(19) * 14 * 11);
    EXPECT_EQ(solver.fieldSize(SmokeField3D::Density), cells);
    EXPECT_EQ(solver.fieldSize(SmokeField3D::Colour), 0u);  // no colour field by default
    EXPECT_EQ(solver.bufferSize(SmokeField3D::VelocityX), solver.fieldSize(SmokeField3D::VelocityX) * sizeof(float));
    EXPECT_NE(solver.buffer(SmokeField3D::Density), VK_NULL_HANDLE);
    EXPECT_EQ(solver.buffer(SmokeField3D::Colour), VK_NULL_HANDLE);
    for (float t : solver.download(SmokeField3D::Temperature)) ASSERT_EQ(t, 293.15f);
    for (float o : solver.download(SmokeField3D::OpenY)) ASSERT_TRUE(o == 0.0f || o == 1.0f);

    // At least the fields: 2 copies of 3 velocity components and 3 scalars (the scratch copy only
    // for a corrected scheme or diffusion), the rest once or twice.
    EXPECT_GT(solver.allocatedBytes(), uint64_t(6 + 6 + 2 + 12) * cells * sizeof(float));
    SmokeSettings3D withColour = smallSettings();
    withColour.colour = true;
    SmokeSolver3D coloured(context(), withColour);
    EXPECT_EQ(coloured.fieldSize(SmokeField3D::Colour), cells * 4);
    EXPECT_EQ(coloured.allocatedBytes() - solver.allocatedBytes(), uint64_t(2) * (cells * 16 - 16));

    // A corrected scheme adds the scratch copy of every carried field (velocity, the three
    // scalars, the colour), at creation or when the settings first need it.
    SmokeSettings3D corrected = withColour;
    corrected.velocityAdvection = AdvectionScheme::MacCormack;
    SmokeSolver3D correctedSolver(context(), corrected);
    const uint64_t scratch = (size_t(20) * 13 * 11 + size_t(19) * 14 * 11 + size_t(19) * 13 * 12 + 3 * cells) *
                                 sizeof(float) + cells * 16;
    EXPECT_EQ(correctedSolver.allocatedBytes() - coloured.allocatedBytes(), scratch);
    coloured.updateSettings(corrected);
    EXPECT_EQ(coloured.allocatedBytes(), correctedSolver.allocatedBytes());
}

TEST_F(Smoke3DBasic, NamesEveryFieldAndPass) {
    EXPECT_STREQ(fieldName(SmokeField3D::VelocityZ), "VelocityZ");
    EXPECT_STREQ(fieldName(SmokeField3D::ExpansionSource), "ExpansionSource");
    EXPECT_STREQ(passName(SmokePass3D::Colliders), "colliders");
    EXPECT_STREQ(passName(SmokePass3D::SubtractGradient), "subtract_gradient");
    EXPECT_STREQ(passName(SmokePass3D::Count), "?");
}

// Each bad setting is refused with InvalidArgument naming it.
TEST_F(Smoke3DBasic, RefusesBadSettingsNamingTheField) {
    const float nan = std::nanf("");
    const std::vector<std::pair<std::string, std::function<void(SmokeSettings3D&)>>> cases = {
        {"SmokeSettings3D::nx", [](SmokeSettings3D& s) { s.nx = 1; }},
        {"SmokeSettings3D::nz", [](SmokeSettings3D& s) { s.nz = 2049; }},
        {"SmokeSettings3D::cellSize", [](SmokeSettings3D& s) { s.cellSize = 0.0f; }},
        {"SmokeSettings3D::cellSize", [nan](SmokeSettings3D& s) { s.cellSize = nan; }},
        {"SmokeSettings3D::viscosity", [](SmokeSettings3D& s) { s.viscosity = -1.0f; }},
        {"SmokeSettings3D::scalarDiffusion", [nan](SmokeSettings3D& s) { s.scalarDiffusion = nan; }},
        {"SmokeSettings3D::diffusionIterations", [](SmokeSettings3D& s) { s.diffusionIterations = 2000000; }},
        {"SmokeSettings3D::pressureSolver", [](SmokeSettings3D& s) { s.pressureSolver = PressureSolverType(9); }},
        {"SmokeSettings3D::pressureTolerance", [](SmokeSettings3D& s) { s.pressureTolerance = 1e-3f; }},  // Jacobi
        {"SmokeSettings3D::sorRelaxation", [](SmokeSettings3D& s) { s.sorRelaxation = 2.0f; }},
        {"SmokeSettings3D::colourAdvection", [](SmokeSettings3D& s) { s.colourAdvection = AdvectionScheme(7); }},
        {"SmokeSettings3D::advectionLimiter", [](SmokeSettings3D& s) { s.advectionLimiter = AdvectionLimiter(5); }},
        {"SmokeSettings3D::vorticity", [](SmokeSettings3D& s) { s.vorticity = -0.1f; }},
        {"SmokeSettings3D::fuelDamping", [](SmokeSettings3D& s) { s.fuelDamping = -1.0f; }},
        {"SmokeSettings3D::temperatureRelaxation", [nan](SmokeSettings3D& s) { s.temperatureRelaxation = nan; }},
        {"SmokeSettings3D::gravity[2]", [nan](SmokeSettings3D& s) { s.gravity[2] = nan; }},
        {"SmokeSettings3D::ambientTemperature", [](SmokeSettings3D& s) { s.ambientTemperature = INFINITY; }},
        {"SmokeSettings3D::maxSpeed", [](SmokeSettings3D& s) { s.maxSpeed = -2.0f; }},
        {"SmokeSettings3D::combustion.burnRate", [](SmokeSettings3D& s) { s.combustion.burnRate = -1.0f; }},
        {"SmokeSettings3D::combustion.expansion", [nan](SmokeSettings3D& s) { s.combustion.expansion = nan; }},
        {"SmokeSettings3D::boundaries[Back].type", [](SmokeSettings3D& s) { s.boundaries[4].type = BoundaryType(12); }},
        {"SmokeSettings3D::boundaries[Top].wallVelocity[2]",
         [nan](SmokeSettings3D& s) { s.boundaries[3].wallVelocity[2] = nan; }},
        {"SmokeSettings3D::boundaries[Left].fuel", [nan](SmokeSettings3D& s) { s.boundaries[0].fuel = nan; }},
        {"SmokeSettings3D::boundaries[Front].type",
         [](SmokeSettings3D& s) { s.boundaries[4].type = BoundaryType::Periodic; }},
    };
    for (const auto& [field, spoil] : cases) {
        SmokeSettings3D s = smallSettings();
        spoil(s);
        try {
            SmokeSolver3D solver(context(), s);
            ADD_FAILURE() << "no error for " << field;
        } catch (const InvalidArgument& e) {
            EXPECT_EQ(e.field(), field) << e.what();
        }
    }
}

TEST_F(Smoke3DBasic, RefusesAGridTheDeviceCannotHoldNamingTheBufferAndLimit) {
    SmokeSettings3D s;
    s.nx = s.ny = s.nz = 2048;  // 32 GiB per cell field
    try {
        SmokeSolver3D solver(context(), s);
        ADD_FAILURE() << "a 2048^3 grid was created";
    } catch (const UnsupportedDevice& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("maxStorageBufferRange"), std::string::npos) << message;
        EXPECT_NE(message.find("velocityX"), std::string::npos) << message;
    }
}

TEST_F(Smoke3DBasic, UpdateSettingsKeepsTheGridAndColour) {
    SmokeSolver3D solver(context(), smallSettings());
    SmokeSettings3D s = smallSettings();
    s.nz = 12;
    EXPECT_THROW(solver.updateSettings(s), InvalidArgument);
    s = smallSettings();
    s.colour = true;
    EXPECT_THROW(solver.updateSettings(s), InvalidArgument);
    s = smallSettings();
    s.boundaries[2].type = BoundaryType::Inflow;
    s.boundaries[2].normalVelocity = 0.75f;
    solver.updateSettings(s);
    // The inflow faces now carry the inflow speed, and are closed to the solve.
    const auto v = solver.download(SmokeField3D::VelocityY);
    const auto solidV = solver.download(SmokeField3D::SolidVelocityY);
    for (size_t k = 0; k < 11; ++k)
        for (size_t i = 0; i < 19; ++i) {
            const size_t face = i + 19 * (0 + 14 * k);
            EXPECT_EQ(v[face], 0.75f);
            EXPECT_EQ(solidV[face], 0.75f);
        }
}

// --- Host access ----------------------------------------------------------------------------

TEST_F(Smoke3DBasic, UploadsAndDownloadsEveryFieldItMay) {
    SmokeSettings3D s = smallSettings();
    s.colour = true;
    SmokeSolver3D solver(context(), s);
    uint32_t stream = 1;
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density, SmokeField3D::Temperature,
                      SmokeField3D::Fuel, SmokeField3D::Colour, SmokeField3D::Pressure, SmokeField3D::Divergence}) {
        const auto values = randomValues(solver.fieldSize(f), -3.0f, 3.0f, stream++);
        solver.upload(f, values);
        EXPECT_TRUE(bitwiseEqual(solver.download(f), values)) << fieldName(f);
    }
    for (SmokeField3D f : {SmokeField3D::Vorticity, SmokeField3D::Solid, SmokeField3D::OpenX, SmokeField3D::OpenY, SmokeField3D::OpenZ,
                      SmokeField3D::SolidVelocityX, SmokeField3D::SolidVelocityY, SmokeField3D::SolidVelocityZ, SmokeField3D::ExpansionSource}) {
        std::vector<float> values(solver.fieldSize(f), 0.0f);
        try {
            solver.upload(f, values);
            ADD_FAILURE() << fieldName(f) << " was uploaded";
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("derived"), std::string::npos) << e.what();
        }
    }
    std::vector<float> wrongSize(solver.fieldSize(SmokeField3D::Density) - 1, 0.0f);
    EXPECT_THROW(solver.upload(SmokeField3D::Density, wrongSize), InvalidArgument);
    std::vector<float> withNaN(solver.fieldSize(SmokeField3D::Fuel), 0.0f);
    withNaN[17] = std::nanf("");
    try {
        solver.upload(SmokeField3D::Fuel, withNaN);
        ADD_FAILURE() << "a NaN was uploaded";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "upload(Fuel): values[17]");
    }

    SmokeSolver3D plain(context(), smallSettings());
    EXPECT_THROW(plain.upload(SmokeField3D::Colour, std::vector<float>()), InvalidArgument);
    EXPECT_TRUE(plain.download(SmokeField3D::Colour).empty());
}

TEST_F(Smoke3DBasic, SolidMaskClosesFacesExactly) {
    SmokeSolver3D solver(context(), smallSettings());
    std::vector<float> mask(19 * 13 * 11, 0.0f);
    mask[5 + 19 * (6 + 13 * 4)] = 1.0f;   // a solid cell
    mask[10 + 19 * (6 + 13 * 4)] = 0.25f;  // a partly solid one
    std::vector<float> bad = mask;
    bad[3] = 1.5f;
    EXPECT_THROW(solver.setSolidMask(bad), InvalidArgument);
    EXPECT_THROW(solver.setSolidMask(std::vector<float>(5, 0.0f)), InvalidArgument);
    solver.setSolidMask(mask);
    EXPECT_TRUE(bitwiseEqual(solver.download(SmokeField3D::Solid), mask));
    const auto openX = solver.download(SmokeField3D::OpenX);
    auto xFace = [](size_t i, size_t j, size_t k) { return i + 20 * (j + 13 * k); };
    EXPECT_EQ(openX[xFace(5, 6, 4)], 0.0f);
    EXPECT_EQ(openX[xFace(6, 6, 4)], 0.0f);
    EXPECT_EQ(openX[xFace(10, 6, 4)], 0.75f);
    EXPECT_EQ(openX[xFace(7, 6, 4)], 1.0f);
    EXPECT_EQ(openX[xFace(0, 6, 4)], 0.0f);  // the left wall

    // A step with random velocities leaves the closed faces exactly at rest.
    solver.upload(SmokeField3D::VelocityX, randomValues(solver.fieldSize(SmokeField3D::VelocityX), -1.0f, 1.0f, 3));
    solver.step(0.02f);
    const auto u = solver.download(SmokeField3D::VelocityX);
    EXPECT_EQ(u[xFace(5, 6, 4)], 0.0f);
    EXPECT_EQ(u[xFace(6, 6, 4)], 0.0f);
    EXPECT_EQ(u[xFace(0, 3, 3)], 0.0f);
    EXPECT_EQ(u[xFace(19, 3, 3)], 0.0f);
    solver.clearObstacles();
    EXPECT_EQ(solver.download(SmokeField3D::OpenX)[xFace(5, 6, 4)], 1.0f);
}

TEST_F(Smoke3DBasic, RefusesBadEmittersAndKeepsTheSet) {
    SmokeSolver3D solver(context(), smallSettings());
    std::vector<Emitter3D> emitters(2);
    emitters[1].radius = -1.0f;
    try {
        solver.setEmitters(emitters);
        ADD_FAILURE() << "a negative radius was taken";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(e.field(), "Emitter3D[1]::radius");
    }
    emitters[1] = Emitter3D{};
    emitters[1].shape = EmitterShape::Box;
    emitters[1].halfExtents[2] = 0.0f;
    EXPECT_THROW(solver.setEmitters(emitters), InvalidArgument);
    emitters[1].halfExtents[2] = 0.1f;
    emitters[1].velocityCoupling = -1.0f;
    EXPECT_THROW(solver.setEmitters(emitters), InvalidArgument);
    emitters[1].velocityCoupling = 0.0f;
    emitters[1].colour[3] = std::nanf("");
    EXPECT_THROW(solver.setEmitters(emitters), InvalidArgument);
    EXPECT_THROW(solver.setEmitters(std::vector<Emitter3D>(SmokeSolver3D::kMaxEmitters + 1)), InvalidArgument);
    EXPECT_THROW(solver.setColliders(std::vector<Collider>(kMaxColliders + 1)), InvalidArgument);
    EXPECT_THROW(solver.step(0.0f), InvalidArgument);
    EXPECT_THROW(solver.stepPass(SmokePass3D::Count, 0.1f), InvalidArgument);
}

// --- Whole steps ----------------------------------------------------------------------------

// A hot, smoky sphere emitter near the floor: what a plume needs.
SmokeSettings3D plumeSettings() {
    SmokeSettings3D s = smallSettings();
    s.thermalExpansion = 0.02f;
    s.densityWeight = 0.05f;
    s.pressureSolver = PressureSolverType::Multigrid;
    s.pressureIterations = 4;
    s.vorticity = 0.2f;
    s.velocityDamping = 0.05f;
    s.temperatureRelaxation = 0.1f;
    s.maxSpeed = 4.0f;
    return s;
}

Emitter3D plumeEmitter() {
    Emitter3D e;
    e.centre = {0.475f, 0.1f, 0.275f};
    e.radius = 0.08f;
    e.density = 4.0f;
    e.temperature = 600.0f;
    e.velocity = {0.0f, 0.3f, 0.0f};
    e.velocityCoupling = 5.0f;
    return e;
}

// The density-weighted mean height of the smoke, m.
double smokeHeight(const std::vector<float>& density, float h) {
    double mass = 0.0, moment = 0.0;
    for (size_t k = 0; k < 11; ++k)
        for (size_t j = 0; j < 13; ++j)
            for (size_t i = 0; i < 19; ++i) {
                const double d = density[i + 19 * (j + 13 * k)];
                mass += d;
                moment += d * (j + 0.5) * h;
            }
    return mass > 0.0 ? moment / mass : 0.0;
}

TEST_F(Smoke3DBasic, HotSmokeRises) {
    SmokeSolver3D solver(context(), plumeSettings());
    Emitter3D emitter = plumeEmitter();
    emitter.velocityCoupling = 0.0f;  // nothing but buoyancy lifts it
    emitter.temperature = 5000.0f;
    solver.setEmitters(std::span(&emitter, 1));
    for (int k = 0; k < 3; ++k) solver.step(0.02f);
    const double start = smokeHeight(solver.download(SmokeField3D::Density), 0.05f);
    solver.setEmitters({});  // a puff: it rises on its own
    for (int k = 0; k < 15; ++k) solver.step(0.02f);
    const auto density = solver.download(SmokeField3D::Density);
    const double end = smokeHeight(density, 0.05f);
    EXPECT_GT(end, start + 0.05) << "start " << start << " end " << end;
    // Upward flow above the emitter.
    const auto v = solver.download(SmokeField3D::VelocityY);
    EXPECT_GT(v[9 + 19 * (4 + 14 * 5)], 0.01f);
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Temperature,
                      SmokeField3D::Pressure, SmokeField3D::Vorticity})
        for (float x : solver.download(f)) ASSERT_TRUE(std::isfinite(x)) << fieldName(f);
}

// Divergence -> PressureSolve -> SubtractGradient -> Divergence, from a random velocity inside
// walls and an obstacle (unless `obstacle` is false), with an outflow side: the second divergence
// is round-off.
void expectProjectionRemovesDivergence(const std::shared_ptr<Context>& context, PressureSolverType method,
                                       uint32_t iterations, float tolerance, bool obstacle = true) {
    SmokeSettings3D s = smallSettings();
    s.pressureSolver = method;
    s.pressureIterations = iterations;
    s.boundaries[3].type = BoundaryType::Outflow;
    SmokeSolver3D solver(context, s);
    std::vector<float> mask(19 * 13 * 11, 0.0f);
    for (size_t k = 4; k < 7; ++k)
        for (size_t j = 3; j < 6; ++j)
            for (size_t i = 8; i < 12; ++i) mask[i + 19 * (j + 13 * k)] = 1.0f;
    if (obstacle) solver.setSolidMask(mask);
    uint32_t stream = 11;
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ})
        solver.upload(f, randomValues(solver.fieldSize(f), -1.0f, 1.0f, stream++));
    const float dt = 0.02f;
    solver.stepPass(SmokePass3D::Divergence, dt);
    const float before = maxAbs(solver.download(SmokeField3D::Divergence));
    solver.stepPass(SmokePass3D::PressureSolve, dt);
    solver.stepPass(SmokePass3D::SubtractGradient, dt);
    solver.stepPass(SmokePass3D::Divergence, dt);
    const float after = maxAbs(solver.download(SmokeField3D::Divergence));
    EXPECT_GT(before, 10.0f);
    EXPECT_LT(after, tolerance * before) << "before " << before << " after " << after;
}

TEST_F(Smoke3DBasic, ProjectionWithMultigridPCGLeavesRoundOffDivergence) {
    expectProjectionRemovesDivergence(context(), PressureSolverType::MultigridPCG, 10, 1e-6f);
}

// The spectral solve applies to the box without the obstacle: two cycles (the second removes the
// first's rounding) leave round-off, as the multigrid-preconditioned CG's ten iterations do.
TEST_F(Smoke3DBasic, ProjectionWithTwoSpectralCyclesLeavesRoundOffDivergence) {
    expectProjectionRemovesDivergence(context(), PressureSolverType::Spectral, 2, 1e-6f, false);
}

TEST_F(Smoke3DBasic, ProjectionWithJacobiManySweepsLeavesRoundOffDivergence) {
    expectProjectionRemovesDivergence(context(), PressureSolverType::Jacobi, 6000, 1e-4f);
}

TEST_F(Smoke3DBasic, AdvectingAConstantReturnsIt) {
    for (AdvectionScheme scheme : {AdvectionScheme::SemiLagrangian, AdvectionScheme::MacCormack, AdvectionScheme::BFECC}) {
        SmokeSettings3D s = smallSettings();
        s.scalarAdvection = scheme;
        s.colourAdvection = scheme;
        s.colour = true;
        s.boundaries[0].type = s.boundaries[1].type = BoundaryType::Periodic;
        SmokeSolver3D solver(context(), s);
        uint32_t stream = 21;
        for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ})
            solver.upload(f, randomValues(solver.fieldSize(f), -1.0f, 1.0f, stream++));
        solver.upload(SmokeField3D::Density, std::vector<float>(solver.fieldSize(SmokeField3D::Density), 1.5f));
        solver.upload(SmokeField3D::Colour, std::vector<float>(solver.fieldSize(SmokeField3D::Colour), 0.25f));
        solver.stepPass(SmokePass3D::Advect, 0.03f);
        for (float d : solver.download(SmokeField3D::Density)) ASSERT_NEAR(d, 1.5f, 2e-6f);
        for (float c : solver.download(SmokeField3D::Colour)) ASSERT_NEAR(c, 0.25f, 1e-6f);
    }
}

// A uniform velocity of exactly one cell per step on a periodic x axis moves every cell-centred
// field by exactly one cell (the back-trace lands on cell centres), wrapping around.
// Periodic sides on each axis in turn, the velocity along it one cell per step in either
// direction, so every back-trace lands on a cell centre and advection is an exact shift: after more
// than a turn round each odd-sized axis (19, 13, 11 cells) every value must be its wrapped twin's,
// bit for bit. Moving towards +axis traces back across the low side (negative indices), moving
// towards -axis across the high one.
TEST_F(Smoke3DBasic, PeriodicSidesWrap) {
    const SmokeField3D velocity[3] = {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ};
    const int n[3] = {19, 13, 11};
    for (int axis = 0; axis < 3; ++axis)
        for (int direction : {1, -1}) {
            SCOPED_TRACE("axis " + std::to_string(axis) + ", direction " + std::to_string(direction));
            SmokeSettings3D s = smallSettings();
            s.cellSize = 0.5f;
            s.boundaries[2 * axis].type = s.boundaries[2 * axis + 1].type = BoundaryType::Periodic;
            SmokeSolver3D solver(context(), s);
            const float dt = 0.25f, speed = 2.0f * float(direction);  // speed dt = one cell
            solver.upload(velocity[axis], std::vector<float>(solver.fieldSize(velocity[axis]), speed));
            const auto density = randomValues(solver.fieldSize(SmokeField3D::Density), 0.0f, 1.0f, 31 + axis);
            solver.upload(SmokeField3D::Density, density);
            const int steps = n[axis] + 4;  // more than once around
            for (int k = 0; k < steps; ++k) solver.stepPass(SmokePass3D::Advect, dt);
            const auto moved = solver.download(SmokeField3D::Density);
            for (int k = 0; k < 11; ++k)
                for (int j = 0; j < 13; ++j)
                    for (int i = 0; i < 19; ++i) {
                        int from[3] = {i, j, k};
                        from[axis] = ((from[axis] - direction * steps) % n[axis] + n[axis]) % n[axis];
                        ASSERT_EQ(moved[i + 19 * (j + 13 * k)], density[from[0] + 19 * (from[1] + 13 * from[2])])
                            << i << " " << j << " " << k;
                    }
            for (float u : solver.download(velocity[axis])) ASSERT_EQ(u, speed);
        }
}

// The conservation statement of CombustionSettings, cell by cell: fuel lost = burnt, density
// gained = smokeYield burnt, temperature gained = heatRelease burnt, source = expansion burnt / dt,
// and nothing where the temperature is below ignition.
TEST_F(Smoke3DBasic, CombustionConservesFuelIntoSmokeAndHeat) {
    SmokeSettings3D s = smallSettings();
    s.combustion.enabled = true;
    s.combustion.ignitionTemperature = 500.0f;
    s.combustion.burnRate = 3.0f;
    s.combustion.heatRelease = 800.0f;
    s.combustion.smokeYield = 0.5f;
    s.combustion.expansion = 0.25f;
    SmokeSolver3D solver(context(), s);
    const auto fuel = randomValues(solver.fieldSize(SmokeField3D::Fuel), 0.0f, 2.0f, 41);
    const auto density = randomValues(solver.fieldSize(SmokeField3D::Density), 0.0f, 1.0f, 42);
    const auto temperature = randomValues(solver.fieldSize(SmokeField3D::Temperature), 300.0f, 700.0f, 43);
    solver.upload(SmokeField3D::Fuel, fuel);
    solver.upload(SmokeField3D::Density, density);
    solver.upload(SmokeField3D::Temperature, temperature);
    const float dt = 0.05f;
    solver.stepPass(SmokePass3D::Combustion, dt);
    const auto fuelAfter = solver.download(SmokeField3D::Fuel), densityAfter = solver.download(SmokeField3D::Density);
    const auto temperatureAfter = solver.download(SmokeField3D::Temperature), source = solver.download(SmokeField3D::ExpansionSource);
    size_t burning = 0;
    for (size_t c = 0; c < fuel.size(); ++c) {
        const double burnt = temperature[c] >= 500.0f ? fuel[c] * (1.0 - std::exp(-3.0 * dt)) : 0.0;
        burning += burnt > 0.0;
        ASSERT_NEAR(fuel[c] - fuelAfter[c], burnt, 1e-6) << c;
        ASSERT_NEAR(densityAfter[c] - density[c], 0.5 * burnt, 1e-6) << c;
        ASSERT_NEAR(temperatureAfter[c] - temperature[c], 800.0 * burnt, 1e-3) << c;
        ASSERT_NEAR(source[c], 0.25 * burnt / dt, 1e-5) << c;
    }
    EXPECT_GT(burning, fuel.size() / 4);
}

// With combustion on, the projection leaves div u = the expansion source: the Divergence field
// (the divergence minus the source) is round-off after SubtractGradient, and the gas flows out
// through the outflow side.
TEST_F(Smoke3DBasic, ProjectionLeavesTheExpansionOfBurningGas) {
    SmokeSettings3D s = smallSettings();
    s.combustion.enabled = true;
    s.pressureSolver = PressureSolverType::MultigridPCG;
    s.pressureIterations = 10;
    s.boundaries[3].type = BoundaryType::Outflow;
    SmokeSolver3D solver(context(), s);
    std::vector<float> fuel(solver.fieldSize(SmokeField3D::Fuel), 0.0f), temperature(fuel.size(), 293.15f);
    for (size_t k = 4; k < 7; ++k)
        for (size_t j = 2; j < 5; ++j)
            for (size_t i = 8; i < 11; ++i) {
                fuel[i + 19 * (j + 13 * k)] = 1.0f;
                temperature[i + 19 * (j + 13 * k)] = 900.0f;
            }
    solver.upload(SmokeField3D::Fuel, fuel);
    solver.upload(SmokeField3D::Temperature, temperature);
    const float dt = 0.02f;
    for (SmokePass3D p : {SmokePass3D::Combustion, SmokePass3D::Divergence, SmokePass3D::PressureSolve, SmokePass3D::SubtractGradient,
                     SmokePass3D::Divergence})
        solver.stepPass(p, dt);
    const float source = maxAbs(solver.download(SmokeField3D::ExpansionSource));
    EXPECT_GT(source, 1.0f);
    EXPECT_LT(maxAbs(solver.download(SmokeField3D::Divergence)), 1e-5f * source);
    // Outward through the top: the mean v on the outflow faces is positive.
    const auto v = solver.download(SmokeField3D::VelocityY);
    double top = 0.0;
    for (size_t k = 0; k < 11; ++k)
        for (size_t i = 0; i < 19; ++i) top += v[i + 19 * (13 + 14 * k)];
    EXPECT_GT(top, 0.0);
}

// Every feature on: emitters with fuel, combustion, colour, corrected advection, diffusion,
// obstacles, mixed sides. With `moveAfterStep` >= 0 the solver is moved into a new one after that
// many steps.
std::vector<std::vector<float>> runEverything(const std::shared_ptr<Context>& context, int moveAfterStep = -1) {
    SmokeSettings3D s = plumeSettings();
    s.colour = true;
    s.viscosity = 1e-3f;
    s.scalarDiffusion = 1e-4f;
    s.diffusionIterations = 4;
    s.scalarAdvection = AdvectionScheme::MacCormack;
    s.velocityAdvection = AdvectionScheme::BFECC;
    s.colourAdvection = AdvectionScheme::BFECC;
    s.advectionLimiter = AdvectionLimiter::RevertToSemiLagrangian;
    s.combustion.enabled = true;
    s.boundaries[3].type = BoundaryType::Outflow;
    s.boundaries[4].type = s.boundaries[5].type = BoundaryType::Periodic;
    s.boundaries[0].type = BoundaryType::Inflow;
    s.boundaries[0].normalVelocity = 0.2f;
    s.boundaries[0].fuel = 0.1f;
    s.boundaries[1].type = BoundaryType::MovingWall;
    s.boundaries[1].wallVelocity = {0.0f, 0.3f, 0.1f};
    SmokeSolver3D original(context, s);
    std::vector<float> mask(19 * 13 * 11, 0.0f);
    for (size_t k = 3; k < 6; ++k)
        for (size_t i = 12; i < 15; ++i) mask[i + 19 * (8 + 13 * k)] = 0.6f;
    original.setSolidMask(mask);
    std::optional<SmokeSolver3D> moved;
    SmokeSolver3D* solver = &original;
    Emitter3D fire = plumeEmitter();
    fire.fuel = 3.0f;
    fire.temperature = 20000.0f;
    fire.colour = {1.0f, 0.5f, 0.1f, 1.0f};
    Emitter3D box;
    box.shape = EmitterShape::Box;
    box.falloff = Falloff::Linear;
    box.centre = {0.7f, 0.3f, 0.4f};
    box.halfExtents = {0.05f, 0.1f, 0.04f};
    box.density = 2.0f;
    box.velocity = {-0.5f, 0.0f, 0.2f};
    box.velocityCoupling = 2.0f;
    const std::vector<Emitter3D> emitters{fire, box};
    solver->setEmitters(emitters);
    for (int k = 0; k < 6; ++k) {
        if (k == moveAfterStep) {
            moved.emplace(std::move(original));
            solver = &*moved;
        }
        solver->step(0.02f);
    }
    std::vector<std::vector<float>> out;
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density, SmokeField3D::Temperature,
                      SmokeField3D::Fuel, SmokeField3D::Colour, SmokeField3D::Pressure, SmokeField3D::Divergence, SmokeField3D::Vorticity,
                      SmokeField3D::ExpansionSource})
        out.push_back(solver->download(f));
    return out;
}

TEST_F(Smoke3DBasic, StepsDeterministically) {
    const auto first = runEverything(context());
    const auto second = runEverything(context());
    ASSERT_EQ(first.size(), second.size());
    for (size_t f = 0; f < first.size(); ++f) {
        EXPECT_TRUE(bitwiseEqual(first[f], second[f])) << "field " << f;
        for (float x : first[f]) ASSERT_TRUE(std::isfinite(x)) << "field " << f;
    }
    EXPECT_GT(std::accumulate(first[3].begin(), first[3].end(), 0.0), 0.0);  // smoke
    EXPECT_GT(maxAbs(first[10]), 0.0f);                                        // something burnt
}

TEST_F(Smoke3DBasic, MovedSolverCarriesOnBitwise) {
    const auto unmoved = runEverything(context());
    const auto moved = runEverything(context(), 3);
    ASSERT_EQ(unmoved.size(), moved.size());
    for (size_t f = 0; f < unmoved.size(); ++f) EXPECT_TRUE(bitwiseEqual(unmoved[f], moved[f])) << "field " << f;

    SmokeSolver3D target(context(), smallSettings());
    SmokeSettings3D bigger = smallSettings();
    bigger.nx = 21;
    SmokeSolver3D source(context(), bigger);
    target = std::move(source);
    EXPECT_EQ(target.settings().nx, 21u);
    target.step(0.01f);
}

TEST_F(Smoke3DBasic, TimesEveryPassAndReportsTheResidual) {
    SmokeSettings3D s = plumeSettings();
    s.trackPressureResidual = true;
    SmokeSolver3D solver(context(), s);
    const Emitter3D emitter = plumeEmitter();
    solver.setEmitters(std::span(&emitter, 1));
    solver.setProfiling(true);
    solver.step(0.02f);
    const auto timings = solver.passTimings();
    if (!timings.empty()) {
        ASSERT_EQ(timings.size(), size_t(SmokePass3D::Count));
        for (size_t p = 0; p < timings.size(); ++p) {
            EXPECT_EQ(timings[p].pass, SmokePass3D(p));
            EXPECT_GE(timings[p].milliseconds, 0.0);
        }
    }
    const PressureResidual r = solver.pressureResidual();
    EXPECT_TRUE(r.available);
    EXPECT_EQ(r.iterations, 4u);
    EXPECT_LT(r.relative, 0.1f);
    EXPECT_THROW(solver.pressureResidual(SmokeSolver3D::kResidualHistory), InvalidArgument);
}

} // namespace
} // namespace billow::test
