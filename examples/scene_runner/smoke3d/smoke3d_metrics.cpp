#include "smoke3d/smoke3d_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <nlohmann/json.hpp>

#include "common/finite_state.hpp"

namespace billow::scene {

void measureFields(FieldCache3D& fields, StepMetrics3D& m) {
    const SmokeSettings3D& s = fields.settings();
    const double h = s.cellSize, cellVolume = h * h * h;
    const auto& div = fields.get(Field3D::Divergence);
    const auto& solid = fields.get(Field3D::Solid);
    double sum = 0.0, top = 0.0;
    size_t count = 0;
    for (size_t c = 0; c < div.size(); ++c) {
        if (solid[c] >= 1.0f) continue;
        sum += std::fabs(div[c]);
        top = maxKeepingNaN(top, double(std::fabs(div[c])));
        ++count;
    }
    m.maxDivergence = top;
    m.meanDivergence = count ? sum / count : 0.0;

    double squares = 0.0;
    for (Field3D f : {Field3D::VelocityX, Field3D::VelocityY, Field3D::VelocityZ})
        for (float u : fields.get(f)) squares += double(u) * u;
    m.kineticEnergy = 0.5 * cellVolume * squares;
    const auto& speed = fields.cellSpeed();
    m.maxSpeed = 0.0;
    for (float x : speed) m.maxSpeed = maxKeepingNaN(m.maxSpeed, x);

    const auto& density = fields.get(Field3D::Density);
    double mass = 0.0, moment[3] = {0, 0, 0};
    for (size_t k = 0; k < s.nz; ++k)
        for (size_t j = 0; j < s.ny; ++j)
            for (size_t i = 0; i < s.nx; ++i) {
                const double d = density[i + s.nx * (j + s.ny * k)];
                mass += d;
                moment[0] += d * (i + 0.5) * h;
                moment[1] += d * (j + 0.5) * h;
                moment[2] += d * (k + 0.5) * h;
            }
    m.totalDensity = mass * cellVolume;
    m.densityCentroid.reset();
    if (mass > 1e-12) m.densityCentroid = std::array<double, 3>{moment[0] / mass, moment[1] / mass, moment[2] / mass};

    double fuel = 0.0;
    for (float f : fields.get(Field3D::Fuel)) fuel += f;
    m.totalFuel = fuel * cellVolume;
    const auto& temperature = fields.get(Field3D::Temperature);
    m.maxTemperature = temperature.empty() ? 0.0 : -std::numeric_limits<double>::infinity();
    for (float t : temperature) m.maxTemperature = maxKeepingNaN(m.maxTemperature, t);

    // The Combustion pass writes expansion * burnt / dt per cell: the burn rate follows from it.
    m.fuelBurnRate = 0.0;
    m.burningCells = 0;
    if (s.combustion.enabled && s.combustion.expansion > 0.0f) {
        double rate = 0.0;
        for (float e : fields.get(Field3D::ExpansionSource)) {
            rate += e;
            m.burningCells += e > 0.0f;
        }
        m.fuelBurnRate = rate / s.combustion.expansion * cellVolume;
    }
}

nlohmann::ordered_json metricsRecord(const StepMetrics3D& m) {
    nlohmann::ordered_json line;
    line["step"] = m.step;
    line["time"] = m.time;
    nlohmann::ordered_json gpu = nlohmann::ordered_json::object();
    double total = 0.0;
    for (const PassTiming3D& t : m.gpu) {
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
    line["totalFuel"] = m.totalFuel;
    line["maxTemperature"] = m.maxTemperature;
    line["fuelBurnRate"] = m.fuelBurnRate;
    line["burningCells"] = m.burningCells;
    if (m.densityCentroid) {
        line["densityCentroid"] = *m.densityCentroid;
        line["centroidHeight"] = (*m.densityCentroid)[1];
    } else {
        line["densityCentroid"] = nullptr;
        line["centroidHeight"] = nullptr;
    }
    return line;
}

} // namespace billow::scene
