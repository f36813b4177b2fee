#include "smoke/smoke_metrics.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "common/cell_velocity.hpp"
#include "common/finite_state.hpp"

namespace billow::scene {

void measureFields(FieldCache& fields, StepMetrics& m) {
    const SmokeSettings& s = fields.settings();
    const double h = s.cellSize;
    const auto& div = fields.get(Field::Divergence);
    const auto& solid = fields.get(Field::Solid);
    double sum = 0.0, top = 0.0;
    size_t count = 0;
    for (size_t k = 0; k < div.size(); ++k) {
        if (solid[k] >= 1.0f) continue;
        const double d = std::fabs(div[k]);
        sum += d;
        top = maxKeepingNaN(top, d);
        ++count;
    }
    m.maxDivergence = top;
    m.meanDivergence = count ? sum / count : 0.0;

    double squares = 0.0;
    for (float u : fields.get(Field::VelocityX)) squares += double(u) * u;
    for (float v : fields.get(Field::VelocityY)) squares += double(v) * v;
    m.kineticEnergy = 0.5 * h * h * squares;
    m.maxSpeed = largestSpeed(fields.cellVelocity());

    m.totalDensity = 0.0;
    for (float d : fields.get(Field::Density)) m.totalDensity += d;
    m.totalDensity *= h * h;
    const double dyeArea = (s.nx * h / s.effectiveDyeNx()) * (s.ny * h / s.effectiveDyeNy());
    const auto& dye = fields.get(Field::Dye);
    m.totalDye = {0, 0, 0, 0};
    for (size_t k = 0; k < dye.size(); ++k) m.totalDye[k % 4] += dye[k];
    for (double& c : m.totalDye) c *= dyeArea;
}

nlohmann::ordered_json metricsRecord(const StepMetrics& m) {
    nlohmann::ordered_json line;
    line["step"] = m.step;
    line["time"] = m.time;
    nlohmann::ordered_json gpu = nlohmann::ordered_json::object();
    double total = 0.0;
    for (const PassTiming& t : m.gpu) {
        gpu[passName(t.pass)] = t.milliseconds;
        total += t.milliseconds;
    }
    line["gpuMs"] = gpu;
    line["gpuMsTotal"] = total;
    line["wallMs"] = m.wallMs;
    line["maxDivergence"] = m.maxDivergence;
    line["meanDivergence"] = m.meanDivergence;
    line["kineticEnergy"] = m.kineticEnergy;
    line["maxSpeed"] = m.maxSpeed;
    line["totalDensity"] = m.totalDensity;
    line["totalDye"] = m.totalDye;
    return line;
}

} // namespace billow::scene
