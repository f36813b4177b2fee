// The multigrid diffusion solve (diffusionSolver Multigrid, pressure/implicit_diffusion.hpp) on
// whole solvers: the V-cycles to the tolerance do not grow with the grid at a fixed a = nu dt / h^2
// (2D at 37 x 23 and 75 x 47, 3D at 19 x 13 x 11 and 39 x 27 x 23; walls, a moving wall and an
// obstacle), the residual reports, and the settings' checks. The accuracy against the exact
// implicit step is tested per boundary case in test_kernels_transport.cpp and
// test_kernels3d_transport.cpp.
#include <cmath>
#include <random>

#include "support/gpu_test.hpp"

namespace billow::test {
namespace {

class MultigridDiffusion : public GpuTest {};

std::vector<float> randomValues(size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    std::vector<float> values(n);
    for (float& x : values) x = dist(rng);
    return values;
}

// V-cycles of the u and v solves of one Diffuse pass at a, from random velocities.
std::array<uint32_t, 2> cycles2D(std::shared_ptr<Context> context, uint32_t nx, uint32_t ny, double a) {
    SmokeSettings settings;
    settings.nx = nx;
    settings.ny = ny;
    settings.cellSize = 1.0f / float(nx);
    const float dt = 0.02f;
    settings.viscosity = float(a * settings.cellSize * settings.cellSize / dt);
    settings.boundaries[size_t(Side::Top)].type = BoundaryType::MovingWall;
    settings.boundaries[size_t(Side::Top)].tangentialVelocity = 1.0f;
    settings.diffusionSolver = DiffusionSolverType::Multigrid;
    settings.diffusionTolerance = 1e-4f;
    SmokeSolver s(context, settings);
    s.addCircleObstacle(0.4f, 0.3f * float(ny) / float(nx), 0.1f);
    s.upload(SmokeField::VelocityX, randomValues(s.fieldSize(SmokeField::VelocityX), nx));
    s.upload(SmokeField::VelocityY, randomValues(s.fieldSize(SmokeField::VelocityY), ny));
    s.stepPass(SmokePass::Diffuse, dt);
    std::array<uint32_t, 2> cycles{};
    for (int c = 0; c < 2; ++c) {
        const PressureResidual r = s.diffusionResidual(c == 0 ? DiffusedField::VelocityX : DiffusedField::VelocityY);
        EXPECT_TRUE(r.available && r.reachedTolerance) << nx << " x " << ny << " component " << c << ": relative "
                                                       << r.relative;
        cycles[c] = r.iterations;
    }
    return cycles;
}

// V-cycles of the u, v, w and density solves of one Diffuse pass at a.
std::array<uint32_t, 4> cycles3D(std::shared_ptr<Context> context, uint32_t nx, uint32_t ny, uint32_t nz, double a) {
    SmokeSettings3D settings;
    settings.nx = nx;
    settings.ny = ny;
    settings.nz = nz;
    settings.cellSize = 1.0f / float(nx);
    const float dt = 0.02f;
    settings.viscosity = float(a * settings.cellSize * settings.cellSize / dt);
    settings.scalarDiffusion = settings.viscosity;
    settings.boundaries[size_t(Side::Top)].type = BoundaryType::MovingWall;
    settings.boundaries[size_t(Side::Top)].wallVelocity = {1.0f, 0.0f, 0.5f};
    settings.diffusionSolver = DiffusionSolverType::Multigrid;
    settings.diffusionTolerance = 1e-4f;
    SmokeSolver3D s(context, settings);
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density})
        s.upload(f, randomValues(s.fieldSize(f), nx + uint32_t(f)));
    s.stepPass(SmokePass3D::Diffuse, dt);
    std::array<uint32_t, 4> cycles{};
    const DiffusedField fields[4] = {DiffusedField::VelocityX, DiffusedField::VelocityY, DiffusedField::VelocityZ,
                                     DiffusedField::Density};
    for (int c = 0; c < 4; ++c) {
        const PressureResidual r = s.diffusionResidual(fields[c]);
        EXPECT_TRUE(r.available && r.reachedTolerance) << nx << " field " << c << ": relative " << r.relative;
        cycles[c] = r.iterations;
    }
    return cycles;
}

TEST_F(MultigridDiffusion, CyclesDoNotGrowWithTheGrid2D) {
    for (double a : {30.0}) {
        const auto small = cycles2D(context(), 37, 23, a), large = cycles2D(context(), 75, 47, a);
        for (int c = 0; c < 2; ++c) {
            SCOPED_TRACE(testing::Message() << "a = " << a << ", component " << c);
            EXPECT_LE(small[c], 5u);
            EXPECT_LE(large[c], small[c] + 1);
        }
        std::printf("2D a = %g: cycles to 1e-4 at 37 x 23: %u, %u; at 75 x 47: %u, %u\n", a, small[0], small[1],
                    large[0], large[1]);
    }
}

TEST_F(MultigridDiffusion, CyclesDoNotGrowWithTheGrid3D) {
    const double a = 30.0;
    const auto small = cycles3D(context(), 19, 13, 11, a), large = cycles3D(context(), 39, 27, 23, a);
    for (int c = 0; c < 4; ++c) {
        SCOPED_TRACE(testing::Message() << "field " << c);
        EXPECT_LE(small[c], 5u);
        EXPECT_LE(large[c], small[c] + 1);
    }
    std::printf("3D a = %g: cycles to 1e-4 (u, v, w, density) at 19 x 13 x 11: %u %u %u %u; at 39 x 27 x 23: %u %u %u %u\n",
                a, small[0], small[1], small[2], small[3], large[0], large[1], large[2], large[3]);
}

TEST_F(MultigridDiffusion, BadSettingsAreRefusedByName) {
    auto expectRefused = [](auto settings, const std::string& field) {
        try {
            settings.validate();
            ADD_FAILURE() << field << " accepted";
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find(field), std::string::npos) << e.what();
        }
    };
    for (float tolerance : {0.0f, -1e-3f, 1.0f, NAN}) {
        SmokeSettings s;
        s.diffusionTolerance = tolerance;
        expectRefused(s, "SmokeSettings::diffusionTolerance");
        SmokeSettings3D s3;
        s3.diffusionTolerance = tolerance;
        expectRefused(s3, "SmokeSettings3D::diffusionTolerance");
    }
    for (uint32_t cycles : {0u, 1001u}) {
        SmokeSettings s;
        s.diffusionMaxCycles = cycles;
        expectRefused(s, "SmokeSettings::diffusionMaxCycles");
    }
    SmokeSettings s;
    s.diffusionSolver = DiffusionSolverType(7);
    expectRefused(s, "SmokeSettings::diffusionSolver");
}

TEST_F(MultigridDiffusion, ReportsAreUnavailableBeforeASolveAndRefusedForOtherFields) {
    SmokeSettings settings;
    settings.nx = 19;
    settings.ny = 13;
    SmokeSolver s(context(), settings);
    EXPECT_FALSE(s.diffusionResidual(DiffusedField::VelocityX).available);
    EXPECT_THROW(s.diffusionResidual(DiffusedField::Density), InvalidArgument);
    EXPECT_THROW(s.diffusionResidual(DiffusedField::VelocityY, SmokeSolver::kResidualHistory), InvalidArgument);
}

} // namespace
} // namespace billow::test
