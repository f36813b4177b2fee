#include "common/domain.hpp"

#include "common/scene_error.hpp"

namespace billow::scene::detail {

void requireInsideBox(float w, float h, Vec2 p, const std::string& key, float slack) {
    if (p[0] < -slack || p[0] > w + slack || p[1] < -slack || p[1] > h + slack)
        throw SceneError(key, "expected a point inside the domain [0, " + std::to_string(w) + "] x [0, " +
                                  std::to_string(h) + "] m, got [" + std::to_string(p[0]) + ", " +
                                  std::to_string(p[1]) + "]");
}

} // namespace billow::scene::detail
