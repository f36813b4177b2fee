// The error a scene file gets: it names the JSON key (a path such as "emitters[1].radius") and
// says what was expected there.
#pragma once

#include <stdexcept>
#include <string>

namespace billow::scene {

class SceneError : public std::runtime_error {
public:
    SceneError(std::string key, const std::string& problem)
        : std::runtime_error(key + ": " + problem), key_(std::move(key)) {}
    const std::string& key() const noexcept { return key_; }

private:
    std::string key_;
};

} // namespace billow::scene
