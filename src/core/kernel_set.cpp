#include "core/kernel_set.hpp"

#include <algorithm>
#include <string>

#include "core/embedded_shaders.hpp"

namespace billow::detail {
namespace {
constexpr uint32_t kSetsPerPool = 64;

std::string describe(const KernelInfo& info) {
    return "kernel " + std::string(info.name) + " (" + std::string(info.source) + ")";
}

std::vector<KernelId> kernelsOf(std::initializer_list<KernelGroup> groups) {
    std::vector<KernelId> ids;
    for (const KernelInfo& info : kKernelTable)
        if (std::find(groups.begin(), groups.end(), info.group) != groups.end()) ids.push_back(info.id);
    return ids;
}
} // namespace

KernelSet::KernelSet(ContextState& context, std::initializer_list<KernelGroup> groups, VkBuffer uniformBuffer,
                     VkDeviceSize uniformSize)
    : context_(context), uniformBuffer_(uniformBuffer), uniformSize_(uniformSize) {
    createPipelines(kernelsOf(groups), uniformSize);
}

KernelSet::KernelSet(ContextState& context, std::initializer_list<KernelGroup> groups,
                     std::initializer_list<KernelId> extra, VkBuffer uniformBuffer, VkDeviceSize uniformSize)
    : KernelSet(context, groups, extra, uniformBuffer, uniformSize, false) {}

KernelSet::KernelSet(ContextState& context, std::initializer_list<KernelGroup> groups,
                     std::initializer_list<KernelId> extra, VkBuffer uniformBuffer, VkDeviceSize uniformSize,
                     bool float16Flow)
    : context_(context), float16Flow_(float16Flow), uniformBuffer_(uniformBuffer), uniformSize_(uniformSize) {
    if (float16Flow && !context.storage16Bit)
        throw Error("internal: a kernel set of 16-bit flow storage on a device without storageBuffer16BitAccess");
    std::vector<KernelId> ids = kernelsOf(groups);
    for (KernelId id : extra) {
        if (kernelInfo(id).uniformBytes != 0)
            throw Error("internal: " + describe(kernelInfo(id)) + " reads a uniform block; only kernels without one "
                        "may join a kernel set of another group");
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
    }
    createPipelines(ids, uniformSize);
}

bool KernelSet::builtOnThisDevice(const KernelInfo& info, uint32_t variant) const {
    // Each device builds only the two of the 2D advection kernels' four variants it dispatches
    // (readsVelocityByIndex, core/kernel_interface.hpp).
    if (info.float16Variant != 0) return (variant >= info.float16Variant) == float16Flow_;
    if (info.variants != kDeviceVariants) return true;
    return ((variant & kDirectVelocityBit) != 0) == readsVelocityByIndex(context_.properties.deviceType);
}

void KernelSet::createPipelines(const std::vector<KernelId>& ids, VkDeviceSize uniformSize) {
    const VolkDeviceTable& vk = context_.vk;
    ContextState& context = context_;
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

        for (KernelId id : ids) {
            const KernelInfo& info = kernelInfo(id);
            // The shared layout binds one uniform buffer at binding 0 for every kernel of the set.
            if (info.uniformBytes != 0 && info.uniformBytes != uniformSize)
                throw Error("internal: " + describe(info) + " reads a " + std::to_string(info.uniformBytes) +
                            "-byte uniform block at binding 0, but this kernel set binds " +
                            std::to_string(uniformSize) + " bytes there");
            // One pipeline per variant, each from its own module: the selector was frozen and the other
            // variants' code removed at build time (cmake/compile_kernel.py), which specializing one
            // module at pipeline creation did not match on NVIDIA (docs/performance-log.md).
            for (uint32_t variant = 0; variant < info.variants; ++variant)
                if (builtOnThisDevice(info, variant))
                    pipelines_[info.firstPipeline + variant] = createPipeline(embeddedShader(id, variant, context.workgroups));
        }
    } catch (...) {
        destroy();
        throw;
    }
}

VkPipeline KernelSet::createPipeline(std::span<const uint32_t> code) {
    const VolkDeviceTable& vk = context_.vk;
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = code.size_bytes();
    moduleInfo.pCode = code.data();
    VkShaderModule module = VK_NULL_HANDLE;
    BILLOW_VK(vk.vkCreateShaderModule(context_.device, &moduleInfo, context_.allocator, &module));
    VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    pipelineInfo.stage.module = module;
    pipelineInfo.stage.pName = "main";
    pipelineInfo.layout = layout_;
    VkPipeline pipeline = VK_NULL_HANDLE;
    const VkResult result =
        vk.vkCreateComputePipelines(context_.device, VK_NULL_HANDLE, 1, &pipelineInfo, context_.allocator, &pipeline);
    vk.vkDestroyShaderModule(context_.device, module, context_.allocator);
    BILLOW_VK(result);
    return pipeline;
}

KernelSet::~KernelSet() { destroy(); }

void KernelSet::destroy() noexcept {
    // Pipelines and descriptor sets that a timed-out submission may still use go when it is done.
    context_.destroyWhenIdle([context = &context_, pipelines = pipelines_, pools = pools_, layout = layout_,
                              setLayout = setLayout_] {
        const VolkDeviceTable& vk = context->vk;
        for (VkPipeline pipeline : pipelines)
            if (pipeline) vk.vkDestroyPipeline(context->device, pipeline, context->allocator);
        for (VkDescriptorPool pool : pools) vk.vkDestroyDescriptorPool(context->device, pool, context->allocator);
        if (layout) vk.vkDestroyPipelineLayout(context->device, layout, context->allocator);
        if (setLayout) vk.vkDestroyDescriptorSetLayout(context->device, setLayout, context->allocator);
    });
    for (VkPipeline& pipeline : pipelines_) pipeline = VK_NULL_HANDLE;
    pools_.clear();
    sets_.clear();
    layout_ = VK_NULL_HANDLE;
    setLayout_ = VK_NULL_HANDLE;
}

void KernelSet::forgetBuffer(VkBuffer buffer) {
    if (buffer == VK_NULL_HANDLE) return;
    std::erase_if(sets_, [buffer](const auto& entry) {
        return std::find(entry.first.begin(), entry.first.end(), buffer) != entry.first.end();
    });
}

VkDescriptorSet KernelSet::descriptorSet(const DescriptorSlots& slots) {
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

void KernelSet::bind(VkCommandBuffer cmd, KernelId id, uint32_t variant, DescriptorSlots slots, const void* push,
                     uint32_t pushSize) {
    const KernelInfo& info = kernelInfo(id);
    const uint32_t selectable = info.float16Variant != 0 ? info.float16Variant : info.variants;
    if (variant >= selectable)
        throw Error("internal: " + describe(info) + " has " + std::to_string(selectable) +
                    " variant(s), got variant " + std::to_string(variant));
    if (info.float16Variant != 0 && float16Flow_) variant += info.float16Variant;
    const VkPipeline pipeline = pipelines_[info.firstPipeline + variant];
    if (!pipeline)
        throw Error("internal: " + describe(info) + (builtOnThisDevice(info, variant)
                                                      ? " was not created in this kernel set"
                                                      : " variant " + std::to_string(variant) + " is not built for this device"));
    // Typed dispatches push exactly the kernel's Push type; this guards the table against the
    // generated types.
    if (pushSize < info.pushBytes)
        throw Error("internal: " + describe(info) + " takes " + std::to_string(info.pushBytes) +
                    " bytes of push constants, got " + std::to_string(pushSize));
    for (uint32_t b = 1; b <= info.storageSlots; ++b)
        if ((info.storageMask >> b & 1u) && !slots[b])
            throw Error("internal: " + describe(info) + ": binding " + std::to_string(b) + " (" +
                        std::string(info.bindingNames[b]) + ") has no buffer");
    if (!slots[0]) slots[0] = uniformBuffer_;
    VkDescriptorSet set = descriptorSet(slots);
    const VolkDeviceTable& vk = context_.vk;
    vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &set, 0, nullptr);
    if (pushSize) vk.vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushSize, push);
}

void KernelSet::record(VkCommandBuffer cmd, KernelId id, uint32_t variant, const DescriptorSlots& slots,
                       const void* push, uint32_t pushSize, uint32_t groupsX, uint32_t groupsY, uint32_t groupsZ) {
    bind(cmd, id, variant, slots, push, pushSize);
    context_.vk.vkCmdDispatch(cmd, groupsX, groupsY, groupsZ);
    ++context_.recordedDispatches;
}

} // namespace billow::detail
