// The moving colliders' shapes (include/billow/collider.hpp) in double, from the maths, for the
// 2D and 3D references alike:
//   a point p of the domain in the collider's frame: q = R^T (p - c), R the rotation matrix of the
//     unit quaternion (x, y, z, w) (normalised here);
//   signed distance (negative inside): sphere |q| - r; capsule |q - (clamp(q_x, -L, L), 0, 0)| - r;
//     box with half extents e: outside, the Euclidean distance |max(|q| - e, 0)| to the box;
//     inside, minus the distance to the nearest face, max_i (|q_i| - e_i);
//   velocity of the collider's material at p: v + omega x (p - c);
//   coverage of a cell of size h whose centre lies at distance d: clamp(1/2 - d/h, 0, 1).
#pragma once

#include "billow/collider.hpp"

namespace billow::collider_ref {

struct Point3 { double x = 0.0, y = 0.0, z = 0.0; };

double colliderDistance(const Collider& collider, Point3 p);
Point3 colliderVelocity(const Collider& collider, Point3 p);
double colliderCoverage(double distance, double h);

} // namespace billow::collider_ref
