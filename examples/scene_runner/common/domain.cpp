#include "common/domain.hpp"

#include "common/scene_error.hpp"

namespace billow::scene::detail {

void requireInsideExtent(std::span<const float> size, std::span<const float> p, const std::string& key, float slack) {
    bool inside = true;
    for (size_t a = 0; a < size.size(); ++a) inside = inside && p[a] >= -slack && p[a] <= size[a] + slack;
    if (inside) return;
    std::string box, point;
    for (size_t a = 0; a < size.size(); ++a) {
        box += (a ? " x [0, " : "[0, ") + std::to_string(size[a]) + "]";
        point += (a ? ", " : "") + std::to_string(p[a]);
    }
    throw SceneError(key, "expected a point inside the domain " + box + " m, got [" + point + "]");
}

void requireInsideBox(float w, float h, Vec2 p, const std::string& key, float slack) {
    const float size[2] = {w, h};
    requireInsideExtent(size, p, key, slack);
}

} // namespace billow::scene::detail
