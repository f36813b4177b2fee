// The GPU tests rely on the validation layer (with synchronization validation) catching mistakes.
// These tests make deliberate mistakes through the shared context's device, with raw Vulkan from
// the loader, and expect the layer to report them, so a silently missing layer or a disabled
// synchronization validation fails the suite instead of letting every other test pass vacuously.
#include "support/gpu_test.hpp"

#include <vulkan/vulkan.h>

#include <algorithm>

namespace billow::test {
namespace {

class ValidationLayer : public GpuTest {
protected:
    VkDevice device() { return context()->device(); }

    template <typename Fn>
    Fn deviceFunction(const char* name) {
        auto fn = reinterpret_cast<Fn>(vkGetDeviceProcAddr(device(), name));
        EXPECT_NE(fn, nullptr) << name;
        return fn;
    }

    static bool anyContains(const std::vector<std::string>& messages, const std::string& text) {
        return std::any_of(messages.begin(), messages.end(),
                           [&](const std::string& m) { return m.find(text) != std::string::npos; });
    }
};

// VUID-VkBufferCreateInfo-size-00912: a buffer's size must be greater than 0.
TEST_F(ValidationLayer, ReportsAnInvalidCall) {
    auto createBuffer = deviceFunction<PFN_vkCreateBuffer>("vkCreateBuffer");
    auto destroyBuffer = deviceFunction<PFN_vkDestroyBuffer>("vkDestroyBuffer");
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = 0;
    info.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    VkResult result = createBuffer(device(), &info, nullptr, &buffer);
    if (result == VK_SUCCESS && buffer) destroyBuffer(device(), buffer, nullptr);
    std::vector<std::string> messages = takeMessages();
    EXPECT_TRUE(anyContains(messages, "VUID-VkBufferCreateInfo-size-00912"))
        << "the validation layer did not report a zero-sized buffer; " << messages.size() << " messages";
}

// Two fills of one buffer without a barrier between them: a WRITE_AFTER_WRITE hazard that only
// synchronization validation reports (core validation sees nothing wrong).
TEST_F(ValidationLayer, SynchronizationValidationIsOn) {
    auto ctx = context();
    auto createBuffer = deviceFunction<PFN_vkCreateBuffer>("vkCreateBuffer");
    auto destroyBuffer = deviceFunction<PFN_vkDestroyBuffer>("vkDestroyBuffer");
    auto getRequirements = deviceFunction<PFN_vkGetBufferMemoryRequirements>("vkGetBufferMemoryRequirements");
    auto allocateMemory = deviceFunction<PFN_vkAllocateMemory>("vkAllocateMemory");
    auto freeMemory = deviceFunction<PFN_vkFreeMemory>("vkFreeMemory");
    auto bindMemory = deviceFunction<PFN_vkBindBufferMemory>("vkBindBufferMemory");
    auto createPool = deviceFunction<PFN_vkCreateCommandPool>("vkCreateCommandPool");
    auto destroyPool = deviceFunction<PFN_vkDestroyCommandPool>("vkDestroyCommandPool");
    auto allocateCommands = deviceFunction<PFN_vkAllocateCommandBuffers>("vkAllocateCommandBuffers");
    auto begin = deviceFunction<PFN_vkBeginCommandBuffer>("vkBeginCommandBuffer");
    auto end = deviceFunction<PFN_vkEndCommandBuffer>("vkEndCommandBuffer");
    auto fill = deviceFunction<PFN_vkCmdFillBuffer>("vkCmdFillBuffer");

    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = 256;
    info.usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(createBuffer(device(), &info, nullptr, &buffer), VK_SUCCESS);
    VkMemoryRequirements requirements;
    getRequirements(device(), buffer, &requirements);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(ctx->physicalDevice(), &memory);
    uint32_t type = 0;
    while (!(requirements.memoryTypeBits & (1u << type))) ++type;
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = requirements.size;
    alloc.memoryTypeIndex = type;
    VkDeviceMemory deviceMemory = VK_NULL_HANDLE;
    ASSERT_EQ(allocateMemory(device(), &alloc, nullptr, &deviceMemory), VK_SUCCESS);
    ASSERT_EQ(bindMemory(device(), buffer, deviceMemory, 0), VK_SUCCESS);

    VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    poolInfo.queueFamilyIndex = ctx->queueFamilyIndex();
    VkCommandPool pool = VK_NULL_HANDLE;
    ASSERT_EQ(createPool(device(), &poolInfo, nullptr, &pool), VK_SUCCESS);
    VkCommandBufferAllocateInfo cmdInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cmdInfo.commandPool = pool;
    cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cmdInfo.commandBufferCount = 1;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    ASSERT_EQ(allocateCommands(device(), &cmdInfo, &cmd), VK_SUCCESS);
    VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    ASSERT_EQ(begin(cmd, &beginInfo), VK_SUCCESS);
    fill(cmd, buffer, 0, VK_WHOLE_SIZE, 1u);
    fill(cmd, buffer, 0, VK_WHOLE_SIZE, 2u);  // no barrier: write-after-write hazard
    ASSERT_EQ(end(cmd), VK_SUCCESS);
    // Never submitted: sync validation reports the hazard while recording.
    destroyPool(device(), pool, nullptr);
    destroyBuffer(device(), buffer, nullptr);
    freeMemory(device(), deviceMemory, nullptr);

    std::vector<std::string> messages = takeMessages();
    EXPECT_TRUE(anyContains(messages, "SYNC-HAZARD-WRITE-AFTER-WRITE"))
        << "synchronization validation did not report two unsynchronised fills; " << messages.size()
        << " messages";
}

} // namespace
} // namespace billow::test
