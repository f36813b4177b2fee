#include "water/water_metrics.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "common/cell_velocity.hpp"
#include "common/finite_state.hpp"

namespace billow::scene {

void measureFields(WaterFieldCache& fields, WaterStepMetrics& m) {
    const WaterSettings& s = fields.settings();
    const double area = double(s.cellSize) * s.cellSize;
    const auto& depth = fields.get(WaterField::Depth);
    m.totalWater = m.maxDepth = m.wetArea = 0.0;
    for (float d : depth) {
        m.totalWater += d;
        m.maxDepth = maxKeepingNaN(m.maxDepth, double(d));
        if (d > s.dryDepth) m.wetArea += area;
    }
    m.totalWater *= area;
    m.totalDye = 0.0;
    for (float d : fields.get(WaterField::Dye)) m.totalDye += d;
    m.totalDye *= area;
    m.maxSpeed = largestSpeed(fields.get(WaterField::Velocity));

    // Flows are positive towards +x / +y: out through the right and top, in through the left and
    // bottom. The boundary faces hold the flows of the step's last substep.
    m.boundaryOutflow = m.boundaryInflow = 0.0;
    auto add = [&](double outward) { (outward > 0 ? m.boundaryOutflow : m.boundaryInflow) += std::fabs(outward); };
    const auto& fx = fields.get(WaterField::FlowX);
    const auto& fy = fields.get(WaterField::FlowY);
    for (uint32_t j = 0; j < s.ny; ++j) {
        add(-fx[j * size_t(s.nx + 1)]);
        add(fx[s.nx + j * size_t(s.nx + 1)]);
    }
    for (uint32_t i = 0; i < s.nx; ++i) {
        add(-fy[i]);
        add(fy[i + size_t(s.ny) * s.nx]);
    }
}

nlohmann::ordered_json metricsRecord(const WaterStepMetrics& m) {
    const nlohmann::ordered_json gpu = m.gpuMs ? nlohmann::ordered_json(*m.gpuMs) : nlohmann::ordered_json(nullptr);
    return nlohmann::ordered_json{{"step", m.step},         {"time", m.time},
                                  {"substeps", m.substeps}, {"gpuMs", gpu},
                                  {"wallMs", m.wallMs},     {"totalWater", m.totalWater},
                                  {"addedWater", m.addedWater}, {"boundaryOutflow", m.boundaryOutflow},
                                  {"boundaryInflow", m.boundaryInflow}, {"maxDepth", m.maxDepth},
                                  {"maxSpeed", m.maxSpeed}, {"wetArea", m.wetArea},
                                  {"totalDye", m.totalDye}};
}

} // namespace billow::scene
