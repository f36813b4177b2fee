// Moving colliders (include/billow/collider.hpp) rasterised onto the 2D grid, in double, from
// the maths (the shapes' distances, velocities and coverage: reference/colliders/collider_shapes.hpp):
//   the 2D grid cuts every shape by the plane z = c_z (its points are (x, y, c_z));
//   solid fraction of a cell: max(static mask, max_k coverage_k); open fractions from it by the
//     faceFractions rule;
//   solid velocity of a face between cells a and b (across a periodic side, the wrapped cells):
//     among the colliders, the k with the largest max(coverage_k(a), coverage_k(b)) (the lowest k on
//     ties) closes the face if that exceeds max(static(a), static(b)); its surface velocity
//     v + omega x (p - c) at the face centre p (seen from the more covered of a and b, a on ties:
//     colliders do not wrap), normal component; otherwise 0. Faces of non-periodic sides: 0;
//   a face closed entirely (open 0) and not on a non-periodic side takes that velocity as u (v).
#pragma once

#include <span>
#include <vector>

#include "billow/collider.hpp"
#include "reference/colliders/collider_shapes.hpp"
#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

struct ColliderRaster {
    Values solid, openX, openY, solidVelocityX, solidVelocityY;
    // Per face, every solid velocity the rule gives when the coverages and static fractions that
    // decide it move by up to `margin` (rounding in float may decide such a near tie the other
    // way); always includes solidVelocityX/Y itself.
    std::vector<std::vector<double>> choicesX, choicesY;
};

ColliderRaster rasteriseColliders(const Grid& g, const Values& staticSolid, std::span<const Collider> colliders,
                                  double margin);

// Puts the raster into `s`: solid, open fractions, solid velocities, and the velocity of the
// faces closed entirely (inside the domain and on periodic sides).
void applyColliders(const Grid& g, State& s, const ColliderRaster& raster);

} // namespace billow::smoke_ref
