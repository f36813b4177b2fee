// The force and torque the fluid exerts on one moving collider (billow/collider_forces.hpp), in
// double, from the maths (docs/collider-forces.md), on the 2D (nz = 1) or 3D MAC grid of cell
// size h, with the kinematic pressure p of the cells and the face velocities u, v (w):
//   coverage of cell c by the collider alone: s_c = clamp(1/2 - d(x_c)/h, 0, 1), d the signed
//     distance of the shape (2D: in the plane z = centre.z); beyond a side of the domain a cell
//     takes the coverage of the inner cell next to it;
//   each face f between cells a and b (normal e along its axis, from a to b) is closed by the
//     collider as far as its more covered cell: c_f = max(s_a, s_b); the collider's surface in a
//     cell is S_c = sum of A c_f n over its faces (n the face's outward normal from c; A = h in 2D,
//     h^2 in 3D), i.e. face f adds A c_f e to S_a and takes it from S_b;
//   pressure force: rho sum_c p_c S_c;
//   skin friction: for each cell with S_c != 0, rho nu (2 / h) |S_c| times the part of
//     (velocity at x_c) - (collider surface velocity v + omega x (x_c - centre)) tangential to
//     S_c, the velocity at the centre being the mean of the cell's two faces on each axis;
//   torque: sum of (x_c - centre) x (each cell's pressure force + skin friction);
//   volume: sum of s_c h^d.
// Faces are visited one by one over the whole grid (the kernel visits cells near the collider).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "billow/collider.hpp"

namespace billow::feedback_ref {

struct Grid {
    int nx = 1, ny = 1, nz = 1;  // nz = 1 and twoD: the 2D grid
    bool twoD = true;
    double h = 1.0;
};

// Fields as the solvers download them (cells x fastest; u: (nx+1) ny nz, v: nx (ny+1) nz,
// w: nx ny (nz+1); w empty in 2D).
struct Fields {
    std::vector<float> p, u, v, w;
};

struct Force {
    std::array<double, 3> force{}, torque{}, pressureForce{}, viscousForce{};
    double volume = 0.0;
    // The sum over the cells of (|pressure force| + |skin friction|) (1 + |x_c - centre|): the
    // scale of the float rounding of the force and the torque.
    double magnitude = 0.0;
};

Force colliderForce(const Grid& grid, const Fields& fields, const Collider& collider, double density,
                    double viscosity);

} // namespace billow::feedback_ref
