// The pressure solvers' public types: which solver runs, its stall criterion and the residual it
// reports. The smoke solver's settings and SmokeSolver::pressureResidual() use them.
#pragma once

#include <cstdint>

namespace billow {

enum class PressureSolverType : uint32_t {
    Jacobi = 0,        // `pressureIterations` damped Jacobi sweeps (relaxation 0.8), warm-started
    RedBlackSOR = 1,   // `pressureIterations` red-black Gauss-Seidel sweeps over-relaxed by
                       // `sorRelaxation` (1 = plain Gauss-Seidel), in place, warm-started
    Multigrid = 2,     // `pressureIterations` geometric multigrid V-cycles (red-black Gauss-Seidel
                       // smoothing, 2 sweeps before and after; in 3D, on levels without obstacles
                       // whose nx is a multiple of 4, 4 damped Jacobi sweeps instead; cell-sum
                       // restriction, bilinear prolongation; the level at or below 16 x 16
                       // (8^3) solved by SOR in one workgroup), warm-started
    MultigridPCG = 3,  // `pressureIterations` conjugate gradient iterations preconditioned by one
                       // such V-cycle (flexible CG: Polak-Ribiere beta), warm-started; all scalars
                       // computed on the GPU
    Spectral = 4,      // in a 3D box without obstacles (no static solid, no collider) and at most
                       // 256 cells a side: `pressureIterations` spectral cycles, each solving the
                       // residual's equation exactly by transforms along the three axes (the
                       // 7-point operator's cosine, sine or Fourier modes, by the sides' types) and
                       // adding the solution; one cycle leaves float32 rounding, a second removes
                       // it, so with a pressureTolerance most solves stop after one or two. Anywhere
                       // else (2D, obstacles, a longer side): Multigrid V-cycles, with the same
                       // count and tolerance
};

// The solvers that run cycles to a residual: only they take a pressureTolerance and solve for
// each step's change of the pressure (incrementalPressure). Jacobi and RedBlackSOR run a fixed
// count of sweeps.
constexpr bool solvesToTolerance(PressureSolverType type) noexcept {
    return type == PressureSolverType::Multigrid || type == PressureSolverType::MultigridPCG ||
           type == PressureSolverType::Spectral;
}

// Multigrid with a pressureTolerance stops once two V-cycles leave more than this fraction of the
// residual they started from (converging V-cycles leave 0.01-0.5; at float32's floor ~1).
inline constexpr float kMultigridStallRatio = 0.9f;

// The pressure equation's residual after a solve, over cells with an open face:
// sum_f w_f (p_nb - p) - h^2/dt div, in m^2/s^2. Reported when SmokeSettings::trackPressureResidual
// is on (measured on the final pressure) or pressureTolerance > 0 (what the solver's stopping
// test measured last: the true residual for Multigrid, the conjugate gradient's updated residual
// for MultigridPCG; with both, the final pressure's).
struct PressureResidual {
    bool available = false;       // false when no reported solve has been recorded yet
    float maxResidual = 0.0f;     // max |residual|
    // max |h^2/dt div| before the solve's correction (with incrementalPressure: of the velocity
    // that already carries -dt grad p of the previous pressure, the increment's right-hand side)
    float maxRightHandSide = 0.0f;
    float relative = 0.0f;        // maxResidual / maxRightHandSide (0 when the right side is 0)
    uint32_t iterations = 0;      // solver iterations (V-cycles, CG iterations) that solve ran
    bool reachedTolerance = false;  // pressureTolerance > 0 and it was reached within the maximum
    // Multigrid with pressureTolerance > 0 stopped early because two V-cycles reduced the residual
    // by less than kMultigridStallRatio: float32's floor (docs/parameters.md, pressureTolerance).
    bool stalled = false;
};

} // namespace billow
