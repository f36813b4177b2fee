// Double-precision reference of every smoke kernel, one function per kernel, each the maths its
// shader's header comment documents (shaders/*.comp) with the boundary rules of RefGrid. Fields
// use the GPU layouts (see include/billow/smoke_solver.hpp) in double.
#pragma once

#include <vector>

#include "billow/smoke_solver.hpp"
#include "reference/smoke/reference_grid.hpp"

namespace billow::ref {

struct RefFields {
    Values u, v, density, temperature, dye, pressure, divergence, curl, solid, openX, openY;
};

// On a periodic axis the last face column (row) is face 0 again: copy it there.
void copyPeriodicFaces(const RefGrid& g, Values& u, Values& v);

// face_fractions: openX / openY from solid and the sides.
void faceFractions(const RefGrid& g, RefFields& f);

// splat: adds every splat's velocity (open faces), density, temperature and dye at each sample
// position, weighted by its falloff.
void splat(const RefGrid& g, RefFields& f, const std::vector<Splat>& splats);

struct BuoyancyParams { double dt, gravityX, gravityY, densityWeight, thermalExpansion, ambient; };
// buoyancy: u += dt g_x * face average of (densityWeight rho - thermalExpansion (T - ambient)).
void buoyancy(const RefGrid& g, RefFields& f, const BuoyancyParams& p);

// curl: nodal vorticity dv/dx - du/dy.
void curl(const RefGrid& g, RefFields& f);
// vorticity_force: u += dt eps h (N x omega) from f.curl on open faces. `conditioning`, when
// given, receives per face (u faces then v faces) |omega| / |grad |omega||, the factor by which
// round-off in the curl is amplified by the normalisation of N (0 where the force is 0).
void vorticityForce(const RefGrid& g, RefFields& f, double dt, double epsilon, Values* conditioning = nullptr);

// advect_velocity, advect_scalars, advect_dye: semi-Lagrangian (RK2 back-trace, bilinear), all by
// the velocity in f (the pre-advection one); results replace the fields.
void advectVelocity(const RefGrid& g, RefFields& f, double dt);
void advectScalars(const RefGrid& g, RefFields& f, double dt, double ambient);
void advectDye(const RefGrid& g, RefFields& f, double dt);
// All three as the Advect pass does them: every field by the same pre-advection velocity.
void advectAll(const RefGrid& g, RefFields& f, double dt, double ambient);

// A staggered face field: u on the x-faces, v on the y-faces (the velocity's layout).
struct FaceField { Values u, v; };
// advect_velocity with a separate carried field: `field` advected semi-Lagrangian by the velocity
// in f; closed faces keep the field's value.
FaceField advectFaces(const RefGrid& g, const RefFields& f, const FaceField& field, double dt);
// The Advect pass's velocity with velocityAdvection = MacCormack or BFECC (advect_velocity +
// advect_correct_velocity): the corrections of advect_correct.glsl per component at the face
// positions, limited to the four face values (ghost rules applied) the forward sample used, by
// clamping or by reverting to their bilinear (semi-Lagrangian) value; closed faces keep their
// value. The result replaces f.u and f.v. `revertMargin`, when given, receives per face the
// distance of the unlimited value to the nearer bound (the Revert limiter switches there).
void advectVelocityCorrected(const RefGrid& g, RefFields& f, double dt, AdvectionScheme scheme,
                             AdvectionLimiter limiter, FaceField* revertMargin = nullptr);

// diffuse_velocity / diffuse_dye: Jacobi sweeps of (1 - a Laplacian) x = b starting from x = b.
void diffuseVelocity(const RefGrid& g, RefFields& f, double a, int sweeps);
void diffuseDye(const RefGrid& g, RefFields& f, double ax, double ay, int sweeps);

// divergence: net outward flux / h with open fractions (inflow faces: the cell's fluid fraction).
void divergence(const RefGrid& g, RefFields& f);
// pressure_jacobi: `sweeps` weighted Jacobi sweeps of sum_f w_f (p_nb - p) = rhsScale * div.
void pressureJacobi(const RefGrid& g, RefFields& f, double rhsScale, double relaxation, int sweeps);
// The pressure equation sum_f w_f (p_nb - p) = rhsScale * div solved (nearly) exactly: conjugate
// gradient in double until the residual is below 1e-13 of the right-hand side. Cells with no open
// face get 0. With no outflow side the solution is defined up to a constant: the one with zero
// mean over open cells is returned. Replaces f.pressure.
void solvePressure(const RefGrid& g, RefFields& f, double rhsScale);
// The stencil sum_f w_f (p_nb - p) of cell (i, j) (0 for a cell with no open face).
double pressureStencil(const RefGrid& g, const RefFields& f, const Values& p, int i, int j);
// subtract_gradient: u -= dt grad p on open faces, prescribed velocity on closed ones.
void subtractGradient(const RefGrid& g, RefFields& f, double dt);

// damp_velocity: factor, then the speed limit (maxSpeed 0 = off), on open faces.
void dampVelocity(const RefGrid& g, RefFields& f, double factor, double maxSpeed);
// damp_scalars: density *= densityFactor, temperature relaxes to ambient by temperatureFactor.
void dampScalars(RefFields& f, double densityFactor, double temperatureFactor, double ambient);
void dampDye(RefFields& f, double factor);

} // namespace billow::ref
