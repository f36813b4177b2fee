// The library's own check of a solver's settings, run after a scene is read as a backstop.
#pragma once

#include <billow/error.hpp>

#include "common/scene_error.hpp"

namespace billow::scene::detail {

// Its messages name the settings field, which maps onto the scene's "settings" keys.
template <typename Settings>
void checkWithLibrary(const Settings& settings) {
    try {
        settings.validate();
    } catch (const InvalidArgument& e) {
        throw SceneError("settings", e.what());
    }
}

} // namespace billow::scene::detail
