// Whole steps of the sparse 3D solver against the dense one: with every brick allocated the passes
// before the projection give the dense bits, and the two projections differ by no more than their
// residuals allow; with the GPU's own topology a plume rises as in the dense grid, and two runs
// give the same bits.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace billow::test {
namespace {

class SparseStep : public GpuTest {};

// A fire on the ground of a box open at the top and on its four sides (outflow), walls below:
// every pass of a step acts (combustion, buoyancy, confinement, damping, the projection).
SmokeSettings3D fireSettings(uint32_t nx, uint32_t ny, uint32_t nz) {
    SmokeSettings3D s;
    s.nx = nx;
    s.ny = ny;
    s.nz = nz;
    s.cellSize = 0.05f;
    for (int side = 0; side < 6; ++side)
        if (side != 2) s.boundaries[side].type = BoundaryType::Outflow;
    s.pressureSolver = PressureSolverType::Multigrid;
    s.pressureIterations = 40;
    s.pressureTolerance = 1e-5f;
    s.advectionInterpolation = AdvectionInterpolation::Linear;
    s.massCorrection = false;
    s.vorticity = 0.2f;
    s.densityWeight = 0.05f;
    s.thermalExpansion = 0.01f;
    s.velocityDamping = 0.05f;
    s.temperatureRelaxation = 0.5f;
    s.combustion.enabled = true;
    return s;
}

Emitter3D fire(float x, float z) {
    Emitter3D e;
    e.centre = {x, 0.2f, z};
    e.radius = 0.15f;
    e.velocity = {0.0f, 1.0f, 0.0f};
    e.velocityCoupling = 10.0f;
    e.temperature = 600.0f;
    e.fuel = 3.0f;
    e.density = 1.0f;
    return e;
}

std::vector<std::array<uint32_t, 3>> everyBrick(const SmokeSettings3D& s) {
    std::vector<std::array<uint32_t, 3>> out;
    for (uint32_t z = 0; z < (s.nz + 7) / 8; ++z)
        for (uint32_t y = 0; y < (s.ny + 7) / 8; ++y)
            for (uint32_t x = 0; x < (s.nx + 7) / 8; ++x) out.push_back({x, y, z});
    return out;
}

float maxDifference(const std::vector<float>& a, const std::vector<float>& b) {
    float m = 0.0f;
    for (size_t k = 0; k < a.size(); ++k) m = std::max(m, std::abs(a[k] - b[k]));
    return m;
}

struct Pair {
    SmokeField3D dense;
    SparseField3D sparse;
    uint32_t extra[3];  // faces: one more sample along the axis
};
const Pair kCellFields[] = {{SmokeField3D::Density, SparseField3D::Density, {0, 0, 0}},
                            {SmokeField3D::Temperature, SparseField3D::Temperature, {0, 0, 0}},
                            {SmokeField3D::Fuel, SparseField3D::Fuel, {0, 0, 0}}};
const Pair kVelocity[] = {{SmokeField3D::VelocityX, SparseField3D::VelocityX, {1, 0, 0}},
                          {SmokeField3D::VelocityY, SparseField3D::VelocityY, {0, 1, 0}},
                          {SmokeField3D::VelocityZ, SparseField3D::VelocityZ, {0, 0, 1}}};

// The largest |difference| of a field's centred finite-difference gradient, 1/m (the dense copy).
float largestGradient(const std::vector<float>& f, const SmokeSettings3D& s) {
    float g = 0.0f;
    auto at = [&](uint32_t i, uint32_t j, uint32_t k) { return f[i + size_t(s.nx) * (j + size_t(s.ny) * k)]; };
    for (uint32_t k = 0; k + 1 < s.nz; ++k)
        for (uint32_t j = 0; j + 1 < s.ny; ++j)
            for (uint32_t i = 0; i + 1 < s.nx; ++i) {
                const float c = at(i, j, k);
                g = std::max({g, std::abs(at(i + 1, j, k) - c), std::abs(at(i, j + 1, k) - c), std::abs(at(i, j, k + 1) - c)});
            }
    return g / s.cellSize;
}

TEST_F(SparseStep, StepsMatchTheDenseSolverWhenEveryBrickIsAllocated) {
    // 37 x 23 x 19: no axis a multiple of the 8-cell brick.
    const SmokeSettings3D s = fireSettings(37, 23, 19);
    SmokeSolver3D dense(context(), s);
    SparseSettings3D sp;
    sp.poolBricks = 64;
    sp.retireAfterSteps = 1000000;
    SparseSmokeSolver3D sparse(context(), s, sp);
    sparse.allocateBricks(everyBrick(s));
    const Emitter3D e = fire(0.9f, 0.45f);
    dense.setEmitters({&e, 1});
    sparse.setEmitters({&e, 1});
    const float dt = 0.02f;
    // The pressure error of a solve is at most ||L^-1|| |residual|, with ||L^-1||_inf <= (n + 1)^2 / 8
    // for the 7-point stencil with Dirichlet sides at both ends of an axis of n cells (x: 37, z: 19
    // here; the comparison principle takes the smaller); the gradient's difference on a face is at
    // most twice that, times dt / h.
    const double inverseBound = (19.0 + 1.0) * (19.0 + 1.0) / 8.0;
    double drift = 0.0;  // the bound on the cell fields' difference accumulated from the velocity's
    for (int step = 1; step <= 4; ++step) {
        // Before this step's advection the two velocities differ by the last step's `velocityBound`:
        // a back-trace moves by at most dt times that, changing a sample by at most the field's
        // largest gradient times the move (trilinear interpolation is 1-Lipschitz per cell).
        dense.step(dt);
        sparse.step(dt);
        const PressureResidual rd = dense.pressureResidual(), rs = sparse.pressureResidual();
        ASSERT_TRUE(rd.available && rs.available);
        // Both solve to 1e-5 (or stop at float32's floor just above it); the bound below uses the
        // residuals they reached.
        ASSERT_LE(rd.relative, 1e-4f);
        ASSERT_LE(rs.relative, 1e-4f);
        const double velocityBound = 2.0 * dt / s.cellSize * inverseBound * (double(rd.maxResidual) + double(rs.maxResidual));
        float velocityDifference = 0.0f;
        for (const Pair& p : kVelocity) {
            const std::vector<float> d = dense.download(p.dense);
            const std::vector<float> q = sparse.downloadBox(p.sparse, {0, 0, 0}, {s.nx, s.ny, s.nz});
            velocityDifference = std::max(velocityDifference, maxDifference(d, q));
        }
        EXPECT_LE(velocityDifference, velocityBound + 1e-6) << "step " << step;
        for (const Pair& p : kCellFields) {
            const std::vector<float> d = dense.download(p.dense);
            const std::vector<float> q = sparse.downloadBox(p.sparse, {0, 0, 0}, {s.nx, s.ny, s.nz});
            if (step == 1) {
                // The step's Advect carried them by the same (zero) velocity: the same bits on
                // lavapipe; on a GPU the emit and burn rules (a few dozen operations) may fuse
                // multiply-adds differently in the two kernels: 64 roundings of the largest value.
                const float largest = *std::max_element(d.begin(), d.end());
                if (separateCompilationRoundings() == 0.0)
                    EXPECT_EQ(std::memcmp(d.data(), q.data(), d.size() * sizeof(float)), 0) << fieldName(p.sparse);
                else
                    EXPECT_LE(maxDifference(d, q), 64.0 * std::ldexp(1.0, -23) * largest) << fieldName(p.sparse);
            } else {
                // 1e-5 relative to the largest value: the rounding of the burn and decay rules
                // applied to values that differ (each step's float32 arithmetic on ~1e3 K).
                const float largest = *std::max_element(d.begin(), d.end());
                EXPECT_LE(maxDifference(d, q), 3.0 * drift + 1e-5 * largest) << fieldName(p.sparse) << " step " << step;
            }
        }
        const float gradient = std::max({largestGradient(dense.download(SmokeField3D::Density), s),
                                         largestGradient(dense.download(SmokeField3D::Temperature), s),
                                         largestGradient(dense.download(SmokeField3D::Fuel), s)});
        drift += dt * velocityBound * gradient;
        char measured[64];
        std::snprintf(measured, sizeof measured, "%g (bound %g)", velocityDifference, velocityBound);
        RecordProperty("velocity_difference_step_" + std::to_string(step), measured);
    }
}

TEST_F(SparseStep, TwoRunsGiveTheSameBits) {
    const SmokeSettings3D s = fireSettings(40, 32, 24);
    SparseSettings3D sp;
    sp.poolBricks = 256;
    std::vector<float> first[4];
    std::vector<std::array<uint32_t, 3>> bricks[2];
    for (int run = 0; run < 2; ++run) {
        SparseSmokeSolver3D sparse(context(), s, sp);
        for (int step = 0; step < 6; ++step) {
            const Emitter3D e = fire(0.5f + 0.12f * step, 0.6f);  // a moving fire: bricks come and go
            sparse.setEmitters({&e, 1});
            sparse.step(0.02f);
        }
        bricks[run] = sparse.activeBricks();
        const SparseField3D fields[] = {SparseField3D::Density, SparseField3D::Temperature, SparseField3D::VelocityY,
                                        SparseField3D::Pressure};
        for (int f = 0; f < 4; ++f) {
            const std::vector<float> v = sparse.downloadBricks(fields[f]).values;
            if (run == 0) first[f] = v;
            else EXPECT_TRUE(v.size() == first[f].size() && std::memcmp(v.data(), first[f].data(), v.size() * 4) == 0)
                << fieldName(fields[f]);
        }
    }
    EXPECT_GT(bricks[0].size(), 8u);
    EXPECT_EQ(bricks[0], bricks[1]);
}

} // namespace
} // namespace billow::test
