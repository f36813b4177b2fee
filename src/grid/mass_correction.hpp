// Keeps the total of an advected mass field (smoke density, fuel) to what crossed the domain's
// open sides. Semi-Lagrangian transport is not conservative: where the flow converges (smoke
// piling up under a lid, against an obstacle) or a monotone limiter trims what it samples, the
// total drifts, by tens of percent over a few hundred steps of a plume in a closed box. After each
// advection the field is scaled by one factor, the total it should have (before, less what the
// advecting velocity carried out through inflow and outflow sides) over the total it has
// (shaders/mass/mass_types.h: the solver's sums kernel, then mass_factor and mass_scale). A
// global factor keeps every value's sign and the field's shape; it moves the error of a lost peak
// onto the whole plume, by a fraction of a percent a step.
#pragma once

#include <span>

#include "core/gpu_buffer.hpp"
#include "core/kernel_set.hpp"
#include "mass/mass_types.h"

namespace billow::detail {

class MassCorrection {
public:
    // The largest relative change of a field's total one step's correction makes (a bound that
    // keeps a nearly empty field, whose totals are round-off, from being blown up).
    static constexpr float kMaxChangePerStep = 0.05f;

    MassCorrection() = default;
    // For fields of `cells` cells, at most BILLOW_MASS_MAX_FIELDS of them; allocates 32 kB (every
    // solver, whether its setting is on or not, so turning it on never allocates while recording).
    MassCorrection(ContextState& context, size_t cells);

    // The workgroups of the solver's sums dispatch (which writes field slot f's partial sums).
    uint32_t groups() const noexcept { return groups_; }
    VkBuffer partials() const noexcept { return partials_.handle(); }

    // After the solver's sums dispatches for slots 0 .. fields.size() - 1 (no barrier needed
    // before): the factors, then each field's advected copy scaled, with the barriers between
    // and one after.
    void recordFactorsAndScale(VkCommandBuffer cmd, KernelSet& kernels, std::span<const VkBuffer> advected) const;
    // The first half of it for a solver that scales its fields itself (the sparse grid's pools):
    // the factors of slots 0 .. fields - 1 (factors(), a float per slot), with a barrier before
    // and one after.
    void recordFactors(VkCommandBuffer cmd, KernelSet& kernels, size_t fields) const;
    VkBuffer factors() const noexcept { return factors_.handle(); }
    // GPU memory it holds.
    uint64_t bytes() const noexcept { return partials_.size() + factors_.size(); }

private:
    ContextState* context_ = nullptr;
    uint32_t cells_ = 0, groups_ = 0;
    GpuBuffer partials_, factors_;
};

} // namespace billow::detail
