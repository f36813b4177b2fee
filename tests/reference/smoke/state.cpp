#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

State downloadState(SmokeSolver& solver) {
    auto promoted = [&](billow::Field field) {
        const std::vector<float> values = solver.download(field);
        return Values(values.begin(), values.end());
    };
    State s;
    s.u = promoted(billow::Field::VelocityX);
    s.v = promoted(billow::Field::VelocityY);
    s.density = promoted(billow::Field::Density);
    s.temperature = promoted(billow::Field::Temperature);
    s.dye = promoted(billow::Field::Dye);
    s.pressure = promoted(billow::Field::Pressure);
    s.divergence = promoted(billow::Field::Divergence);
    s.curl = promoted(billow::Field::Curl);
    s.solid = promoted(billow::Field::Solid);
    s.openX = promoted(billow::Field::OpenX);
    s.openY = promoted(billow::Field::OpenY);
    s.solidVelocityX = promoted(billow::Field::SolidVelocityX);
    s.solidVelocityY = promoted(billow::Field::SolidVelocityY);
    return s;
}

} // namespace billow::smoke_ref
