// The four sides of a 2D domain as the kernels number them (BILLOW_LEFT ... in
// common/grid_types.h): every per-side array (settings, GridParams, the water's boundary table)
// is indexed by billow::Side, so the two numberings must agree.
#pragma once

#include <array>
#include <cstddef>
#include <string>

#include "billow/error.hpp"
#include "billow/grid.hpp"
#include "common/grid3d_types.h"

namespace billow::detail {

static_assert(static_cast<int>(Side::Left) == BILLOW_LEFT && static_cast<int>(Side::Right) == BILLOW_RIGHT &&
                  static_cast<int>(Side::Bottom) == BILLOW_BOTTOM && static_cast<int>(Side::Top) == BILLOW_TOP,
              "billow::Side must match the kernels' side indices");
static_assert(static_cast<int>(Side::Back) == BILLOW_BACK && static_cast<int>(Side::Front) == BILLOW_FRONT,
              "billow::Side must match the 3D kernels' side indices");

inline constexpr size_t kSides = 4;     // a 2D grid's
inline constexpr size_t kSides3D = 6;   // a 3D grid's

// "Left", "Right", "Bottom", "Top", "Back", "Front" (for messages), "?" beyond.
inline const char* sideName(size_t side) {
    static const char* names[] = {"Left", "Right", "Bottom", "Top", "Back", "Front"};
    return side < kSides3D ? names[side] : "?";
}

// Both sides of an axis (sides 2a and 2a + 1, grid/sides.hpp) are Periodic or neither:
// InvalidArgument naming "<prefix><side>].type" of the one that is not.
template <class Side, size_t N>
void requirePeriodicPairs(const std::array<Side, N>& boundaries, const std::string& prefix) {
    for (size_t axis = 0; axis < N / 2; ++axis) {
        const bool low = boundaries[2 * axis].type == BoundaryType::Periodic;
        const bool high = boundaries[2 * axis + 1].type == BoundaryType::Periodic;
        if (low != high)
            throw InvalidArgument(prefix + sideName(low ? 2 * axis + 1 : 2 * axis) + "].type",
                                  std::string("must be Periodic because the opposite side ") +
                                      sideName(low ? 2 * axis : 2 * axis + 1) + " is Periodic");
    }
}

} // namespace billow::detail
