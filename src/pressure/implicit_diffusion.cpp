#include "pressure/implicit_diffusion.hpp"

#include <algorithm>

#include "pressure/mac_stencil.hpp"

namespace billow::detail {

ImplicitDiffusion::ImplicitDiffusion(ContextState& context, const std::vector<GridShape>& shapes, float cellSize,
                                     const PoissonSides& sides, int dimensions, uint32_t fields)
    : shapes_(shapes), cellSize_(cellSize), sides_(sides) {
    size_t cells = 0;
    std::array<size_t, 3> faces{};
    for (const GridShape& s : shapes) {
        cells = std::max(cells, s.cells());
        for (int a = 0; a < dimensions; ++a) faces[a] = std::max(faces[a], s.faces(a));
    }
    for (int a = 0; a < dimensions; ++a) weights_[a] = fieldBuffer(context, faces[a]);
    shift_ = fieldBuffer(context, cells);
    rhs_ = fieldBuffer(context, cells);
    for (int c = 0; c < 2; ++c) delta_.copies[c] = fieldBuffer(context, cells);
    for (const GridShape& s : shapes) {
        PoissonSystem system;
        system.shape = s;
        system.cellSize = cellSize;
        system.sides = sides;
        system.weights = {weights_[0].handle(), weights_[1].handle(), weights_[2].handle()};
        system.unknown = &delta_;
        system.rhs = rhs_.handle();
        system.shift = shift_.handle();
        systems_.push_back(std::make_unique<PoissonSolver>(context, system, makeMacStencil(dimensions, context.workgroups)));
    }
    for (uint32_t f = 0; f < fields; ++f) reports_.push_back(std::make_unique<ResidualReportRing>(context));
}

void ImplicitDiffusion::recordCoarsen(VkCommandBuffer cmd, size_t system) { systems_.at(system)->recordCoarsenWeights(cmd); }

void ImplicitDiffusion::recordSolve(VkCommandBuffer cmd, size_t system, uint32_t maxCycles, float tolerance,
                                    uint32_t field) {
    PoissonSolveSettings settings;
    settings.method = PressureSolverType::Multigrid;
    settings.iterations = maxCycles;
    settings.tolerance = tolerance;
    systems_.at(system)->recordSolve(cmd, settings, 1.0f, &delta_, reports_.at(field).get());
}

uint64_t ImplicitDiffusion::allocatedBytes() const noexcept {
    uint64_t total = shift_.size() + rhs_.size() + delta_.copies[0].size() + delta_.copies[1].size();
    for (const GpuBuffer& w : weights_) total += w.size();
    for (const auto& s : systems_) total += s->allocatedBytes();
    return total;
}

std::vector<uint32_t> ImplicitDiffusion::hostState() const {
    std::vector<uint32_t> state{static_cast<uint32_t>(delta_.current)};
    for (const auto& r : reports_) state.push_back(r->hostState());
    for (const auto& s : systems_) state.push_back(s->hostState());
    return state;
}

void ImplicitDiffusion::restoreHostState(const std::vector<uint32_t>& saved) noexcept {
    size_t i = 0;
    delta_.current = static_cast<int>(saved[i++]);
    for (const auto& r : reports_) r->restoreHostState(saved[i++]);
    for (const auto& s : systems_) s->restoreHostState(saved[i++]);
}

} // namespace billow::detail
