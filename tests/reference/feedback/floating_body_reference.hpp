// Floating bodies on the shallow water (include/billow/floating_bodies.hpp) in double, from the
// maths of docs/floating-bodies.md:
//   the vertical line through (x, y) meets the body where its signed distance (reference/colliders)
//     is <= 0: a convex function along the line, so the span is found by a search for its minimum
//     and bisection of the two crossings (no slab or quadratic formulas);
//   each cell holds C x C columns at the midpoints of its sub-rectangles (the cell's square, or on
//     the Triangle lattice the vertex's brick: h wide, h sqrt(3)/2 high, centred on the vertex at
//     ((i + 1/2 + (j odd) / 2) h, (j + 1/2) h sqrt(3)/2), the bricks of a row side by side); a column's submerged part is
//     its span above the terrain T and below the effective surface T + H + d, d the cell's mean
//     over its columns of their length (above T) below the level around the body (the mean T + H + displacement of the wet columns of its
//     footprint, the cells whose rows and columns meet its bounding square, that miss it); nothing where H <= dryDepth;
//   per column of plan area A and submerged length s at r (its submerged middle, from the centre):
//     buoyancy rho g s A up; drag 1/2 rho C_d |du| du s A / sqrt(A_wet) with du the cell's water
//     velocity (Square: its opposite faces' mean flow over h (H + d); Triangle: the least-squares
//     uniform u whose pipe flows (u . e) (h / sqrt 3) (H + d) match the vertex's six edges, i.e.
//     2/3 sum over the three directions of the two edges' mean flow times e, over (h / sqrt 3) (H + d)) minus the body's horizontal point velocity and A_wet the wetted plan area; heave
//     -1/2 rho C_d |w| w A; lift 1/2 rho C_L |du|^2 A up; torques r x force.
#pragma once

#include <array>
#include <vector>

#include "billow/floating_bodies.hpp"

namespace billow::bodies_ref {

struct Water {
    int nx = 0, ny = 0;
    double h = 1.0, gravity = 9.81, density = 1000.0, dryDepth = 1e-4;
    int columns = 4;  // per cell along each axis
    std::vector<float> terrain, depth, displacement;  // per cell (displacement: for the velocity; empty: 0)
    std::vector<float> flowX, flowY;                  // face flows, m^3/s (WaterSolver's layouts)
    bool triangle = false;                            // WaterLattice::Triangle (its vertices per cell)
    std::vector<float> flowZ;                         // Triangle: the third edge flow
};

// The heights where the vertical line through (x, y) is inside the body; found = false if none.
struct Span {
    bool found = false;
    double bottom = 0.0, top = 0.0;
};
Span verticalSpan(const FloatingBody& body, double x, double y);

struct Load {
    double submergedVolume = 0.0;            // m^3
    std::array<double, 3> force{}, torque{};  // N, N m about the centre
};
// The load on `body` (its pose and velocities as given) from `water`.
Load bodyLoad(const FloatingBody& body, const Water& water);

} // namespace billow::bodies_ref
