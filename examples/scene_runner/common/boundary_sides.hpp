// The four sides of any solver's "boundaries" section.
#pragma once

#include "common/json_reader.hpp"

namespace billow::scene::detail {

// The side keys in billow::Side order (Left, Right, Bottom, Top).
inline constexpr const char* kSideKeys[4] = {"left", "right", "bottom", "top"};

// Calls `read(side, reader)` for each side the section gives (side in billow::Side order). A side
// may be a word, shorthand for {"type": word}; `read` finishes the reader.
template <typename Read>
void forEachSide(ObjectReader& boundaries, const Read& read) {
    for (int side = 0; side < 4; ++side) {
        const nlohmann::json* value = boundaries.child(kSideKeys[side]);
        if (!value) continue;
        const nlohmann::json object = expandWord(*value, "type");
        ObjectReader r(object, boundaries.keyPath(kSideKeys[side]));
        read(side, r);
    }
}

} // namespace billow::scene::detail
