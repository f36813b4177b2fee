// Non-finite detection on the GPU: one scan per recorded step over a solver's state fields
// (shaders/health/nonfinite_scan.comp), reported on a host-visible readback ring of kSlots slots
// (BILLOW_HEALTH_WORDS words each: the step's stamp, the mask of non-finite fields, the lowest
// non-finite index per field) and read without waiting, like the pressure residual reports.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "billow/health.hpp"
#include "core/kernel_set.hpp"
#include "core/readback_ring.hpp"

namespace billow::detail {

// One field the scan reads: its current buffer and its size in 32-bit words.
struct ScannedField {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize bytes = 0;
    bool halves = false;  // two float16 values per word (the Float16 dye)
    float limit = 0.0f;   // the physical limit on |value| (billow/health.hpp; float32 fields; 0: none)
};

class HealthRing {
public:
    // A slot is rewritten kSlots steps later: a host with frames in flight reads up to
    // kSlots - 1 steps back.
    static constexpr uint32_t kSlots = 4;

    HealthRing() = default;
    // `fieldNames` in the solver's order (at most BILLOW_HEALTH_MAX_FIELDS); `solver` names the
    // solver in errors ("SmokeSolver").
    HealthRing(ContextState& context, std::vector<std::string> fieldNames, std::string solver);

    // Records the scan of `fields` (in the order of the names) into the next slot, with its
    // barriers: after the solver's last pass, before later compute work and host reads.
    void recordScan(VkCommandBuffer cmd, KernelSet& kernels, std::span<const ScannedField> fields);
    // The scan `recordsAgo` scans back (< kSlots).
    SolverHealth read(uint32_t recordsAgo) const;
    // With NonFiniteCheck::Throw, before recording a step: NonFiniteError naming the first field
    // of the earliest completed scan that found a non-finite value and was not thrown before.
    void throwIfReported();

    // The scan count and the last step thrown for, saved and put back around a failed step.
    struct HostState {
        uint64_t scans = 0;
        uint64_t thrownThrough = 0;
    };
    HostState hostState() const noexcept { return {scans_, thrownThrough_}; }
    void restoreHostState(HostState saved) noexcept { scans_ = saved.scans; thrownThrough_ = saved.thrownThrough; }

private:
    // The report of scan `step` (1-based) if its slot still holds it.
    std::optional<SolverHealth> readStep(uint64_t step) const;

    ContextState* context_ = nullptr;
    ReadbackRing ring_;
    std::vector<std::string> fieldNames_;
    std::vector<float> limits_;  // each field's limit, as the last scan recorded it
    std::string solver_;
    uint64_t scans_ = 0;          // scans recorded so far
    uint64_t thrownThrough_ = 0;  // reports of steps up to this one were thrown already
};

} // namespace billow::detail
