#include "smoke3d/smoke3d_parser.hpp"

#include <algorithm>
#include <cmath>

#include "common/output_plan_reader.hpp"
#include "common/settings_check.hpp"
#include "common/time_reader.hpp"
#include "smoke3d/smoke3d_parser_parts.hpp"
#include "smoke3d/smoke3d_vdb.hpp"

namespace billow::scene {

void readScene(ObjectReader& top, const std::filesystem::path&, const LoadOptions& options, Scene3D& scene) {
    // The grid (after scaling) first: positions are checked against the domain.
    detail::readGrid3D(top, options, scene.settings);
    detail::readBoundaries3D(top, scene.settings);
    detail::readSolverSettings3D(top, scene.settings);
    detail::checkWithLibrary(scene.settings, {{"dye", "colour"}});
    detail::readObstacles3D(top, scene);
    detail::readEmitters3D(top, scene);
    detail::readColliders3D(top, scene);
    detail::readTime(top, options, scene.dt, scene.steps);
    detail::readOutputPlan(top, options, scene.steps, scene.output, kSmoke3DViews, kSmoke3DFields, false,
                           [&](ObjectReader& output) { detail::readOutput3D(output, scene); });
    if (options.renderWidth) {
        RenderPlan& r = scene.render;
        const double height = std::round(double(r.height) * *options.renderWidth / r.width);
        // The height follows the width; a tall render made wide must stay within the same bound.
        if (height > 4096)
            throw SceneError("--render-width", "makes the render " + std::to_string(*options.renderWidth) + " x " +
                                                   std::to_string(uint64_t(height)) + " pixels; its height may be at most 4096");
        r.height = std::max(16u, static_cast<uint32_t>(height));
        r.width = *options.renderWidth;
    }
    // The render and the slices are drawn at their own sizes; the larger sizes the pictures.
    const RenderPlan& render = scene.render;
    const uint32_t slice = scene.slices.longSide;
    const bool renderLarger = uint64_t(render.width) * render.height > uint64_t(slice) * slice;
    detail::requirePictureSize(scene.output, options, renderLarger ? render.width : slice, renderLarger ? render.height : slice);
    for (Field3D field : scene.output.fields)
        if (field == Field3D::Colour && !scene.settings.colour)
            throw SceneError("output.fields.names", "\"colour\" needs settings.colour: true");
    if (scene.vdb.every && scene.steps / scene.vdb.every + 1 > detail::kMaxOutputFrames)
        throw SceneError("output.vdb.every", "would write " + std::to_string(scene.steps / scene.vdb.every + 1) +
                                                 " VDB files, more than " + std::to_string(detail::kMaxOutputFrames));
    requireVdbSupport(scene.vdb);
    top.finish();
}

} // namespace billow::scene
