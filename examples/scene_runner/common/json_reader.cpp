#include "common/json_reader.hpp"

#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include <billow/limits.hpp>
#include <sstream>

namespace billow::scene {

namespace {
std::string formatNumber(double x) {
    std::ostringstream s;
    s << x;
    return s.str();
}
} // namespace

bool Range::contains(double x) const {
    if (minOpen ? !(x > min) : !(x >= min)) return false;
    if (maxOpen ? !(x < max) : !(x <= max)) return false;
    return true;
}

std::string Range::describe() const {
    const bool hasMin = std::isfinite(min), hasMax = std::isfinite(max);
    if (hasMin && hasMax)
        return std::string("in ") + (minOpen ? "(" : "[") + formatNumber(min) + ", " + formatNumber(max) +
               (maxOpen ? ")" : "]");
    if (hasMin) return (minOpen ? "> " : ">= ") + formatNumber(min);
    if (hasMax) return (maxOpen ? "< " : "<= ") + formatNumber(max);
    return "(finite)";
}

std::string printable(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte != 0x7F) {
            out += c;
            continue;
        }
        static const char* const kHex = "0123456789abcdef";
        out += "\\u00";
        out += kHex[byte >> 4];
        out += kHex[byte & 15];
    }
    return out;
}

std::string childPath(const std::string& parent, const std::string& key) {
    return parent.empty() ? key : parent + "." + key;
}

std::string indexPath(const std::string& parent, size_t index) {
    return parent + "[" + std::to_string(index) + "]";
}

std::string shortText(const nlohmann::json& value) {
    // Containers are only named: dumping them costs their whole size (the file's nesting depth
    // is bounded when it is read, see parseBoundedJson, but a long array would still be dumped).
    if (value.is_array()) return value.empty() ? "[]" : "an array of " + std::to_string(value.size()) + " values";
    if (value.is_object()) return value.empty() ? "{}" : "an object {...}";
    std::string text = value.dump();
    return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

double numberAt(const nlohmann::json& value, const std::string& path, Range range) {
    if (!value.is_number()) throw SceneError(path, "expected a number " + range.describe() + ", got " + shortText(value));
    const double x = value.get<double>();
    if (!std::isfinite(x) || !range.contains(x))
        throw SceneError(path, "expected a number " + range.describe() + ", got " + shortText(value));
    return x;
}

float realAt(const nlohmann::json& value, const std::string& path, Range range) {
    const double x = numberAt(value, path, range);
    const double magnitude = std::fabs(x);
    if (magnitude > limits::kMaxMagnitude || (x != 0.0 && magnitude < std::numeric_limits<float>::min()))
        throw SceneError(path, "expected a number " + range.describe() +
                                   " within the solver's bounds (0 or 1.2e-38 <= |x| <= 1e6, docs/parameters.md \"Bounds\"), got " +
                                   shortText(value));
    const float f = static_cast<float>(x);
    if (!range.contains(f)) throw SceneError(path, "expected a number " + range.describe() + ", got " + shortText(value));
    return f;
}

std::vector<float> numbersAt(const nlohmann::json& value, const std::string& path, size_t count, Range range) {
    if (!value.is_array() || value.size() != count)
        throw SceneError(path, "expected an array of " + std::to_string(count) + " numbers, got " + shortText(value));
    std::vector<float> out;
    for (size_t k = 0; k < count; ++k) out.push_back(realAt(value[k], indexPath(path, k), range));
    return out;
}

nlohmann::json expandWord(const nlohmann::json& value, const char* key) {
    return value.is_string() ? nlohmann::json{{key, value}} : value;
}

ObjectReader::ObjectReader(const nlohmann::json& value, std::string path) : value_(value), path_(std::move(path)) {
    if (!value_.is_object())
        throw SceneError(path_.empty() ? "(top level)" : path_, "expected an object {...}, got " + shortText(value_));
}

bool ObjectReader::has(const char* key) {
    known_.insert(key);
    return value_.contains(key);
}

const nlohmann::json* ObjectReader::child(const char* key) {
    known_.insert(key);
    auto it = value_.find(key);
    return it == value_.end() ? nullptr : &*it;
}

ObjectReader ObjectReader::objectOrEmpty(const char* key) {
    static const nlohmann::json empty = nlohmann::json::object();
    const nlohmann::json* v = child(key);
    return ObjectReader(v ? *v : empty, keyPath(key));
}

double ObjectReader::number(const char* key, double fallback, Range range) {
    const nlohmann::json* v = child(key);
    return v ? numberAt(*v, keyPath(key), range) : fallback;
}

double ObjectReader::requiredNumber(const char* key, Range range) {
    const nlohmann::json* v = child(key);
    if (!v) throw SceneError(keyPath(key), "missing; expected a number " + range.describe());
    return numberAt(*v, keyPath(key), range);
}

float ObjectReader::real(const char* key, float fallback, Range range) {
    const nlohmann::json* v = child(key);
    return v ? realAt(*v, keyPath(key), range) : fallback;
}

float ObjectReader::requiredReal(const char* key, Range range) {
    const nlohmann::json* v = child(key);
    if (!v) throw SceneError(keyPath(key), "missing; expected a number " + range.describe());
    return realAt(*v, keyPath(key), range);
}

uint32_t ObjectReader::integer(const char* key, uint32_t fallback, uint32_t min, uint32_t max) {
    const nlohmann::json* v = child(key);
    if (!v) return fallback;
    const std::string expected = "expected a whole number in [" + std::to_string(min) + ", " + std::to_string(max) + "]";
    if (!v->is_number_integer() && !(v->is_number_float() && std::floor(v->get<double>()) == v->get<double>()))
        throw SceneError(keyPath(key), expected + ", got " + shortText(*v));
    const double x = v->get<double>();
    if (x < min || x > max) throw SceneError(keyPath(key), expected + ", got " + shortText(*v));
    return static_cast<uint32_t>(x);
}

bool ObjectReader::boolean(const char* key, bool fallback) {
    const nlohmann::json* v = child(key);
    if (!v) return fallback;
    if (!v->is_boolean()) throw SceneError(keyPath(key), "expected true or false, got " + shortText(*v));
    return v->get<bool>();
}

std::string ObjectReader::text(const char* key, const std::string& fallback) {
    const nlohmann::json* v = child(key);
    if (!v) return fallback;
    if (!v->is_string()) throw SceneError(keyPath(key), "expected a string, got " + shortText(*v));
    return v->get<std::string>();
}

std::array<float, 2> ObjectReader::vec2(const char* key, std::array<float, 2> fallback, Range range) {
    const nlohmann::json* v = child(key);
    if (!v) return fallback;
    auto x = numbersAt(*v, keyPath(key), 2, range);
    return {x[0], x[1]};
}

std::array<float, 2> ObjectReader::requiredVec2(const char* key, Range range) {
    if (!has(key)) throw SceneError(keyPath(key), "missing; expected [x, y] in metres");
    return vec2(key, {}, range);
}

std::array<float, 3> ObjectReader::vec3(const char* key, std::array<float, 3> fallback, Range range) {
    const nlohmann::json* v = child(key);
    if (!v) return fallback;
    auto x = numbersAt(*v, keyPath(key), 3, range);
    return {x[0], x[1], x[2]};
}

std::array<float, 3> ObjectReader::requiredVec3(const char* key, Range range) {
    if (!has(key)) throw SceneError(keyPath(key), "missing; expected [x, y, z] in metres");
    return vec3(key, {}, range);
}

std::array<float, 4> ObjectReader::rgba(const char* key, std::array<float, 4> fallback) {
    const nlohmann::json* v = child(key);
    if (!v) return fallback;
    if (!v->is_array() || (v->size() != 3 && v->size() != 4))
        throw SceneError(keyPath(key), "expected [r, g, b] or [r, g, b, a] (numbers >= 0), got " + shortText(*v));
    auto c = numbersAt(*v, keyPath(key), v->size(), Range::nonNegative());
    return {c[0], c[1], c[2], c.size() == 4 ? c[3] : 1.0f};
}

void ObjectReader::finish() const {
    for (const auto& item : value_.items()) {
        if (known_.count(item.key())) continue;
        std::string expected;
        for (const std::string& k : known_) expected += (expected.empty() ? "" : ", ") + k;
        throw SceneError(childPath(path_, item.key()), "unknown key (expected one of: " + expected + ")");
    }
}

namespace {

// A SAX pass over the text that keeps the path to the current value, so a limit can be reported
// under the key that breaks it. Nothing is built; the document is parsed afterwards.
class LimitChecker {
public:
    using json = nlohmann::json;

    explicit LimitChecker(const JsonLimits& limits) : limits_(limits) {}

    bool null() { return value(); }
    bool boolean(bool) { return value(); }
    bool number_integer(json::number_integer_t) { return value(); }
    bool number_unsigned(json::number_unsigned_t) { return value(); }
    bool number_float(json::number_float_t, const json::string_t&) { return value(); }
    bool string(json::string_t& s) {
        if (s.size() > limits_.maxString)
            fail("expected a string of at most " + std::to_string(limits_.maxString) + " characters, got " +
                 std::to_string(s.size()));
        return value();
    }
    bool binary(json::binary_t&) { return value(); }
    bool start_object(size_t) { return open(false); }
    bool start_array(size_t) { return open(true); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool key(json::string_t& k) {
        Level& level = stack_.back();
        level.key = k.size() > limits_.maxString ? k.substr(0, 40) + "..." : k;
        if (k.size() > limits_.maxString)
            fail("expected a key of at most " + std::to_string(limits_.maxString) + " characters");
        if (!level.keys.insert(k).second) fail("given twice in the same object (the second would silently win)");
        return true;
    }
    bool parse_error(size_t, const std::string&, const nlohmann::detail::exception& e) {
        throw SceneError("(syntax)", std::string("not valid JSON: ") + e.what());
    }

private:
    struct Level {
        bool array = false;
        size_t count = 0;      // array: elements so far
        std::string key;       // object: the key of the value being read
        std::set<std::string> keys;
    };

    // The path of the value being read: "emitters[2].path".
    std::string path() const {
        std::string p;
        for (const Level& level : stack_) {
            if (level.array) p = indexPath(p, level.count == 0 ? 0 : level.count - 1);
            else if (!level.key.empty()) p = childPath(p, level.key);
        }
        return p.empty() ? "(top level)" : p;
    }
    [[noreturn]] void fail(const std::string& problem) const { throw SceneError(path(), problem); }

    // A value (scalar or the start of a container) inside the current container.
    bool value() {
        if (stack_.empty() || !stack_.back().array) return true;
        if (++stack_.back().count > limits_.maxArray)
            fail("expected an array of at most " + std::to_string(limits_.maxArray) + " elements");
        return true;
    }
    bool open(bool array) {
        value();
        if (stack_.size() >= limits_.maxDepth)
            fail("nested deeper than " + std::to_string(limits_.maxDepth) + " levels of objects and arrays");
        stack_.push_back(Level{array, 0, {}, {}});
        return true;
    }
    bool close() {
        stack_.pop_back();
        return true;
    }

    const JsonLimits& limits_;
    std::vector<Level> stack_;
};

} // namespace

nlohmann::json parseBoundedJson(const std::string& text, const JsonLimits& limits) {
    if (text.size() > limits.maxBytes)
        throw SceneError("(file)", "the scene file has " + std::to_string(text.size()) + " bytes, more than the " +
                                       std::to_string(limits.maxBytes) + " a scene may have");
    LimitChecker checker(limits);
    nlohmann::json::sax_parse(text, &checker, nlohmann::json::input_format_t::json, true, true);
    try {
        return nlohmann::json::parse(text, nullptr, true, true);
    } catch (const nlohmann::json::exception& e) {  // the SAX pass has seen every error already
        throw SceneError("(syntax)", std::string("not valid JSON: ") + e.what());
    }
}

} // namespace billow::scene
