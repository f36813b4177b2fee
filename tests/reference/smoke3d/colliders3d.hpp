// Moving colliders (include/billow/collider.hpp) rasterised onto the 3D grid, in double, from the
// maths (the shapes' distances, velocities and coverage: reference/colliders/collider_shapes.hpp),
// by the rules of the 2D reference (reference/smoke/colliders.hpp) axis by axis:
//   solid fraction of a cell: max(static mask, max_k coverage_k at its centre);
//   open fractions from it by faceFractions; the sides' faces keep staticSolidVelocity;
//   solid velocity of an interior face (or one across a periodic side) between cells a and b:
//     among the colliders, the k with the largest max(coverage_k(a), coverage_k(b)) (the lowest k
//     on ties) closes it if that exceeds max(static(a), static(b)); its surface velocity's normal
//     component at the face centre (seen from the more covered of a and b, a on ties); else 0;
//   a face closed entirely (open 0) takes its solid velocity.
#pragma once

#include <span>
#include <vector>

#include "billow/collider.hpp"
#include "reference/colliders/collider_shapes.hpp"
#include "reference/smoke3d/state.hpp"

namespace billow::smoke3d_ref {

struct ColliderRaster3D {
    Values solid;
    std::array<Values, 3> open, solidVelocity;
    // Per face, every solid velocity the rule gives when the fractions that decide it move by up
    // to `margin` (a float rasterisation may break such near ties either way); includes the value.
    std::array<std::vector<std::vector<double>>, 3> choices;
};

ColliderRaster3D rasteriseColliders(const Grid& g, const Values& staticSolid, std::span<const Collider> colliders,
                                    double margin);

} // namespace billow::smoke3d_ref
