// The engine's side of the particle tests: a particle buffer as an engine owns it (float4
// elements, storage usage, host-visible so the test writes and reads it directly), made with the
// plain Vulkan loader on the shared context's device (support/engine_vulkan.hpp: the engine's
// frame, engineSubmit).
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "billow/context.hpp"
#include "support/engine_vulkan.hpp"

namespace billow::test {

using Float4 = std::array<float, 4>;

class EngineParticles {
public:
    // `count` float4 elements after `leading` unused ones (so the offset is 16 * leading bytes).
    EngineParticles(std::shared_ptr<Context> context, uint32_t count, uint32_t leading = 0);
    ~EngineParticles();
    EngineParticles(const EngineParticles&) = delete;
    EngineParticles& operator=(const EngineParticles&) = delete;

    VkBuffer buffer() const { return buffer_; }
    VkDeviceSize offset() const { return VkDeviceSize(leading_) * 16; }
    uint32_t count() const { return count_; }
    void write(const std::vector<Float4>& values);
    std::vector<Float4> read() const;
    // The unused elements before the particles (they must stay as written: 7.0 each).
    std::vector<Float4> leading() const;

private:
    std::shared_ptr<Context> context_;
    uint32_t count_, leading_;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceMemory memory_ = VK_NULL_HANDLE;
    Float4* mapped_ = nullptr;
};

} // namespace billow::test
