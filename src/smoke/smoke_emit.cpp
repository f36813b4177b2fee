// The Inject pass: the splats queued since the last step, added (weighted by their falloff) to
// the velocity, density, temperature and dye, each dispatched only over the box the splats reach.
#include <algorithm>
#include <cmath>
#include <utility>

#include "core/barriers.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

namespace {
namespace kernels = detail::kernels;
} // namespace

void SmokeSolver::Impl::recordInject(VkCommandBuffer cmd) {
    if (splats.empty()) return;
    splats.recordUpload(cs, cmd);
    const int count = static_cast<int>(splats.size());
    const kernels::Splat::Bindings buffers{.splats = splats.buffer(), .u = u.now(), .v = v.now(),
                                           .density = density.now(), .temperature = temperature.now(),
                                           .dye = dye.now(), .openX = openX.handle(), .openY = openY.handle()};
    // Dispatch only over the box the splats can reach, in each target grid's index space.
    float minX = 1e30f, minY = 1e30f, maxX = -1e30f, maxY = -1e30f;
    for (const gpu::GpuSplat& sp : splats.pending()) {
        const float reach = sp.falloff == BILLOW_FALLOFF_LINEAR ? sp.radius : float(BILLOW_GAUSSIAN_REACH) * sp.radius;
        minX = std::min(minX, sp.x - reach);
        maxX = std::max(maxX, sp.x + reach);
        minY = std::min(minY, sp.y - reach);
        maxY = std::max(maxY, sp.y + reach);
    }
    // Index range [first, last] of samples spaced `spacing` apart that may lie in [low, high], with
    // one sample of margin, clamped to [0, lastIndex]; empty when first > last.
    auto range = [](float low, float high, float spacing, uint32_t lastIndex) {
        const float top = static_cast<float>(lastIndex);
        float first = std::clamp(std::floor(low / spacing) - 1.0f, 0.0f, top + 1.0f);
        float last = std::clamp(std::ceil(high / spacing) + 1.0f, -1.0f, top);
        return std::pair<int, int>(static_cast<int>(first), static_cast<int>(last));
    };
    auto dispatchBox = [&](int target, float spacingX, float spacingY, uint32_t lastX, uint32_t lastY, bool wrapX,
                           bool wrapY) {
        auto [x0, x1] = range(minX, maxX, spacingX, lastX);
        auto [y0, y1] = range(minY, maxY, spacingY, lastY);
        // On a periodic axis the last face is computed as face 0: update both or neither.
        if (wrapX && x0 == 0) x1 = static_cast<int>(lastX);
        if (wrapY && y0 == 0) y1 = static_cast<int>(lastY);
        if (x1 < x0 || y1 < y0) return;
        kernels->dispatch(cmd, buffers, gpu::SplatPush{target, count, x0, y0}, uint32_t(x1 - x0 + 1),
                          uint32_t(y1 - y0 + 1));
    };
    const float h = settings.cellSize;
    const bool periodicX = settings.boundaries[0].type == BoundaryType::Periodic;
    const bool periodicY = settings.boundaries[2].type == BoundaryType::Periodic;
    if (!prescribedVelocity()) dispatchBox(0, h, h, nx, ny, periodicX, periodicY);
    dispatchBox(1, h, h, nx - 1, ny - 1, false, false);
    dispatchBox(2, h * float(nx) / float(dyeNx), h * float(ny) / float(dyeNy), dyeNx - 1, dyeNy - 1, false, false);
    detail::computeBarrier(cs, cmd);
    splats.clear();
}

} // namespace billow
