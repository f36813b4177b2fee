// The bounds a scene file's JSON must keep before it is turned into a document: its size, how
// deep it nests, how long its strings and arrays are, and no key given twice. A hostile or broken
// file then can neither exhaust memory nor overflow the stack of the code that reads or quotes it
// (nlohmann's dump() recurses once per level).
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace billow::scene {

struct JsonLimits {
    size_t maxBytes = size_t(16) << 20;  // the whole file
    size_t maxDepth = 32;                // nested objects and arrays (bundled scenes use 5)
    size_t maxString = 4096;             // characters of one string or key
    size_t maxArray = 100000;            // elements of one array
};
inline constexpr JsonLimits kSceneJsonLimits{};

// Parses `text` (comments allowed). Throws SceneError keyed "(syntax)" when it is not JSON, and
// keyed by the path of the offending value (e.g. "emitters[2].path") when a limit is exceeded or
// an object repeats a key.
nlohmann::json parseBoundedJson(const std::string& text, const JsonLimits& limits = kSceneJsonLimits);

} // namespace billow::scene
