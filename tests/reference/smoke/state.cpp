#include "reference/smoke/state.hpp"

namespace billow::smoke_ref {

State downloadState(SmokeSolver& solver) {
    auto promoted = [&](billow::SmokeField field) {
        const std::vector<float> values = solver.download(field);
        return Values(values.begin(), values.end());
    };
    State s;
    s.u = promoted(billow::SmokeField::VelocityX);
    s.v = promoted(billow::SmokeField::VelocityY);
    s.density = promoted(billow::SmokeField::Density);
    s.temperature = promoted(billow::SmokeField::Temperature);
    s.dye = promoted(billow::SmokeField::Dye);
    s.pressure = promoted(billow::SmokeField::Pressure);
    s.divergence = promoted(billow::SmokeField::Divergence);
    s.curl = promoted(billow::SmokeField::Curl);
    s.solid = promoted(billow::SmokeField::Solid);
    s.openX = promoted(billow::SmokeField::OpenX);
    s.openY = promoted(billow::SmokeField::OpenY);
    s.solidVelocityX = promoted(billow::SmokeField::SolidVelocityX);
    s.solidVelocityY = promoted(billow::SmokeField::SolidVelocityY);
    return s;
}

} // namespace billow::smoke_ref
