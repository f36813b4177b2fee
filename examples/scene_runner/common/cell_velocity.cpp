#include "common/cell_velocity.hpp"

#include <algorithm>
#include <cmath>

#include "common/finite_state.hpp"

namespace billow::scene {

std::vector<float> cellSpeeds(const std::vector<float>& velocity) {
    std::vector<float> speed(velocity.size() / 2);
    for (size_t k = 0; k < speed.size(); ++k) speed[k] = std::hypot(velocity[2 * k], velocity[2 * k + 1]);
    return speed;
}

double largestSpeed(const std::vector<float>& velocity) {
    double top = 0.0;
    for (size_t k = 0; k + 1 < velocity.size(); k += 2)
        top = maxKeepingNaN(top, std::hypot(double(velocity[k]), double(velocity[k + 1])));
    return top;
}

} // namespace billow::scene
