#include "smoke3d/smoke3d_setup.hpp"

namespace billow::scene {

namespace {

bool inside(const Obstacle3D& o, float x, float y, float z) {
    if (o.shape == Obstacle3D::Shape::Sphere) {
        const float dx = x - o.centre[0], dy = y - o.centre[1], dz = z - o.centre[2];
        return dx * dx + dy * dy + dz * dz <= o.radius * o.radius;
    }
    return x >= o.min[0] && x <= o.max[0] && y >= o.min[1] && y <= o.max[1] && z >= o.min[2] && z <= o.max[2];
}

} // namespace

std::vector<float> obstacleMask(const Scene3D& scene) {
    if (scene.obstacles.empty()) return {};
    const SmokeSettings3D& s = scene.settings;
    const float h = s.cellSize;
    constexpr int kSub = 4;
    std::vector<float> solid(size_t(s.nx) * s.ny * s.nz, 0.0f);
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                int covered = 0;
                for (int c = 0; c < kSub * kSub * kSub; ++c) {
                    const float x = (i + (c % kSub + 0.5f) / kSub) * h, y = (j + (c / kSub % kSub + 0.5f) / kSub) * h,
                                z = (k + (c / (kSub * kSub) + 0.5f) / kSub) * h;
                    for (const Obstacle3D& o : scene.obstacles)
                        if (inside(o, x, y, z)) {
                            ++covered;
                            break;
                        }
                }
                solid[i + s.nx * (j + size_t(s.ny) * k)] = covered / float(kSub * kSub * kSub);
            }
    return solid;
}

std::unique_ptr<SmokeSolver3D> createSolver(std::shared_ptr<Context> context, const Scene3D& scene) {
    auto solver = std::make_unique<SmokeSolver3D>(std::move(context), scene.settings);
    const std::vector<float> mask = obstacleMask(scene);
    if (!mask.empty()) solver->setSolidMask(mask);
    return solver;
}

} // namespace billow::scene
