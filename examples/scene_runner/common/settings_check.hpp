// The library's own check of a solver's settings, run on the settings the scene builds, so a value
// the parser lets through but the solver would refuse is still a scene error (exit 2) naming the
// scene's key, before anything is created or written.
#pragma once

#include <string>

#include <billow/error.hpp>

#include "common/scene_error.hpp"

namespace billow::scene::detail {

// The scene key of a settings field as the library names it: "SmokeSettings::viscosity" ->
// "settings.viscosity", "...::nx" -> "grid.nx", "...::boundaries[Left].dye[2]" ->
// "boundaries.left.colour" (with the solver's `renames`, e.g. {"dye", "colour"}),
// "WaterSettings::overrides[1].boundary.flow" -> "boundaries.openings[1].flow". A name it does not
// know becomes "settings" (the message still carries the library's field).
struct FieldRename {
    const char* library;
    const char* scene;
};
std::string sceneKeyOfField(const std::string& field, std::initializer_list<FieldRename> renames = {});

template <typename Settings>
void checkWithLibrary(const Settings& settings, std::initializer_list<FieldRename> renames = {}) {
    try {
        settings.validate();
    } catch (const InvalidArgument& e) {
        throw SceneError(sceneKeyOfField(e.field(), renames), std::string(e.what()) + " (the solver's own check)");
    }
}

} // namespace billow::scene::detail
