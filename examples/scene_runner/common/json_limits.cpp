#include "common/json_limits.hpp"

#include <set>
#include <vector>

#include "common/json_reader.hpp"
#include "common/scene_error.hpp"

namespace billow::scene {

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
