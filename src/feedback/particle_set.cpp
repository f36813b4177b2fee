#include "feedback/particle_set.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "billow/error.hpp"
#include "core/barriers.hpp"
#include "core/validation.hpp"

namespace billow::detail {

namespace {
// A download slot's item word: the particle count, and this bit when the velocities were copied
// after the positions.
constexpr uint32_t kWithVelocitiesBit = 0x80000000u;

void requireElementOffset(VkDeviceSize offset, const char* field) {
    if (offset % 16 != 0)
        throw InvalidArgument(field, "must be a multiple of 16 bytes (one float4 particle; got " +
                                         std::to_string(offset) + ")");
    // The kernels index elements with 32-bit words.
    if (offset / 16 + kMaxParticles > 0xFFFFFFFFull)
        throw InvalidArgument(field, "is beyond what a 32-bit element index reaches (got " + std::to_string(offset) + ")");
}
} // namespace

void ParticleSet::assign(ContextState& cs, KernelSet& kernels, const ParticleBuffers& buffers,
                         const ParticleSettings& settings, bool gravityAllowed) {
    requireAtMost(buffers.count, kMaxParticles, "ParticleBuffers.count");
    if (buffers.count > 0 && buffers.positions == VK_NULL_HANDLE)
        throw InvalidArgument("ParticleBuffers.positions", "is VK_NULL_HANDLE while count is " +
                                                                std::to_string(buffers.count));
    requireElementOffset(buffers.positionsOffset, "ParticleBuffers.positionsOffset");
    requireElementOffset(buffers.velocitiesOffset, "ParticleBuffers.velocitiesOffset");
    requireNonNegative(settings.drag, "ParticleSettings.drag");
    requireBounded(settings.gravityScale, "ParticleSettings.gravityScale");
    if (settings.drag > 0.0f && buffers.count > 0 && buffers.velocities == VK_NULL_HANDLE)
        throw InvalidArgument("ParticleBuffers.velocities",
                              "is VK_NULL_HANDLE, but heavy particles (ParticleSettings.drag > 0) keep their velocity there");
    if (settings.gravityScale != 0.0f && !gravityAllowed)
        throw InvalidArgument("ParticleSettings.gravityScale", "must be 0 on water: the particles ride the surface");
    if (settings.gravityScale != 0.0f && settings.drag == 0.0f)
        throw InvalidArgument("ParticleSettings.gravityScale",
                              "must be 0 for tracers (drag 0 moves with the flow exactly); give a drag > 0 for "
                              "particles that fall");
    if (ring_.empty()) ring_ = ResultRing(cs, BILLOW_PARTICLE_COUNTERS);
    // Positions, then velocities when there is a buffer: 4 words each a particle.
    const uint32_t downloadWords = buffers.count * (buffers.velocities != VK_NULL_HANDLE ? 8u : 4u);
    if (settings.download && (downloads_.empty() || downloads_.payloadWords() < downloadWords)) {
        // A copy may still be on its way into the old ring (an engine's frame in flight).
        if (!downloads_.empty()) cs.waitIdle();
        downloads_ = ResultRing(cs, downloadWords);
    }
    cs_ = &cs;
    forget(kernels, buffers);
    buffers_ = buffers;
    settings_ = settings;
}

void ParticleSet::recordDownload(VkCommandBuffer cmd, uint64_t step) {
    const ContextState& cs = *cs_;
    const ResultRing::Slot slot = downloads_.begin(cmd);
    // The particle pass wrote the engine's buffers (compute); the copies read them.
    memoryBarrier(cs, cmd, kComputeReadWrite, {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT});
    const VkDeviceSize bytes = VkDeviceSize(buffers_.count) * 16;
    const VkDeviceSize base = VkDeviceSize(slot.payloadWord) * sizeof(uint32_t);
    const VkBufferCopy positions{buffers_.positionsOffset, base, bytes};
    cs.vk.vkCmdCopyBuffer(cmd, buffers_.positions, downloads_.buffer(), 1, &positions);
    if (buffers_.velocities != VK_NULL_HANDLE) {
        const VkBufferCopy velocities{buffers_.velocitiesOffset, base + bytes, bytes};
        cs.vk.vkCmdCopyBuffer(cmd, buffers_.velocities, downloads_.buffer(), 1, &velocities);
    }
    // end() stamps the slot after a transfer -> transfer barrier, so the copies land first.
    memoryBarrier(cs, cmd, kTransferWrite, kTransferWrite);
    downloads_.end(cmd, slot, step, buffers_.count | (buffers_.velocities != VK_NULL_HANDLE ? kWithVelocitiesBit : 0u));
}

std::optional<ParticleDownload> ParticleSet::download() const {
    if (downloads_.empty()) return std::nullopt;
    const std::optional<ResultRing::Completed> done = downloads_.newest(downloads_.payloadWords());
    if (!done) return std::nullopt;
    const uint32_t count = done->items & ~kWithVelocitiesBit;
    const bool velocities = (done->items & kWithVelocitiesBit) != 0;
    ParticleDownload out;
    out.step = done->step;
    out.positions.resize(count);
    std::memcpy(out.positions.data(), done->payload.data(), size_t(count) * 16);
    if (velocities) {
        out.velocities.resize(count);
        std::memcpy(out.velocities.data(), done->payload.data() + size_t(count) * 4, size_t(count) * 16);
    }
    return out;
}

void ParticleSet::clear(KernelSet& kernels) {
    // Every buffer forgotten: an engine may destroy one and get its handle back for a new buffer.
    kernels.forgetBuffer(buffers_.positions);
    kernels.forgetBuffer(buffers_.velocities);
    buffers_ = {};
    settings_ = {};
}

void ParticleSet::forget(KernelSet& kernels, const ParticleBuffers& next) {
    for (VkBuffer old : {buffers_.positions, buffers_.velocities})
        if (old != next.positions && old != next.velocities) kernels.forgetBuffer(old);
}

uint32_t ParticleSet::dispatchWidth() const noexcept { return std::min<uint32_t>(buffers_.count, BILLOW_PARTICLE_ROW); }
uint32_t ParticleSet::dispatchHeight() const noexcept {
    return KernelSet::groupsCovering(buffers_.count, BILLOW_PARTICLE_ROW);
}

ResultRing::Slot ParticleSet::beginReport(VkCommandBuffer cmd) {
    const ContextState& cs = *cs_;
    const ResultRing::Slot slot = ring_.begin(cmd);
    // The counters start at 0 (begin() made the slot's earlier readers and writers finish).
    cs.vk.vkCmdFillBuffer(cmd, ring_.buffer(), VkDeviceSize(slot.payloadWord) * sizeof(uint32_t),
                          BILLOW_PARTICLE_COUNTERS * sizeof(uint32_t), 0u);
    memoryBarrier(cs, cmd, kTransferWrite, kComputeReadWrite);
    return slot;
}

gpu::ParticlePush ParticleSet::push(float dt, std::array<float, 3> gravity, uint32_t reportWord) const {
    gpu::ParticlePush p{};
    const bool heavy = settings_.drag > 0.0f;
    const double k = settings_.drag, step = dt;
    const float scale = heavy ? settings_.gravityScale : 0.0f;
    p.gravity = {scale * gravity[0], scale * gravity[1], scale * gravity[2], 0.0f};
    p.dt = dt;
    // e^{-k dt} and (1 - e^{-k dt}) / k, the latter through expm1 so it tends to dt, not 0/0, as k dt -> 0.
    p.decay = static_cast<float>(std::exp(-k * step));
    p.relaxTime = heavy ? static_cast<float>(-std::expm1(-k * step) / k) : 0.0f;
    p.heavy = heavy ? 1 : 0;
    p.count = buffers_.count;
    p.positionsBase = static_cast<uint32_t>(buffers_.positionsOffset / 16);
    p.velocitiesBase = static_cast<uint32_t>(buffers_.velocitiesOffset / 16);
    p.writeVelocity = buffers_.velocities != VK_NULL_HANDLE ? 1 : 0;
    p.reportWord = reportWord;
    p.rowLength = BILLOW_PARTICLE_ROW;
    return p;
}

std::optional<ParticleReport> ParticleSet::report() const {
    if (ring_.empty()) return std::nullopt;
    const std::optional<ResultRing::Completed> done = ring_.newest(BILLOW_PARTICLE_COUNTERS);
    if (!done) return std::nullopt;
    ParticleReport r;
    r.step = done->step;
    r.count = done->items;
    r.blocked = done->payload[BILLOW_PARTICLE_BLOCKED];
    r.outside = done->payload[BILLOW_PARTICLE_OUTSIDE];
    r.inSolid = done->payload[BILLOW_PARTICLE_IN_SOLID];
    r.stranded = done->payload[BILLOW_PARTICLE_STRANDED];
    return r;
}

} // namespace billow::detail
