// Reading a scene file's JSON: the error a scene file gets, the word tables of the enums it
// names, the bounds its text must keep, and typed, range-checked reads from one of its objects.
//
// An error names the JSON key (a path such as "emitters[1].radius") and says what was expected
// there, e.g. "settings.viscosity: expected a number >= 0, got -1". Keys that were never asked
// for are reported by ObjectReader::finish() as unknown (typos do not pass silently).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace billow::scene {

// `text` with every control character (below U+0020, and DEL) written as the JSON escape \u00XX,
// so that a key or value quoted from a file reads as it is: a NUL would otherwise end the message
// where a terminal or a C string stops ("nx\u0000" would print as a valid-looking "nx"). The one
// home of that rule: SceneError applies it to its key and message.
std::string printable(const std::string& text);

// What a scene file's problems are thrown as (exit status 2); key() is the JSON key. Both are
// printable(): whatever a file or a command line puts in them, the message shows it escaped.
class SceneError : public std::runtime_error {
public:
    SceneError(const std::string& key, const std::string& problem)
        : std::runtime_error(printable(key) + ": " + printable(problem)), key_(printable(key)) {}
    const std::string& key() const noexcept { return key_; }

private:
    std::string key_;
};

// The words a scene file and the output files use for a solver's enums (views, fields, kinds of
// things), kept as one table per enum so parsing and naming can never disagree.
template <typename T>
using WordTable = std::initializer_list<std::pair<const char*, T>>;

// The words quoted for messages: "a", "b", "c" (or "a", "b" or "c" with `last` = " or ").
template <typename T>
std::string quotedWords(WordTable<T> table, const char* last = ", ") {
    std::string words;
    size_t k = 0;
    for (const auto& [word, value] : table) {
        if (k > 0) words += k + 1 == table.size() ? last : ", ";
        words.append("\"").append(word).append("\"");
        ++k;
    }
    return words;
}

// The word of `value` ("?" when the table lacks it).
template <typename T>
const char* nameIn(WordTable<T> table, T value) {
    for (const auto& [word, v] : table)
        if (v == value) return word;
    return "?";
}

template <typename T>
std::vector<std::string> allNames(WordTable<T> table) {
    std::vector<std::string> names;
    for (const auto& [word, value] : table) names.push_back(word);
    return names;
}

// The bounds a scene file's JSON must keep before it is turned into a document: its size, how
// deep it nests, how long its strings and arrays are, and no key given twice. A hostile or broken
// file then can neither exhaust memory nor overflow the stack of the code that reads or quotes it
// (nlohmann's dump() recurses once per level).
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
    const nlohmann::json& value() const noexcept { return value_; }
    std::string keyPath(const char* key) const { return childPath(path_, key); }
    bool has(const char* key);  // also marks the key as known
    // The raw child (nullptr when absent); marks the key as known.
    const nlohmann::json* child(const char* key);

    double number(const char* key, double fallback, Range range = Range::any());
    double requiredNumber(const char* key, Range range = Range::any());
    // The same for a value the solver holds as a 32-bit float: it must also be within the solver's
    // bounds (|x| <= limits::kMaxMagnitude = 1e6, and not a nonzero number below 1.2e-38 that would
    // become 0 or a denormal), and the float itself must lie in `range` (so 1e-300 is not accepted
    // as "> 0" and then passed on as 0).
    float real(const char* key, float fallback, Range range = Range::any());
    float requiredReal(const char* key, Range range = Range::any());
    uint32_t integer(const char* key, uint32_t fallback, uint32_t min, uint32_t max);
    bool boolean(const char* key, bool fallback);
    std::string text(const char* key, const std::string& fallback);
    std::array<float, 2> vec2(const char* key, std::array<float, 2> fallback, Range range = Range::any());
    std::array<float, 2> requiredVec2(const char* key, Range range = Range::any());
    std::array<float, 3> vec3(const char* key, std::array<float, 3> fallback, Range range = Range::any());
    std::array<float, 3> requiredVec3(const char* key, Range range = Range::any());
    std::array<float, 4> rgba(const char* key, std::array<float, 4> fallback);

    // A section that may be left out: the reader of the object at `key`, or of an empty object
    // when the key is absent (so its defaults apply and its unknown keys are still checked).
    ObjectReader objectOrEmpty(const char* key);

    // One of a fixed set of words, e.g. "jacobi" | "sor" | "multigrid".
    template <typename T>
    T choice(const char* key, T fallback, WordTable<T> options) {
        const nlohmann::json* v = child(key);
        if (!v) return fallback;
        for (const auto& [word, result] : options)
            if (v->is_string() && v->get<std::string>() == word) return result;
        throw SceneError(keyPath(key), "expected one of " + quotedWords(options) + ", got " + shortText(*v));
    }
    // The same for a key that must be given, e.g. an obstacle's "shape".
    template <typename T>
    T requiredChoice(const char* key, WordTable<T> options) {
        if (!has(key)) throw SceneError(keyPath(key), "missing; expected " + quotedWords(options, " or "));
        return choice(key, options.begin()->second, options);
    }

    // A list of objects at `key`: `read(item)` with a reader for each element (path "key[k]").
    // Nothing when the key is absent; `what` completes "expected an array of ..." otherwise.
    template <typename Read>
    void forEachObject(const char* key, const std::string& what, const Read& read) {
        const nlohmann::json* list = child(key);
        if (!list) return;
        const std::string path = keyPath(key);
        if (!list->is_array()) throw SceneError(path, "expected an array of " + what);
        for (size_t k = 0; k < list->size(); ++k) {
            ObjectReader item((*list)[k], indexPath(path, k));
            read(item);
        }
    }

    // Throws SceneError naming the first key that was never asked for.
    void finish() const;

private:
    const nlohmann::json& value_;
    std::string path_;
    std::set<std::string> known_;
};

// A word where an object is expected is shorthand for {key: word}, e.g. a boundary side
// "top": "outflow" for {"type": "outflow"}; anything else is returned as it is.
nlohmann::json expandWord(const nlohmann::json& value, const char* key);

// Reads a JSON number at `path` (not inside an object reader, e.g. an array element).
double numberAt(const nlohmann::json& value, const std::string& path, Range range);
// A JSON number that becomes a 32-bit float (see ObjectReader::real).
float realAt(const nlohmann::json& value, const std::string& path, Range range);
// An array of exactly `count` numbers, each becoming a 32-bit float.
std::vector<float> numbersAt(const nlohmann::json& value, const std::string& path, size_t count, Range range);

} // namespace billow::scene
