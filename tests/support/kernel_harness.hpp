// Shared set-up of the kernel-versus-reference tests (test_kernels_*.cpp): the boundary
// configurations they are parameterised over, one cached solver per dye grid, random inputs
// (fixed seeds), and the comparison of a downloaded field with the double-precision reference.
//
// Round-off model used by every tolerance: each float operation (GLSL allows ~1-3 ulp for
// division, exp, sqrt) errs by at most kEps = 2^-23 relative to the magnitude of its operands, so a
// kernel output built from n operations on terms of magnitude S is within ~n * kEps * S of the
// exact result. Inputs are the uploaded floats themselves (exact in double), so the reference
// differs from the GPU by that round-off only.
#pragma once

#include <array>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "support/gpu_test.hpp"
#include "reference/smoke/smoke_reference.hpp"

namespace billow::test {

inline constexpr double kEps = 1.0 / (1 << 23);

struct BoundaryCase {
    std::string name;
    std::array<BoundarySide, 4> sides;  // left, right, bottom, top
    bool obstacles = true;              // random fractional + fully solid cells
    uint32_t dyeNx = 29, dyeNy = 41;    // 37 x 23 = the velocity grid
};

std::vector<BoundaryCase> boundaryCases();
// gtest prints a failing parameter with this (its name) instead of its bytes.
void PrintTo(const BoundaryCase& c, std::ostream* os);
std::string boundaryCaseName(const ::testing::TestParamInfo<BoundaryCase>& info);

class KernelReferenceTest : public GpuTest, public ::testing::WithParamInterface<BoundaryCase> {
protected:
    static void TearDownTestSuite();

    // Settings of every test: 37 x 23 cells of 0.1 m, this case's dye grid and sides, and one
    // sweep per Jacobi pass (tests change what they need before calling solver()).
    SmokeSettings baseSettings() const;
    // The cached solver of this dye grid with `settings` and this case's obstacles applied.
    SmokeSolver& solver(const SmokeSettings& settings);
    // Uploads random fields (velocity in [-1, 1] m/s, density and dye in [0, 1], temperature
    // ambient +- 20 K, pressure in [-1, 1], divergence in [-10, 10] 1/s) and returns them, with the
    // solid mask and the reference's face fractions, as the reference's starting state.
    smoke_ref::State uploadRandom(SmokeSolver& s, const smoke_ref::Grid& g, uint32_t seed);
    // The largest tangential-velocity magnitude the boundary rules can produce from velocities of
    // at most 1 m/s: a moving-wall ghost is 2 Vwall - inner.
    double velocityBound() const;

    std::vector<float> obstacleMask(uint32_t seed) const;
};

// Expects |gpu - expected| <= tolerance everywhere; reports the count, the worst element and the
// tolerance there.
void expectMatches(const std::string& what, const std::vector<float>& gpu, const smoke_ref::Values& expected, double tolerance);
void expectMatches(const std::string& what, const std::vector<float>& gpu, const smoke_ref::Values& expected,
                   const smoke_ref::Values& tolerance);

double maxAbs(const smoke_ref::Values& values);

} // namespace billow::test
