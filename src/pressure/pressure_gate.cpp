#include "pressure/pressure_gate.hpp"

#include <span>
#include <string>

#include "core/barriers.hpp"

namespace billow::detail {
namespace {
constexpr uint32_t kFullCommands = 3 * BILLOW_GATE_SLOTS;  // where the full-size commands start
// pressure/residual.comp measures into the gate with slot 0: its two words are the accumulators.
static_assert(BILLOW_GATE_RESIDUAL_ACC == 0 && BILLOW_GATE_RHS_ACC == 1);
static_assert(BILLOW_GATE_RHS == BILLOW_GATE_RESIDUAL + 1 && BILLOW_GATE_ITERATIONS == BILLOW_GATE_RESIDUAL + 2 &&
              BILLOW_GATE_CONVERGED == BILLOW_GATE_RESIDUAL + 3 && BILLOW_REPORT_STAMP == 4);
} // namespace

PressureGate::PressureGate(ContextState& context, KernelSet& kernels, const std::vector<GroupCounts>& dispatchGroups)
    : context_(context), kernels_(kernels) {
    static_assert(sizeof(VkDispatchIndirectCommand) == 3 * sizeof(uint32_t));
    std::vector<uint32_t> words(2 * kFullCommands, 0u);
    for (const GroupCounts& groups : dispatchGroups) {
        if (slots_.count(groups)) continue;
        const uint32_t slot = static_cast<uint32_t>(slots_.size());
        if (slot >= BILLOW_GATE_SLOTS) throw Error("internal: more than BILLOW_GATE_SLOTS gated dispatch sizes");
        slots_.emplace(groups, slot);
        words[kFullCommands + 3 * slot] = groups.x;
        words[kFullCommands + 3 * slot + 1] = groups.y;
        words[kFullCommands + 3 * slot + 2] = groups.z;
    }
    state_ = GpuBuffer(context, BILLOW_GATE_STATE_WORDS * sizeof(uint32_t),
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       GpuBuffer::Kind::DeviceLocal);
    commands_ = GpuBuffer(context, words.size() * sizeof(uint32_t),
                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                              VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                          GpuBuffer::Kind::DeviceLocal);
    fillZero(context, state_.handle(), state_.size());
    uploadBytes(context, commands_.handle(), std::as_bytes(std::span(words)));
}

VkDeviceSize PressureGate::commandOffset(const GroupCounts& groups) const {
    auto it = slots_.find(groups);
    if (it == slots_.end())
        throw Error("internal: gated dispatch of " + std::to_string(groups.x) + " x " + std::to_string(groups.y) +
                    " x " + std::to_string(groups.z) + " workgroups was not registered");
    return VkDeviceSize(3 * it->second) * sizeof(uint32_t);
}

kernels::PressureGate::Bindings PressureGate::gateBindings() const {
    return {.state = state_.handle(), .commands = commands_.handle()};
}

void PressureGate::recordGateBarrier(VkCommandBuffer cmd) const {
    memoryBarrier(context_, cmd, kComputeReadWrite,
                  {VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT});
}

void PressureGate::recordBegin(VkCommandBuffer cmd) {
    // The previous solve's indirect reads and report copy come before this rewrite.
    memoryBarrier(context_, cmd,
                  {VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT |
                       VK_PIPELINE_STAGE_TRANSFER_BIT,
                   VK_ACCESS_SHADER_WRITE_BIT},
                  kComputeReadWrite);
    kernels_.dispatchGroups(cmd, gateBindings(), gpu::GatePush{0, 0.0f, 0, 0.0f}, 1, 1);
    recordGateBarrier(cmd);
}

void PressureGate::recordCheck(VkCommandBuffer cmd, float tolerance, bool finalCheck, float stallRatio) {
    kernels_.dispatchGroups(cmd, gateBindings(), gpu::GatePush{1, tolerance, finalCheck ? 1 : 0, stallRatio}, 1, 1);
    recordGateBarrier(cmd);
}

void PressureGate::recordReportCopy(VkCommandBuffer cmd, VkBuffer destination, VkDeviceSize offset,
                                    bool countsOnly) const {
    const uint32_t first = countsOnly ? BILLOW_GATE_ITERATIONS : BILLOW_GATE_RESIDUAL;
    VkBufferCopy region{VkDeviceSize(first) * sizeof(uint32_t),
                        offset + VkDeviceSize(first - BILLOW_GATE_RESIDUAL) * sizeof(uint32_t),
                        VkDeviceSize(BILLOW_GATE_CONVERGED + 1 - first) * sizeof(uint32_t)};
    context_.vk.vkCmdCopyBuffer(cmd, state_.handle(), destination, 1, &region);
}

} // namespace billow::detail
