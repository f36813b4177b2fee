#include "smoke/smoke_setup.hpp"

namespace billow::scene {

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
    // The parser has added the vortices into the velocities already.
    if (!in.velocityX.empty()) solver->upload(Field::VelocityX, in.velocityX);
    if (!in.velocityY.empty()) solver->upload(Field::VelocityY, in.velocityY);
    if (!in.density.empty()) solver->upload(Field::Density, in.density);
    if (!in.temperature.empty()) solver->upload(Field::Temperature, in.temperature);
    if (!in.pressure.empty()) solver->upload(Field::Pressure, in.pressure);
    if (!in.dye.empty()) solver->upload(Field::Dye, in.dye);
    return solver;
}

} // namespace billow::scene
