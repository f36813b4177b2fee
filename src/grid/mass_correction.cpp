#include "grid/mass_correction.hpp"

#include <algorithm>

#include "core/barriers.hpp"
#include "grid/field_buffers.hpp"

namespace billow::detail {

MassCorrection::MassCorrection(ContextState& context, size_t cells)
    : context_(&context), cells_(static_cast<uint32_t>(cells)),
      groups_(std::min<uint32_t>(KernelSet::groupsCovering(static_cast<uint32_t>(cells), BILLOW_MASS_GROUP),
                                 BILLOW_MASS_MAX_GROUPS)) {
    partials_ = fieldBufferOfBytes(context, VkDeviceSize(BILLOW_MASS_MAX_FIELDS) * BILLOW_MASS_MAX_GROUPS * 4 * sizeof(float));
    factors_ = fieldBuffer(context, BILLOW_MASS_MAX_FIELDS);
}

void MassCorrection::recordFactors(VkCommandBuffer cmd, KernelSet& kernels, size_t fields) const {
    if (fields > BILLOW_MASS_MAX_FIELDS) throw Error("internal: more mass-corrected fields than slots");
    computeBarrier(*context_, cmd);
    for (size_t f = 0; f < fields; ++f)
        kernels.dispatchGroups(cmd, kernels::MassFactor::Bindings{.partials = partials_.handle(), .factors = factors_.handle()},
                               gpu::MassFactorPush{static_cast<int>(groups_), static_cast<int>(f), kMaxChangePerStep, 0}, 1, 1);
    computeBarrier(*context_, cmd);
}

void MassCorrection::recordFactorsAndScale(VkCommandBuffer cmd, KernelSet& kernels,
                                           std::span<const VkBuffer> advected) const {
    recordFactors(cmd, kernels, advected.size());
    for (size_t f = 0; f < advected.size(); ++f)
        kernels.dispatchGroups(cmd, kernels::MassScale::Bindings{.field = advected[f], .factors = factors_.handle()},
                               gpu::MassScalePush{static_cast<int>(cells_), static_cast<int>(f), 0, 0}, groups_, 1);
    computeBarrier(*context_, cmd);
}

} // namespace billow::detail
