// The PressureSolve pass the 2D and 3D smoke solvers share: the whole pressure solved in place, or
// the incremental projection. For the latter the velocity first carries -dt grad p of the pressure
// so far (or of a previous solve's increment not subtracted yet), so the divergence left is this
// step's alone, resolved to the velocity's own float32 precision; the solve finds the pressure's
// change from 0 and adds it to the pressure, and SubtractGradient subtracts the change's gradient.
// Between the solve's two stages the velocity absorbs the first stage's change the same way
// (PoissonSolver::recordIncrementSolve; performance-log.md, "The incremental projection").
//
// Also the pressure equation's set-up both share: the solve settings, the sides and whether a
// step solves for the increment, from the settings blocks (billow/solver_settings.hpp).
#pragma once

#include <array>

#include "billow/grid.hpp"
#include "billow/solver_settings.hpp"
#include "pressure/poisson_solver.hpp"

namespace billow::detail {

// How the settings ask to solve the pressure equation.
inline PoissonSolveSettings poissonSolveSettingsOf(const PressureSettings& settings) {
    PoissonSolveSettings s;
    s.method = settings.pressureSolver;
    s.iterations = settings.pressureIterations;
    s.tolerance = settings.pressureTolerance;
    s.sorRelaxation = settings.sorRelaxation;
    s.trackResidual = settings.trackPressureResidual;
    s.iterationHeadroom = settings.pressureIterationHeadroom;
    return s;
}

// The solve's sides from the domain's boundaries (2D: 4, 3D: 6, indexed by Side). Walls, moving
// walls and inflows are closed to the solve (their faces carry a prescribed velocity, and their
// open fraction is 0).
template <class BoundarySideType, size_t N>
PoissonSides poissonSidesOf(const std::array<BoundarySideType, N>& boundaries) {
    PoissonSides sides{};
    static_assert(N <= std::tuple_size_v<PoissonSides>);
    for (size_t s = 0; s < N; ++s) {
        const BoundaryType type = boundaries[s].type;
        sides[s] = type == BoundaryType::Outflow    ? PoissonBoundary::Outflow
                   : type == BoundaryType::Periodic ? PoissonBoundary::Periodic
                                                    : PoissonBoundary::Closed;
    }
    return sides;
}

// Whether a step's solve is for the pressure's change (PressureSettings::incrementalPressure):
// the multigrid and spectral solvers only, and never for a prescribed velocity (which is not projected).
inline bool solvesIncrement(const PressureSettings& pressure, const AdvectionSettings& advection) {
    return pressure.incrementalPressure && advection.velocityMode != VelocityMode::Prescribed &&
           solvesToTolerance(pressure.pressureSolver);
}

// `smoke` is a smoke solver's implementation: its `poisson`, `solidEmpty`, `colliders`,
// `poissonSolveSettings()`,
// `incrementPending` (an increment whose gradient the velocity does not carry yet),
// `recordSubtractGradient(cmd, dt)`, `recordSubtractGradientOf(cmd, dt, p)` and
// `recordDivergence(cmd)`. `cellSize` is h in metres, dt the step in seconds.
template <class Smoke>
void recordProjectionSolve(Smoke& smoke, VkCommandBuffer cmd, float dt, float cellSize, bool incremental) {
    const float rhsScale = cellSize * cellSize / dt;
    // Without a static obstacle or a collider (ever set: their buffers then exist) every face
    // between two cells is open, and the Jacobi sweeps keep or read no weights between cells.
    smoke.poisson->setInteriorOpen(smoke.solidEmpty && !smoke.colliders.allocated());
    if (!incremental) {
        smoke.poisson->recordSolve(cmd, smoke.poissonSolveSettings(), rhsScale);
        return;
    }
    smoke.recordSubtractGradient(cmd, dt);
    smoke.recordDivergence(cmd);
    smoke.poisson->recordIncrementSolve(cmd, smoke.poissonSolveSettings(), rhsScale,
                                        [&](VkCommandBuffer c, VkBuffer increment) {
                                            smoke.recordSubtractGradientOf(c, dt, increment);
                                            smoke.recordDivergence(c);
                                        });
    smoke.incrementPending = true;
}

} // namespace billow::detail
