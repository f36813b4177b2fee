#include "feedback/engine_particles.hpp"

#include <stdexcept>
#include <string>

namespace billow::test {

namespace {

void check(VkResult result, const char* what) {
    if (result != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + std::to_string(int(result)));
}

uint32_t memoryType(VkPhysicalDevice physical, uint32_t bits, VkMemoryPropertyFlags flags) {
    VkPhysicalDeviceMemoryProperties properties{};
    vkGetPhysicalDeviceMemoryProperties(physical, &properties);
    for (uint32_t i = 0; i < properties.memoryTypeCount; ++i)
        if ((bits & (1u << i)) && (properties.memoryTypes[i].propertyFlags & flags) == flags) return i;
    throw std::runtime_error("no memory type");
}

} // namespace

EngineParticles::EngineParticles(std::shared_ptr<Context> context, uint32_t count, uint32_t leading)
    : context_(std::move(context)), count_(count), leading_(leading) {
    VkDevice device = context_->device();
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = VkDeviceSize(count + leading) * 16;
    info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(vkCreateBuffer(device, &info, nullptr, &buffer_), "vkCreateBuffer");
    VkMemoryRequirements requirements{};
    vkGetBufferMemoryRequirements(device, buffer_, &requirements);
    VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    allocate.allocationSize = requirements.size;
    allocate.memoryTypeIndex = memoryType(context_->physicalDevice(), requirements.memoryTypeBits,
                                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
    check(vkAllocateMemory(device, &allocate, nullptr, &memory_), "vkAllocateMemory");
    check(vkBindBufferMemory(device, buffer_, memory_, 0), "vkBindBufferMemory");
    void* mapped = nullptr;
    check(vkMapMemory(device, memory_, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
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

void engineFrame(Context& context, const std::function<void(VkCommandBuffer)>& body) {
    VkDevice device = context.device();
    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = context.queueFamilyIndex();
    VkCommandPool pool = VK_NULL_HANDLE;
    check(vkCreateCommandPool(device, &poolInfo, nullptr, &pool), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = pool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    check(vkAllocateCommandBuffers(device, &allocate, &cmd), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    body(cmd);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VkFence fence = VK_NULL_HANDLE;
    check(vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");
    VkSubmitInfo submitInfo{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submitInfo.commandBufferCount = 1;
    submitInfo.pCommandBuffers = &cmd;
    const VkResult submitted = vkQueueSubmit(context.queue(), 1, &submitInfo, fence);
    const VkResult waited =
        submitted == VK_SUCCESS ? vkWaitForFences(device, 1, &fence, VK_TRUE, 600'000'000'000ull) : submitted;
    vkDestroyFence(device, fence, nullptr);
    vkDestroyCommandPool(device, pool, nullptr);
    check(submitted, "vkQueueSubmit");
    check(waited, "vkWaitForFences");
}

} // namespace billow::test
