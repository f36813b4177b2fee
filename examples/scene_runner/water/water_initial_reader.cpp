// The "initial" section of a water scene: water depth from a .npy array and/or lake fills (the
// water surface raised to a level over the terrain), and dye/foam from a .npy array.
#include <algorithm>
#include <cmath>
#include <vector>

#include "common/float_cast.hpp"
#include "common/input_files.hpp"
#include "water/water_parser_parts.hpp"

namespace billow::scene::detail {

namespace {

// Raises the water surface to `level` (depth = level - terrain where that is more than the depth
// already there). With a start cell: only the basin connected to it (4-neighbours below the
// level), so a lake fills without flooding every low spot of the map; without one: everywhere.
// `within` > 0 also keeps the fill inside that distance (m) of the start point (a rim that a
// coarse grid samples below the level then does not let the fill spill over).
void fillToLevel(const WaterSettings& s, const std::vector<float>& terrain, float level, const Vec2* from, float within,
                 std::vector<float>& depth) {
    const size_t cells = size_t(s.nx) * s.ny;
    std::vector<char> wet(cells, 0);
    if (!from) {
        for (size_t c = 0; c < cells; ++c) wet[c] = terrain[c] < level;
    } else {
        const uint32_t i0 = std::min(s.nx - 1, static_cast<uint32_t>((*from)[0] / s.cellSize));
        const uint32_t j0 = std::min(s.ny - 1, static_cast<uint32_t>((*from)[1] / s.cellSize));
        std::vector<size_t> stack;
        if (terrain[i0 + size_t(j0) * s.nx] < level) stack.push_back(i0 + size_t(j0) * s.nx);
        while (!stack.empty()) {
            const size_t c = stack.back();
            stack.pop_back();
            const uint32_t i = c % s.nx, j = static_cast<uint32_t>(c / s.nx);
            const bool near = within <= 0.0f || std::hypot((i + 0.5f) * s.cellSize - (*from)[0], (j + 0.5f) * s.cellSize - (*from)[1]) <= within;
            if (wet[c] || !(terrain[c] < level) || !near) continue;
            wet[c] = 1;
            if (i > 0) stack.push_back(c - 1);
            if (i + 1 < s.nx) stack.push_back(c + 1);
            if (j > 0) stack.push_back(c - s.nx);
            if (j + 1 < s.ny) stack.push_back(c + s.nx);
        }
    }
    for (size_t c = 0; c < cells; ++c)
        if (wet[c]) depth[c] = std::max(depth[c], level - terrain[c]);
}

} // namespace

void readInitialWater(ObjectReader& top, const std::filesystem::path& dir, WaterScene& scene) {
    const nlohmann::json* value = top.child("initial");
    if (!value) return;
    ObjectReader r(*value, "initial");
    const WaterSettings& s = scene.settings;
    const uint64_t nx = s.nx, ny = s.ny;
    scene.depth = readFieldFile(r, "depth", dir, {ny, nx}, "(ny, nx)");
    if (std::any_of(scene.depth.begin(), scene.depth.end(), [](float d) { return d < 0.0f; }))
        throw SceneError(r.keyPath("depth"), "expected depths >= 0 (the file has negative values)");
    scene.dye = readFieldFile(r, "dye", dir, {ny, nx}, "(ny, nx)");
    if (std::any_of(scene.dye.begin(), scene.dye.end(), [](float d) { return d < 0.0f; }))
        throw SceneError(r.keyPath("dye"), "expected values >= 0 (the file has negative values)");
    // Fills raise the water from dry ground where no .npy depth is given.
    if (r.has("fills") && scene.depth.empty()) scene.depth.assign(size_t(nx) * ny, 0.0f);
    r.forEachObject("fills", "{\"level\": m, \"from\": [x, y]}", [&](ObjectReader& f) {
        const float level = f.requiredReal("level");
        Vec2 from{};
        const bool hasFrom = f.has("from");
        if (hasFrom) {
            from = f.vec2("from", {});
            requireInsideDomain(s, from, f.keyPath("from"));
        }
        const float within = f.real("within", 0.0, Range::positive());
        if (f.has("within") && !hasFrom) throw SceneError(f.keyPath("within"), "needs \"from\" (the centre of the disc)");
        f.finish();
        fillToLevel(s, scene.terrain, level, hasFrom ? &from : nullptr, within, scene.depth);
        if (!allWithinBounds(scene.depth))
            throw SceneError(f.path(), "the level minus the terrain gives depths beyond the solver's bound of 1e6 m");
    });
    r.finish();
}

} // namespace billow::scene::detail
