// Reads a path of waypoints, [{"time": s, "position": [x, y(, z)]}, ...], checking each position
// with `checkPoint(position, key)` and that the times increase.
#pragma once

#include <string>
#include <vector>

#include "common/json_reader.hpp"
#include "common/path.hpp"

namespace billow::scene::detail {

template <size_t N, typename CheckPoint>
std::vector<WaypointOf<N>> readPath(const nlohmann::json& value, const std::string& key, const CheckPoint& checkPoint) {
    const char* shape = N == 2 ? "[x, y]" : "[x, y, z]";
    if (!value.is_array() || value.empty())
        throw SceneError(key, std::string("expected an array of waypoints {\"time\": s, \"position\": ") + shape + "}");
    std::vector<WaypointOf<N>> path;
    for (size_t k = 0; k < value.size(); ++k) {
        ObjectReader w(value[k], indexPath(key, k));
        WaypointOf<N> p;
        p.time = w.requiredNumber("time", Range::nonNegative());
        if (!w.has("position")) throw SceneError(w.keyPath("position"), std::string("missing; expected ") + shape + " in metres");
        const std::vector<float> xyz = numbersAt(*w.child("position"), w.keyPath("position"), N, Range::any());
        std::copy(xyz.begin(), xyz.end(), p.position.begin());
        checkPoint(p.position, w.keyPath("position"));
        w.finish();
        if (!path.empty() && !(p.time > path.back().time))
            throw SceneError(w.keyPath("time"), "expected times that increase along the path");
        path.push_back(p);
    }
    return path;
}

} // namespace billow::scene::detail
