// The particles carried by the flow (docs/particles.md), in double, written from the maths: one
// step of every particle through a velocity field held over the step. The velocity is sampled by
// the smoke references' own bilinear / trilinear staggered sampling (reference/smoke/grid.hpp,
// reference/smoke3d/grid.hpp) and, on water, bilinearly between cell centres.
//
//   tracers (drag 0):  midpoint RK2,  x1 = x + dt u(x + dt/2 u(x)) (each stage clamped onto the
//                      domain on non-periodic axes); their velocity, where kept, (x1 - x) / dt;
//   heavy (drag k > 0): dv/dt = k (u - v) + g_s with u = u(x + dt/2 v) held over the step:
//                      v1 = u + (v - u) e^{-k dt} + g_s (1 - e^{-k dt}) / k,
//                      x1 = x + dt (v + v1) / 2 (trapezoidal);
//   sides:   wrapped on periodic axes, else clamped; a particle ending at or beyond a side is
//            "outside" and loses its velocity along that axis;
//   solids:  the solid fraction of the cell holding a point (colliders included); a particle
//            whose new point has fraction >= 1/2 (one that starts in such a cell: a fraction
//            larger than its start's) stays where it was with velocity 0 ("blocked"); one that
//            starts in such a cell is counted "inSolid";
//   water:   x and y as above (no gravity), z the surface (terrain + depth, bilinear) at the new
//            point; a particle starting or ending on a dry cell (depth <= dryDepth) stays, with
//            velocity 0 ("stranded"). On the Triangle lattice the fields are linear over the
//            lattice triangle holding the point (the water reference's sampleTriangle: barycentric
//            weights solved from the vertices' positions), the domain is (nx + 1/2) h by
//            ny h sqrt(3)/2, and the cell holding a point is the vertex whose brick (h wide,
//            h sqrt(3)/2 high, centred on the vertex) holds it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "billow/water_settings.hpp"
#include "reference/smoke/grid.hpp"
#include "reference/smoke3d/grid.hpp"

namespace billow::feedback_ref {

using Values = std::vector<double>;
using Vec3 = std::array<double, 3>;

struct Particle {
    Vec3 x{};  // m (2D: z unused)
    Vec3 v{};  // m/s
};

struct ParticleMotion {
    double dt = 0.0;    // s
    double drag = 0.0;  // 1/s; 0: tracers
    Vec3 gravity{};     // gravityScale times the solver's gravity, m/s^2
};

struct ParticleCounts {
    uint32_t blocked = 0, outside = 0, inSolid = 0, stranded = 0;
};

// The heavy particles' velocity after dt through fluid velocity u held over the step.
Vec3 relaxedVelocity(const ParticleMotion& m, const Vec3& v, const Vec3& u);

ParticleCounts moveParticles2D(const smoke_ref::Grid& g, const Values& u, const Values& v, const Values& solid,
                               const ParticleMotion& m, std::vector<Particle>& particles);
ParticleCounts moveParticles3D(const smoke3d_ref::Grid& g, const smoke3d_ref::Velocity& vel, const Values& solid,
                               const ParticleMotion& m, std::vector<Particle>& particles);

// The water's cell fields (cell (i, j) centred at ((i + 1/2) h, (j + 1/2) h); on the Triangle
// lattice vertex (i, j) at ((i + 1/2 + (j odd) / 2) h, (j + 1/2) h sqrt(3)/2)).
struct WaterCells {
    int nx = 0, ny = 0;
    double h = 0.0, dryDepth = 0.0;
    Values velocityX, velocityY, depth, terrain;  // nx * ny each, index i + j nx
    WaterLattice lattice = WaterLattice::Square;
};
ParticleCounts moveParticlesWater(const WaterCells& w, const ParticleMotion& m, std::vector<Particle>& particles);

} // namespace billow::feedback_ref
