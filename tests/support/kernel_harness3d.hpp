// Shared set-up of the 3D kernel-versus-reference tests (smoke3d/test_kernels3d_*.cpp): the
// boundary configurations they are parameterised over (every side type on each axis), one cached
// solver per test program, random inputs (fixed seeds), and the comparison of a downloaded field
// with the double-precision reference (tests/reference/smoke3d).
//
// Round-off model of every tolerance (as in kernel_harness.hpp): each float operation (GLSL allows
// ~1-3 ulp for division, exp, sqrt) errs by at most kEps = 2^-23 relative to the magnitude of its
// operands, so a kernel output built from n operations on terms of magnitude S is within
// ~n * kEps * S of the exact result. Inputs are the uploaded floats themselves (exact in double),
// so the reference differs from the GPU by that round-off only.
#pragma once

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "reference/smoke3d/smoke3d_reference.hpp"
#include "support/gpu_test.hpp"
#include "support/kernel_harness.hpp"  // kEps, expectMatches, maxAbs

namespace billow::test {

// 19 x 13 x 11 cells of 0.1 m: no size is a multiple of the 8 x 8 x 4 workgroup.
inline constexpr uint32_t kNx3 = 19, kNy3 = 13, kNz3 = 11;
inline constexpr float kCell3 = 0.1f;
inline constexpr float kAmbient3 = 293.15f;
// The largest extent of the domain, m (the coordinates a back-trace rounds).
inline constexpr double kExtent3 = 1.9;

struct BoundaryCase3D {
    std::string name;
    std::array<BoundarySide3D, 6> sides;  // left, right, bottom, top, back, front
    bool obstacles = true;                // random fractional + fully solid cells
};

std::vector<BoundaryCase3D> boundaryCases3D();
void PrintTo(const BoundaryCase3D& c, std::ostream* os);
std::string boundaryCaseName3D(const ::testing::TestParamInfo<BoundaryCase3D>& info);

class KernelReferenceTest3D : public GpuTest, public ::testing::WithParamInterface<BoundaryCase3D> {
protected:
    static void TearDownTestSuite();

    // 19 x 13 x 11 cells of 0.1 m with a colour field, this case's sides, one sweep per Jacobi
    // pass (tests change what they need before calling solver()).
    SmokeSettings3D baseSettings() const;
    // The cached solver with `settings` and this case's obstacles applied.
    SmokeSolver3D& solver(const SmokeSettings3D& settings);
    // Uploads random fields (velocity in [-1, 1] m/s, density, fuel and colour in [0, 1],
    // temperature ambient +- 20 K, pressure in [-1, 1], divergence in [-10, 10] 1/s) and returns
    // them, with the solid mask and open fractions the solver derived, as the reference's state.
    smoke3d_ref::State uploadRandom(SmokeSolver3D& s, uint32_t seed);
    // The largest velocity magnitude the boundary rules can produce from velocities of at most
    // 1 m/s: a moving-wall ghost is 2 V - inner, and a sample beyond two moving walls mirrors twice.
    double velocityBound() const;

    std::vector<float> obstacleMask() const;
};

} // namespace billow::test
