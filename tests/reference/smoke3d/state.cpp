#include "reference/smoke3d/state.hpp"

#include <algorithm>

namespace billow::smoke3d_ref {

State downloadState(SmokeSolver3D& solver) {
    auto promoted = [&](Field3D field) {
        if (solver.fieldSize(field) == 0) return Values{};
        const std::vector<float> values = solver.download(field);
        return Values(values.begin(), values.end());
    };
    State s;
    s.vel = {promoted(Field3D::VelocityX), promoted(Field3D::VelocityY), promoted(Field3D::VelocityZ)};
    s.density = promoted(Field3D::Density);
    s.temperature = promoted(Field3D::Temperature);
    s.fuel = promoted(Field3D::Fuel);
    s.colour = promoted(Field3D::Colour);
    s.pressure = promoted(Field3D::Pressure);
    s.divergence = promoted(Field3D::Divergence);
    s.vorticity = promoted(Field3D::Vorticity);
    s.solid = promoted(Field3D::Solid);
    s.open = {promoted(Field3D::OpenX), promoted(Field3D::OpenY), promoted(Field3D::OpenZ)};
    return s;
}

double fluidFraction(const Grid& g, const State& s, Index c) { return std::clamp(1.0 - s.solid[g.cell(c)], 0.0, 1.0); }

} // namespace billow::smoke3d_ref
