#include "smoke/smoke_setup.hpp"

#include <cmath>

namespace billow::scene {

namespace {

// Velocity of a Gaussian-cored vortex at offset (dx, dy) from its centre: the tangential speed
// grows linearly in the core, peaks at `speed` at r = radius and decays like a Gaussian outside
// (finite energy, so it does not fill the domain).
std::array<float, 2> vortexVelocity(const Vortex& vortex, float dx, float dy) {
    const float r2 = (dx * dx + dy * dy) / (vortex.radius * vortex.radius);
    const float factor = vortex.speed / vortex.radius * std::exp(0.5f * (1.0f - r2));
    return {-dy * factor, dx * factor};
}

} // namespace

void addVortexVelocities(const Scene& scene, std::vector<float>& u, std::vector<float>& v) {
    const SmokeSettings& s = scene.settings;
    const float h = s.cellSize;
    for (const Vortex& vortex : scene.initial.vortices) {
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i <= s.nx; ++i)
                u[i + j * (s.nx + 1)] += vortexVelocity(vortex, i * h - vortex.centre[0], (j + 0.5f) * h - vortex.centre[1])[0];
        for (uint32_t j = 0; j <= s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i)
                v[i + j * s.nx] += vortexVelocity(vortex, (i + 0.5f) * h - vortex.centre[0], j * h - vortex.centre[1])[1];
    }
}

std::unique_ptr<SmokeSolver> createSolver(std::shared_ptr<Context> context, const Scene& scene) {
    auto solver = std::make_unique<SmokeSolver>(std::move(context), scene.settings);
    if (!scene.maskSolid.empty()) solver->setSolidMask(scene.maskSolid);
    for (const Obstacle& o : scene.obstacles) {
        switch (o.shape) {
        case Obstacle::Shape::Circle: solver->addCircleObstacle(o.centre[0], o.centre[1], o.radius); break;
        case Obstacle::Shape::Box: solver->addBoxObstacle(o.min[0], o.min[1], o.max[0], o.max[1]); break;
        case Obstacle::Shape::Walls: solver->addWallObstacles(o.thickness, o.sides); break;
        }
    }
    const InitialFields& in = scene.initial;
    if (!in.vortices.empty() || !in.velocityX.empty() || !in.velocityY.empty()) {
        std::vector<float> u = in.velocityX.empty() ? std::vector<float>(solver->fieldSize(Field::VelocityX)) : in.velocityX;
        std::vector<float> v = in.velocityY.empty() ? std::vector<float>(solver->fieldSize(Field::VelocityY)) : in.velocityY;
        addVortexVelocities(scene, u, v);
        solver->upload(Field::VelocityX, u);
        solver->upload(Field::VelocityY, v);
    }
    if (!in.density.empty()) solver->upload(Field::Density, in.density);
    if (!in.temperature.empty()) solver->upload(Field::Temperature, in.temperature);
    if (!in.pressure.empty()) solver->upload(Field::Pressure, in.pressure);
    if (!in.dye.empty()) solver->upload(Field::Dye, in.dye);
    return solver;
}

} // namespace billow::scene
