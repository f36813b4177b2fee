// The sides of any solver's "boundaries" section: four in 2D, six in 3D.
#pragma once

#include <string>

#include "common/json_reader.hpp"

namespace billow::scene::detail {

// The side keys in billow::Side order (Left, Right, Bottom, Top, then Back, Front in 3D).
inline constexpr const char* kSideKeys[6] = {"left", "right", "bottom", "top", "back", "front"};

// Calls `read(side, reader)` for each of the first `sides` sides the section gives (side in
// billow::Side order). A side may be a word, shorthand for {"type": word}; `read` finishes the
// reader.
template <typename Read>
void forEachSide(ObjectReader& boundaries, const Read& read, int sides = 4) {
    for (int side = 0; side < sides; ++side) {
        const nlohmann::json* value = boundaries.child(kSideKeys[side]);
        if (!value) continue;
        const nlohmann::json object = expandWord(*value, "type");
        ObjectReader r(object, boundaries.keyPath(kSideKeys[side]));
        read(side, r);
    }
}

// Both sides of an axis wrap together: throws naming the side that is not periodic while its
// opposite is. `periodic(side)` says whether a side is.
template <typename IsPeriodic>
void requirePeriodicPairs(const IsPeriodic& periodic, int sides) {
    for (int axis = 0; axis < sides / 2; ++axis) {
        const bool a = periodic(2 * axis), b = periodic(2 * axis + 1);
        if (a != b)
            throw SceneError(std::string("boundaries.") + kSideKeys[a ? 2 * axis + 1 : 2 * axis],
                             std::string("expected \"periodic\", because ") + kSideKeys[a ? 2 * axis : 2 * axis + 1] +
                                 " is periodic (both sides of an axis wrap together)");
    }
}

} // namespace billow::scene::detail
