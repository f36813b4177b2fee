#include "common/smoke_shared.hpp"

#include <cmath>

namespace billow::scene {

void measureDivergence(const std::vector<float>& divergence, const std::vector<float>& solid, double& largest,
                       double& mean) {
    double sum = 0.0, top = 0.0;
    size_t count = 0;
    for (size_t k = 0; k < divergence.size(); ++k) {
        if (solid[k] >= 1.0f) continue;
        const double d = std::fabs(divergence[k]);
        sum += d;
        top = maxKeepingNaN(top, d);
        ++count;
    }
    largest = top;
    mean = count ? sum / count : 0.0;
}

namespace detail {

float peekAmbientTemperature(ObjectReader& top, float fallback) {
    float ambient = fallback;
    if (const nlohmann::json* settings = top.child("settings"))
        if (settings->is_object() && settings->contains("ambientTemperature")) {
            try {
                ambient = realAt((*settings)["ambientTemperature"], "settings.ambientTemperature", Range::positive());
            } catch (const SceneError&) {
                // The settings reader reports it under its key.
            }
        }
    return ambient;
}

} // namespace detail

} // namespace billow::scene
