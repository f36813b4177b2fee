#include "common/settings_check.hpp"

#include <cctype>

namespace billow::scene::detail {

namespace {

bool startsWith(const std::string& text, const std::string& prefix) { return text.compare(0, prefix.size(), prefix) == 0; }

// "Left" -> "left".
std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// The first name of a member path: "dye[2]" -> "dye", "count" -> "count".
std::string memberName(const std::string& member) { return member.substr(0, member.find_first_of("[./")); }

std::string renamed(const std::string& member, std::initializer_list<FieldRename> renames) {
    const std::string name = memberName(member);
    for (const FieldRename& r : renames)
        if (name == r.library) return r.scene;
    return name;
}

} // namespace

std::string sceneKeyOfField(const std::string& field, std::initializer_list<FieldRename> renames) {
    const size_t scope = field.find("::");
    if (scope == std::string::npos) return "settings";
    const std::string f = field.substr(scope + 2);
    if (startsWith(f, "boundaries[")) {
        const size_t close = f.find(']');
        if (close == std::string::npos) return "boundaries";
        const std::string side = "boundaries." + lower(f.substr(11, close - 11));
        return close + 2 < f.size() && f[close + 1] == '.' ? side + "." + renamed(f.substr(close + 2), renames) : side;
    }
    if (startsWith(f, "overrides[")) {
        const size_t close = f.find(']');
        if (close == std::string::npos) return "boundaries.openings";
        const std::string opening = "boundaries.openings" + f.substr(9, close - 8);
        const std::string rest = close + 2 < f.size() ? f.substr(close + 2) : "";
        if (startsWith(rest, "boundary.")) return opening + "." + renamed(rest.substr(9), renames);
        return opening;
    }
    if (startsWith(f, "nx/ny") || startsWith(f, "dyeNx/dyeNy")) return "grid";
    for (const char* grid : {"nx", "ny", "cellSize", "dyeNx", "dyeNy"})
        if (memberName(f) == grid) return std::string("grid.") + grid;
    const std::string name = memberName(f);
    return name.empty() ? "settings" : "settings." + renamed(name, renames);
}

} // namespace billow::scene::detail
