// How a pressure solve's kernels are recorded: each dispatch directly, or, while a solve stops at a
// tolerance, indirectly through the gate (its group counts read from the gate's commands, which
// the gate zeroes once the solve has converged: see pressure_gate.hpp). The solver's methods and
// the stencil's primitives record every dispatch through this one object, so whether a dispatch
// is gated is a parameter of the recording, never a mode flag on the solver.
#pragma once

#include <initializer_list>
#include <string_view>

#include "core/barriers.hpp"
#include "core/kernel_set.hpp"
#include "pressure/pressure_gate.hpp"

namespace billow::detail {

class PoissonDispatch {
public:
    // `gate` null: every dispatch is direct.
    PoissonDispatch(ContextState& context, KernelSet& kernels, const PressureGate* gate)
        : context_(context), kernels_(kernels), gate_(gate) {}

    bool gated() const noexcept { return gate_ != nullptr; }

    // `kernel` with `grid` (a level's uniform block) at binding 0 and `storage` at bindings 1..,
    // over width x height threads.
    template <class Push>
    void dispatch(VkCommandBuffer cmd, VkBuffer grid, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                  const Push& push, uint32_t width, uint32_t height) const {
        if (gate_) kernels_.dispatchIndirect(cmd, grid, kernel, storage, push, gate_->commands(), gate_->commandOffset(width, height));
        else kernels_.dispatchWithGrid(cmd, grid, kernel, storage, push, width, height);
    }

    // The next dispatch may read or write what the previous ones wrote.
    void barrier(VkCommandBuffer cmd) const { computeBarrier(context_, cmd); }

private:
    ContextState& context_;
    KernelSet& kernels_;
    const PressureGate* gate_;
};

} // namespace billow::detail
