// Double-precision CPU reference of every smoke kernel, written from the maths and the boundary
// rules documented in docs/architecture.md and shaders/common/grid.glsl. It is the only second copy of
// the kernels' maths, and exists to check them.
#pragma once

#include <array>
#include <vector>

#include "billow/smoke_settings.hpp"
#include "billow/smoke_solver.hpp"

namespace billow::reference {

using Field = std::vector<double>;

struct Grid {
    int nx, ny, dnx, dny;
    double h, dhx, dhy;
    std::array<int, 4> type;
    std::array<double, 4> wallTangent, inflowSpeed, inflowDensity, inflowTemperature;
    std::array<std::array<double, 4>, 4> inflowDye;

    explicit Grid(const SmokeSettings& s);
    bool periodicX() const { return type[0] == int(BoundaryType::Periodic); }
    bool periodicY() const { return type[2] == int(BoundaryType::Periodic); }
    int u(int i, int j) const { return i + j * (nx + 1); }
    int v(int i, int j) const { return i + j * nx; }
    int c(int i, int j) const { return i + j * nx; }
    int node(int i, int j) const { return i + j * (nx + 1); }
};

// The state the kernels read and write, in double.
struct State {
    Field u, v, density, temperature, dye, pressure, divergence, curl, solid, openX, openY;
};

State fromSolver(SmokeSolver& solver);  // downloads every field

void faceFractions(const Grid& g, State& s);
void inject(const Grid& g, State& s, const std::vector<Splat>& splats);
void buoyancy(const Grid& g, State& s, const SmokeSettings& settings, double dt);
void vorticity(const Grid& g, State& s, double epsilon, double dt);  // curl, then force if epsilon > 0
void advect(const Grid& g, State& s, double dt, double ambient);
// The Advect pass with MacCormack/BFECC for scalars and dye (velocity stays semi-Lagrangian).
void advectCorrected(const Grid& g, State& s, double dt, double ambient, AdvectionScheme scalars, AdvectionScheme dye);
void diffuseVelocityOneSweep(const Grid& g, State& s, double a);
void diffuseDyeOneSweep(const Grid& g, State& s, double ax, double ay);
void damping(const Grid& g, State& s, const SmokeSettings& settings, double dt);
void divergence(const Grid& g, State& s);
void pressureSweep(const Grid& g, State& s, double dt);
// One red-black SOR iteration: the (i + j) even cells, then the odd ones, in place.
void pressureSorIteration(const Grid& g, State& s, double dt, double omega);
void subtractGradient(const Grid& g, State& s, double dt);

} // namespace billow::reference
