#include "core/health_ring.hpp"

#include <algorithm>
#include <bit>

#include "core/barriers.hpp"
#include "health/health_types.h"

namespace billow::detail {

namespace kernels = detail::kernels;

HealthRing::HealthRing(ContextState& context, std::vector<std::string> fieldNames, std::string solver)
    : context_(&context), ring_(context, kSlots, BILLOW_HEALTH_WORDS), fieldNames_(std::move(fieldNames)),
      solver_(std::move(solver)) {
    if (fieldNames_.size() > BILLOW_HEALTH_MAX_FIELDS) throw Error("internal: a solver scans at most 16 fields");
}

void HealthRing::recordScan(VkCommandBuffer cmd, KernelSet& kernelSet, std::span<const ScannedField> fields) {
    if (fields.size() != fieldNames_.size()) throw Error("internal: the scanned fields do not match their names");
    limits_.resize(fields.size());
    for (size_t f = 0; f < fields.size(); ++f) limits_[f] = fields[f].limit;
    const ContextState& cs = *context_;
    const uint64_t step = scans_ + 1;
    const uint32_t slot = ring_.slotFor(scans_);
    // The slot: stamped with the step, no field found yet. The ring's previous writer is the scan
    // kSlots steps ago; the fields' last writer the solver's last pass.
    memoryBarrier(cs, cmd, kComputeReadWrite, kTransferWrite);
    ring_.recordFill(cs, cmd, slot, BILLOW_HEALTH_STAMP, 1, static_cast<uint32_t>(step));
    ring_.recordFill(cs, cmd, slot, BILLOW_HEALTH_MASK, 1, 0u);
    ring_.recordFill(cs, cmd, slot, BILLOW_HEALTH_FIRST_INDEX, BILLOW_HEALTH_MAX_FIELDS, 0xffffffffu);
    ring_.recordFill(cs, cmd, slot, BILLOW_HEALTH_BEYOND_LIMIT, BILLOW_HEALTH_MAX_FIELDS, 0u);
    memoryBarrier(cs, cmd, kTransferWrite, kComputeReadWrite);
    for (size_t f = 0; f < fields.size(); ++f) {
        const uint32_t words = static_cast<uint32_t>(fields[f].bytes / sizeof(uint32_t));
        if (words == 0 || !fields[f].buffer) continue;
        const uint32_t groups = std::min<uint32_t>(KernelSet::groupsCovering(words, BILLOW_HEALTH_GROUP),
                                                   BILLOW_HEALTH_MAX_GROUPS);
        const gpu::NonFiniteScanPush push{static_cast<int>(words), static_cast<int>(f),
                                          static_cast<int>(ring_.offset(slot) / sizeof(uint32_t)),
                                          fields[f].halves ? 1 : 0, fields[f].halves ? 0.0f : fields[f].limit};
        kernelSet.dispatchGroups(cmd, kernels::HealthNonfiniteScan::Bindings{.field = fields[f].buffer, .report = ring_.buffer()},
                                 push, groups, 1);
    }
    // Later passes may overwrite the fields (and the next scan the ring); the host reads the slot.
    computeBarrier(cs, cmd);
    memoryBarrier(cs, cmd, kComputeReadWrite, kHostRead);
    ++scans_;
}

std::optional<SolverHealth> HealthRing::readStep(uint64_t step) const {
    if (step == 0 || step > scans_ || scans_ - step >= kSlots) return std::nullopt;
    const std::span<const uint32_t> words = ring_.slot(ring_.slotFor(step - 1));
    if (words[BILLOW_HEALTH_STAMP] != static_cast<uint32_t>(step)) return std::nullopt;  // not run yet
    SolverHealth h;
    h.available = true;
    h.step = step;
    const uint32_t mask = words[BILLOW_HEALTH_MASK];
    h.finite = mask == 0;
    for (uint32_t f = 0; f < fieldNames_.size(); ++f)
        if (mask & (1u << f)) {
            if (h.nonFiniteFields.empty()) h.firstIndex = words[BILLOW_HEALTH_FIRST_INDEX + f];
            h.nonFiniteFields.push_back(fieldNames_[f]);
        }
    for (uint32_t f = 0; f < fieldNames_.size(); ++f)
        if (const uint32_t bits = words[BILLOW_HEALTH_BEYOND_LIMIT + f])
            h.beyondLimit.push_back({fieldNames_[f], std::bit_cast<float>(bits), limits_[f]});
    return h;
}

SolverHealth HealthRing::read(uint32_t recordsAgo) const {
    if (recordsAgo >= kSlots)
        throw InvalidArgument("health: recordsAgo", "must be < " + std::to_string(kSlots) + " (got " +
                                                        std::to_string(recordsAgo) + ")");
    if (scans_ <= recordsAgo) return {};
    return readStep(scans_ - recordsAgo).value_or(SolverHealth{});
}

void HealthRing::throwIfReported() {
    const uint64_t oldest = scans_ >= kSlots ? scans_ - kSlots + 1 : 1;
    for (uint64_t step = std::max(oldest, thrownThrough_ + 1); step <= scans_; ++step) {
        const std::optional<SolverHealth> h = readStep(step);
        if (!h || h->finite) continue;
        thrownThrough_ = step;  // thrown once: the engine may repair the state and step on
        throw NonFiniteError(h->nonFiniteFields.front(), step, h->firstIndex, solver_);
    }
}

} // namespace billow::detail
