#include "reference/smoke3d/state.hpp"

#include <algorithm>

namespace billow::smoke3d_ref {

State downloadState(SmokeSolver3D& solver) {
    auto promoted = [&](SmokeField3D field) {
        if (solver.fieldSize(field) == 0) return Values{};
        const std::vector<float> values = solver.download(field);
        return Values(values.begin(), values.end());
    };
    State s;
    s.vel = {promoted(SmokeField3D::VelocityX), promoted(SmokeField3D::VelocityY), promoted(SmokeField3D::VelocityZ)};
    s.density = promoted(SmokeField3D::Density);
    s.temperature = promoted(SmokeField3D::Temperature);
    s.fuel = promoted(SmokeField3D::Fuel);
    s.colour = promoted(SmokeField3D::Colour);
    s.pressure = promoted(SmokeField3D::Pressure);
    s.divergence = promoted(SmokeField3D::Divergence);
    s.vorticity = promoted(SmokeField3D::Vorticity);
    s.solid = promoted(SmokeField3D::Solid);
    s.open = {promoted(SmokeField3D::OpenX), promoted(SmokeField3D::OpenY), promoted(SmokeField3D::OpenZ)};
    s.solidVelocity = {promoted(SmokeField3D::SolidVelocityX), promoted(SmokeField3D::SolidVelocityY),
                       promoted(SmokeField3D::SolidVelocityZ)};
    s.expansionSource = promoted(SmokeField3D::ExpansionSource);
    return s;
}

double fluidFraction(const Grid& g, const State& s, Index c) { return std::clamp(1.0 - s.solid[g.cell(c)], 0.0, 1.0); }

} // namespace billow::smoke3d_ref
