// GPU-side stopping of an iterative pressure solve at a relative residual tolerance, without a
// host round trip (shaders/pressure/gate.comp). Every dispatch of a gated iteration is indirect
// and reads its group counts from the gate's state buffer; a check kernel after each iteration
// zeroes those counts once the tolerance is met, so the rest of the recorded iterations dispatch
// no workgroups. The state buffer also holds the measured residual, the iteration count and the
// conjugate gradient scalars.
#pragma once

#include <compare>
#include <cstdint>
#include <map>
#include <vector>

#include "core/context_state.hpp"
#include "core/gpu_buffer.hpp"
#include "core/kernel_set.hpp"
#include "pressure/pressure_types.h"

namespace billow::detail {

// The workgroups of one dispatch along x, y and z (z = 1 on a 2D grid).
struct GroupCounts {
    uint32_t x = 1, y = 1, z = 1;
    auto operator<=>(const GroupCounts&) const = default;
};

class PressureGate {
public:
    // `dispatchGroups`: the group counts of every dispatch a gated solve may record.
    PressureGate(ContextState& context, KernelSet& kernels, const std::vector<GroupCounts>& dispatchGroups);

    VkBuffer state() const noexcept { return state_.handle(); }
    VkBuffer commands() const noexcept { return commands_.handle(); }
    // Where the indirect command (a VkDispatchIndirectCommand) for a dispatch of `groups` lives in
    // commands().
    VkDeviceSize commandOffset(const GroupCounts& groups) const;

    // Opens a solve: clears the measurements and lets every gated dispatch run.
    void recordBegin(VkCommandBuffer cmd);
    // Compares the residual accumulated since the last check with tolerance * max |rhs|; see
    // pressure/gate.comp. `finalCheck`: no iteration follows, so none is counted. `stallRatio` > 0
    // also stops once the residual falls by less than that factor in two iterations.
    void recordCheck(VkCommandBuffer cmd, float tolerance, bool finalCheck, float stallRatio = 0.0f);
    // Copies the report words (residual, rhs, iterations, converged; BILLOW_REPORT_WORDS) to
    // `destination` at `offset`, or only iterations and converged (to offset + 8) when
    // `countsOnly`. The caller places the barriers around it.
    void recordReportCopy(VkCommandBuffer cmd, VkBuffer destination, VkDeviceSize offset, bool countsOnly) const;

private:
    // The gate kernel (one workgroup) on this gate's buffers.
    kernels::PressureGate::Bindings gateBindings() const;
    // Makes the gate kernel's writes visible to the indirect reads and kernels that follow.
    void recordGateBarrier(VkCommandBuffer cmd) const;

    ContextState& context_;
    KernelSet& kernels_;
    GpuBuffer state_, commands_;
    std::map<GroupCounts, uint32_t> slots_;  // group counts -> command slot
};

} // namespace billow::detail
