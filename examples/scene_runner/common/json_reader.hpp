// Typed, range-checked reads from one JSON object of a scene file. Every read knows the key's full
// path, so an error says e.g. "settings.viscosity: expected a number >= 0, got -1". Keys that
// were never asked for are reported by finish() as unknown (typos do not pass silently).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/scene_error.hpp"

namespace billow::scene {

// An interval of allowed numbers; `describe()` gives the words for error messages.
struct Range {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool minOpen = false;  // min itself excluded
    bool maxOpen = false;
    bool contains(double x) const;
    std::string describe() const;
    static Range any() { return {}; }
    static Range nonNegative() { return {0.0}; }
    static Range positive() { return {0.0, std::numeric_limits<double>::infinity(), true}; }
    static Range closed(double lo, double hi) { return {lo, hi}; }
};

// Joins a parent path and a key: "grid" + "nx" -> "grid.nx"; "" + "grid" -> "grid".
std::string childPath(const std::string& parent, const std::string& key);
std::string indexPath(const std::string& parent, size_t index);
// The JSON value's text, shortened, for "got ..." in messages.
std::string shortText(const nlohmann::json& value);

class ObjectReader {
public:
    // Throws SceneError unless `value` is an object.
    ObjectReader(const nlohmann::json& value, std::string path);

    const std::string& path() const noexcept { return path_; }
    std::string keyPath(const char* key) const { return childPath(path_, key); }
    bool has(const char* key);  // also marks the key as known
    // The raw child (nullptr when absent); marks the key as known.
    const nlohmann::json* child(const char* key);

    double number(const char* key, double fallback, Range range = Range::any());
    double requiredNumber(const char* key, Range range = Range::any());
    uint32_t integer(const char* key, uint32_t fallback, uint32_t min, uint32_t max);
    bool boolean(const char* key, bool fallback);
    std::string text(const char* key, const std::string& fallback);
    std::array<float, 2> vec2(const char* key, std::array<float, 2> fallback, Range range = Range::any());
    std::array<float, 2> requiredVec2(const char* key, Range range = Range::any());
    std::array<float, 4> rgba(const char* key, std::array<float, 4> fallback);

    // One of a fixed set of words, e.g. "jacobi" | "sor" | "multigrid".
    template <typename T>
    T choice(const char* key, T fallback, std::initializer_list<std::pair<const char*, T>> options) {
        const nlohmann::json* v = child(key);
        if (!v) return fallback;
        std::string words;
        for (const auto& [word, result] : options) {
            if (v->is_string() && v->get<std::string>() == word) return result;
            words += (words.empty() ? "\"" : ", \"") + std::string(word) + "\"";
        }
        throw SceneError(keyPath(key), "expected one of " + words + ", got " + shortText(*v));
    }

    // Throws SceneError naming the first key that was never asked for.
    void finish() const;

private:
    const nlohmann::json& value_;
    std::string path_;
    std::set<std::string> known_;
};

// Reads a JSON number at `path` (not inside an object reader, e.g. an array element).
double numberAt(const nlohmann::json& value, const std::string& path, Range range);
// An array of exactly `count` numbers.
std::vector<float> numbersAt(const nlohmann::json& value, const std::string& path, size_t count, Range range);

} // namespace billow::scene
