// How a pressure solve's kernels are recorded: each dispatch directly, or, while a solve stops at a
// tolerance, indirectly through the gate (its group counts read from the gate's commands, which
// the gate zeroes once the solve has converged: see pressure_gate.hpp). The solver's methods and
// the stencil's primitives record every dispatch through this one object, so whether a dispatch
// is gated is a parameter of the recording, never a mode flag on the solver.
#pragma once

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

    // A typed kernel over width x height [x depth] threads (KernelSet::dispatch); `bindings.uniform`
    // is the level's uniform block.
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push, uint32_t width,
                  uint32_t height, uint32_t depth = 1) const {
        using K = typename B::Kernel;
        if (gate_) kernels_.dispatchIndirect(cmd, bindings, push, gate_->commands(), offset<K>(width, height, depth));
        else kernels_.dispatch(cmd, bindings, push, width, height, depth);
    }
    // The same for a kernel without push constants.
    template <KernelBindings B>
    void dispatch(VkCommandBuffer cmd, const B& bindings, uint32_t width, uint32_t height, uint32_t depth = 1) const {
        using K = typename B::Kernel;
        if (gate_) kernels_.dispatchIndirect(cmd, bindings, gate_->commands(), offset<K>(width, height, depth));
        else kernels_.dispatch(cmd, bindings, width, height, depth);
    }
    // A kernel that shapes its own workgroup, in workgroups (KernelSet::dispatchGroups).
    template <KernelBindings B>
    void dispatchGroups(VkCommandBuffer cmd, const B& bindings, const typename B::Kernel::Push& push,
                        uint32_t groupsX, uint32_t groupsY, uint32_t groupsZ = 1) const {
        if (gate_)
            kernels_.dispatchIndirect(cmd, bindings, push, gate_->commands(),
                                      gate_->commandOffset({groupsX, groupsY, groupsZ}));
        else kernels_.dispatchGroups(cmd, bindings, push, groupsX, groupsY, groupsZ);
    }

    // The next dispatch may read or write what the previous ones wrote.
    void barrier(VkCommandBuffer cmd) const { computeBarrier(context_, cmd); }

private:
    // The gate's command for kernel K over width x height x depth threads.
    template <class K>
    VkDeviceSize offset(uint32_t width, uint32_t height, uint32_t depth) const {
        const WorkgroupSize size = kernels_.localSize(K::id);
        return gate_->commandOffset({KernelSet::groupsCovering(width, size.x), KernelSet::groupsCovering(height, size.y),
                                     KernelSet::groupsCovering(depth, size.z)});
    }

    ContextState& context_;
    KernelSet& kernels_;
    const PressureGate* gate_;
};

} // namespace billow::detail
