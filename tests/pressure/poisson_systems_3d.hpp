// The 3D Poisson systems the pressure tests solve (test_poisson_solver_3d.cpp,
// test_multigrid_transfers_3d.cpp), as uploaded floats and as the reference's problem:
//
// - randomSystem: 19 x 13 x 11 cells (no size a multiple of the 8 x 8 x 4 workgroup; odd periodic
//   axes need SOR's extra colours), face weights uniform in [0, 1] with one face in ten closed and a
//   solid 3 x 3 x 3 block (cells with no open face);
// - obstacleSystem: n^3 (or nx x ny x nz) cells with a spherical obstacle (fractional face weights
//   around it);
// - openSystem: nx x ny x nz cells without obstacles;
//
// both with a right-hand side of multiples of 1/1024 in [-1, 1] (summing exactly to 0 where the
// system is singular), scaled by the dyadic kRhsScale, so every product the GPU forms of them is
// exact. Closed sides' faces are 0; the two ends of a periodic axis are one face.
#pragma once

#include <array>
#include <cstdint>
#include <ostream>
#include <vector>

#include "pressure/poisson_system.hpp"
#include "reference/pressure/poisson_reference_3d.hpp"

namespace billow::test {

inline constexpr int kNx = 19, kNy = 13, kNz = 11;
inline constexpr float kRhsScale = 0.375f;

using Sides = std::array<ref::PoissonSide, 6>;  // left, right, bottom, top, back, front

struct SideCase {
    const char* name;
    Sides sides;
};
void PrintTo(const SideCase& c, std::ostream* os);

// The boundary sets the 19 x 13 x 11 tests run on: closed, outflow, periodic on odd axes.
const std::vector<SideCase>& sideCases();

detail::PoissonSides poissonSides(const Sides& sides);

// The system as uploaded: float weights and right-hand side (the GPU's numbers), promoted.
struct System3D {
    int nx = 0, ny = 0, nz = 0;
    std::vector<float> wx, wy, wz, rhs;
    ref::PoissonProblem3D problem;  // b = kRhsScale * rhs
};

System3D randomSystem(const Sides& sides, uint32_t seed);
System3D obstacleSystem(int n, const Sides& sides, uint32_t seed);
System3D obstacleSystem(std::array<int, 3> n, const Sides& sides, uint32_t seed);
// nx x ny x nz cells with every face between two cells open (weight 1): the system of a box without
// obstacles, which the solver may sweep without reading the interior weights (setInteriorOpen).
System3D openSystem(std::array<int, 3> n, const Sides& sides, uint32_t seed);
// `s` with `poison` (0.5 unless given) in the buffers on every face between two cells (its
// reference problem unchanged): a solver promised open interior faces (setInteriorOpen) must take
// those faces as 1, so it matches the reference only if its kernels read the weight buffers on the
// grid's sides alone. 0 also closes every cell to a kernel that tests a cell's faces for an open one.
System3D withPoisonedInterior(System3D s, float poison = 0.5f);

// The problem's shape, sides and face weights from floats (b left empty).
ref::PoissonProblem3D problemOf(int nx, int ny, int nz, const Sides& sides, const std::vector<float>& wx,
                                const std::vector<float>& wy, const std::vector<float>& wz);

double maxAbs(const std::vector<double>& v);

} // namespace billow::test
