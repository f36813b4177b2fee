// The implicit diffusion solve's public types (viscosity, dye and scalar diffusion in SmokeSolver
// and SmokeSolver3D): which method solves (I - a L) x = b, a = D dt / h^2 (Stam 1999), and which
// field a diffusion residual report is about (SmokeSolver::diffusionResidual,
// SmokeSolver3D::diffusionResidual). The report is a PressureResidual (billow/pressure.hpp) of the
// solve's own equation (docs/accuracy.md, "Implicit diffusion").
#pragma once

#include <cstdint>

namespace billow {

enum class DiffusionSolverType : uint32_t {
    // `diffusionIterations` Jacobi sweeps from x = b, no residual: cheap, but for a = D dt / h^2
    // above ~1 it stops short of the implicit step (under-diffuses; docs/accuracy.md).
    Jacobi = 0,
    // Geometric multigrid V-cycles on the change of the step (the pressure's multigrid with a
    // diagonal shift h^2 / (D dt)), stopped on the GPU once the relative residual is at most
    // `diffusionTolerance`, at most `diffusionMaxCycles` cycles; each solve reports its residual.
    Multigrid = 1,
};

// The fields whose diffusion solve reports a residual. Velocity components: the viscosity solve
// of u, v (and w in 3D); the scalars: SmokeSolver3D's scalarDiffusion of density, temperature and
// fuel. (The 2D dye and the 3D colour diffuse by Jacobi sweeps whichever solver is chosen.)
enum class DiffusedField : uint32_t {
    VelocityX = 0,
    VelocityY = 1,
    VelocityZ = 2,    // SmokeSolver3D only
    Density = 3,      // SmokeSolver3D only
    Temperature = 4,  // SmokeSolver3D only
    Fuel = 5,         // SmokeSolver3D only
};
inline constexpr uint32_t kDiffusedFieldCount = 6;

} // namespace billow
