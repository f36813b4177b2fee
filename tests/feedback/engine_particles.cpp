#include "feedback/engine_particles.hpp"

#include <stdexcept>
#include <string>

namespace billow::test {

EngineParticles::EngineParticles(std::shared_ptr<Context> context, uint32_t count, uint32_t leading)
    : context_(std::move(context)), count_(count), leading_(leading) {
    VkDevice device = context_->device();
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = VkDeviceSize(count + leading) * 16;
    // Transfer source too: ParticleSettings::download copies from it.
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    engineCheck(vkCreateBuffer(device, &info, nullptr, &buffer_), "vkCreateBuffer");
    VkMemoryRequirements requirements{};
    vkGetBufferMemoryRequirements(device, buffer_, &requirements);
    VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = engineMemoryType(context_->physicalDevice(), requirements.memoryTypeBits,
                                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    engineCheck(vkAllocateMemory(device, &allocate, nullptr, &memory_), "vkAllocateMemory");
    engineCheck(vkBindBufferMemory(device, buffer_, memory_, 0), "vkBindBufferMemory");
    void* mapped = nullptr;
    engineCheck(vkMapMemory(device, memory_, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
    mapped_ = static_cast<Float4*>(mapped);
    for (uint32_t k = 0; k < leading_; ++k) mapped_[k] = {7.0f, 7.0f, 7.0f, 7.0f};
}

EngineParticles::~EngineParticles() {
    VkDevice device = context_->device();
    vkDeviceWaitIdle(device);
    vkUnmapMemory(device, memory_);
    vkDestroyBuffer(device, buffer_, nullptr);
    vkFreeMemory(device, memory_, nullptr);
}

void EngineParticles::write(const std::vector<Float4>& values) {
    if (values.size() != count_) throw std::runtime_error("EngineParticles::write: wrong count");
    for (uint32_t k = 0; k < count_; ++k) mapped_[leading_ + k] = values[k];
}

std::vector<Float4> EngineParticles::read() const { return {mapped_ + leading_, mapped_ + leading_ + count_}; }
std::vector<Float4> EngineParticles::leading() const { return {mapped_, mapped_ + leading_}; }

} // namespace billow::test
