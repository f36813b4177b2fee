#include "core/kernel_set.hpp"

#include "core/embedded_shaders.hpp"

namespace billow::detail {
namespace {
constexpr uint32_t kSetsPerPool = 64;
constexpr uint32_t kPushConstantBytes = 128;
}

KernelSet::KernelSet(ContextState& context, std::initializer_list<std::string_view> kernelNames,
                     VkBuffer uniformBuffer, VkDeviceSize uniformSize)
    : context_(context), uniformBuffer_(uniformBuffer), uniformSize_(uniformSize) {
    const VolkDeviceTable& vk = context.vk;
    try {
        placeholder_ = GpuBuffer(context, 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, GpuBuffer::Kind::DeviceLocal);

        std::array<VkDescriptorSetLayoutBinding, BILLOW_STORAGE_SLOTS + 1> bindings{};
        for (uint32_t b = 0; b < bindings.size(); ++b) {
            bindings[b].binding = b;
            bindings[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[b].descriptorCount = 1;
            bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        }
        VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        setInfo.bindingCount = static_cast<uint32_t>(bindings.size());
        setInfo.pBindings = bindings.data();
        BILLOW_VK(vk.vkCreateDescriptorSetLayout(context.device, &setInfo, context.allocator, &setLayout_));

        VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, kPushConstantBytes};
        VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        layoutInfo.setLayoutCount = 1;
        layoutInfo.pSetLayouts = &setLayout_;
        layoutInfo.pushConstantRangeCount = 1;
        layoutInfo.pPushConstantRanges = &range;
        BILLOW_VK(vk.vkCreatePipelineLayout(context.device, &layoutInfo, context.allocator, &layout_));

        for (std::string_view name : kernelNames) {
            std::span<const uint32_t> code = embeddedShader(name);
            if (code.empty()) throw Error("internal: no embedded shader named " + std::string(name));
            VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
            moduleInfo.codeSize = code.size_bytes();
            moduleInfo.pCode = code.data();
            VkShaderModule module = VK_NULL_HANDLE;
            BILLOW_VK(vk.vkCreateShaderModule(context.device, &moduleInfo, context.allocator, &module));
            VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
            pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
            pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
            pipelineInfo.stage.module = module;
            pipelineInfo.stage.pName = "main";
            pipelineInfo.layout = layout_;
            VkPipeline pipeline = VK_NULL_HANDLE;
            VkResult result = vk.vkCreateComputePipelines(context.device, VK_NULL_HANDLE, 1, &pipelineInfo,
                                                          context.allocator, &pipeline);
            vk.vkDestroyShaderModule(context.device, module, context.allocator);
            BILLOW_VK(result);
            pipelines_.emplace(std::string(name), pipeline);
        }
    } catch (...) {
        destroy();
        throw;
    }
}

KernelSet::~KernelSet() { destroy(); }

void KernelSet::destroy() noexcept {
    const VolkDeviceTable& vk = context_.vk;
    for (auto& [name, pipeline] : pipelines_) vk.vkDestroyPipeline(context_.device, pipeline, context_.allocator);
    pipelines_.clear();
    for (VkDescriptorPool pool : pools_) vk.vkDestroyDescriptorPool(context_.device, pool, context_.allocator);
    pools_.clear();
    sets_.clear();
    if (layout_) vk.vkDestroyPipelineLayout(context_.device, layout_, context_.allocator);
    if (setLayout_) vk.vkDestroyDescriptorSetLayout(context_.device, setLayout_, context_.allocator);
    layout_ = VK_NULL_HANDLE;
    setLayout_ = VK_NULL_HANDLE;
}

VkDescriptorSet KernelSet::descriptorSet(const SlotList& slots) {
    if (auto it = sets_.find(slots); it != sets_.end()) return it->second;
    const VolkDeviceTable& vk = context_.vk;
    if (setsLeftInPool_ == 0) {
        VkDescriptorPoolSize sizes[] = {
            {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, kSetsPerPool},
            {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kSetsPerPool * BILLOW_STORAGE_SLOTS},
        };
        VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        poolInfo.maxSets = kSetsPerPool;
        poolInfo.poolSizeCount = 2;
        poolInfo.pPoolSizes = sizes;
        VkDescriptorPool pool = VK_NULL_HANDLE;
        BILLOW_VK(vk.vkCreateDescriptorPool(context_.device, &poolInfo, context_.allocator, &pool));
        pools_.push_back(pool);
        setsLeftInPool_ = kSetsPerPool;
    }
    VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    alloc.descriptorPool = pools_.back();
    alloc.descriptorSetCount = 1;
    alloc.pSetLayouts = &setLayout_;
    VkDescriptorSet set = VK_NULL_HANDLE;
    BILLOW_VK(vk.vkAllocateDescriptorSets(context_.device, &alloc, &set));
    --setsLeftInPool_;

    std::array<VkDescriptorBufferInfo, BILLOW_STORAGE_SLOTS + 1> infos{};
    std::array<VkWriteDescriptorSet, BILLOW_STORAGE_SLOTS + 1> writes{};
    infos[0] = {slots[0], 0, uniformSize_};
    for (uint32_t s = 1; s <= BILLOW_STORAGE_SLOTS; ++s)
        infos[s] = {slots[s] ? slots[s] : placeholder_.handle(), 0, VK_WHOLE_SIZE};
    for (uint32_t b = 0; b < writes.size(); ++b) {
        writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        writes[b].dstSet = set;
        writes[b].dstBinding = b;
        writes[b].descriptorCount = 1;
        writes[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        writes[b].pBufferInfo = &infos[b];
    }
    vk.vkUpdateDescriptorSets(context_.device, static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);
    sets_.emplace(slots, set);
    return set;
}

void KernelSet::bind(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                     const void* push, uint32_t pushSize, VkBuffer grid) {
    auto it = pipelines_.find(kernel);
    if (it == pipelines_.end()) throw Error("internal: kernel " + std::string(kernel) + " was not created");
    if (storage.size() > BILLOW_STORAGE_SLOTS) throw Error("internal: too many storage buffers");
    SlotList slots{};
    slots[0] = grid ? grid : uniformBuffer_;
    std::copy(storage.begin(), storage.end(), slots.begin() + 1);
    VkDescriptorSet set = descriptorSet(slots);
    const VolkDeviceTable& vk = context_.vk;
    vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, it->second);
    vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &set, 0, nullptr);
    if (pushSize) vk.vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize, push);
}

void KernelSet::dispatchRaw(VkCommandBuffer cmd, std::string_view kernel, std::initializer_list<VkBuffer> storage,
                            const void* push, uint32_t pushSize, uint32_t width, uint32_t height, VkBuffer grid) {
    bind(cmd, kernel, storage, push, pushSize, grid);
    context_.vk.vkCmdDispatch(cmd, groupCountX(width), groupCountY(height), 1);
}

} // namespace billow::detail
