#include "image/image_pipeline.hpp"

#include <cstring>
#include <map>
#include <string>
#include <utility>

#include "core/barriers.hpp"

namespace billow::detail {

ImagePipeline::ImagePipeline(ContextState& context, std::span<const VkDescriptorType> bindings, uint32_t pushBytes,
                             std::span<const uint32_t> spirv, uint32_t maxSets)
    : context_(&context), types_(bindings.begin(), bindings.end()), maxSets_(maxSets) {
    const VolkDeviceTable& vk = context.vk;
    VkDevice device = context.device;
    try {
        std::vector<VkDescriptorSetLayoutBinding> layoutBindings(types_.size());
        std::map<VkDescriptorType, uint32_t> counts;
        for (uint32_t b = 0; b < types_.size(); ++b) {
            layoutBindings[b] = {b, types_[b], 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
            counts[types_[b]] += maxSets;
        }
        VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        setInfo.bindingCount = uint32_t(layoutBindings.size());
        setInfo.pBindings = layoutBindings.data();
        BILLOW_VK(vk.vkCreateDescriptorSetLayout(device, &setInfo, context.allocator, &setLayout_));

        const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes};
        VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        layoutInfo.setLayoutCount = 1;
        layoutInfo.pSetLayouts = &setLayout_;
        layoutInfo.pushConstantRangeCount = pushBytes ? 1 : 0;
        layoutInfo.pPushConstantRanges = &push;
        BILLOW_VK(vk.vkCreatePipelineLayout(device, &layoutInfo, context.allocator, &layout_));

        VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        moduleInfo.codeSize = spirv.size_bytes();
        moduleInfo.pCode = spirv.data();
        VkShaderModule module = VK_NULL_HANDLE;
        BILLOW_VK(vk.vkCreateShaderModule(device, &moduleInfo, context.allocator, &module));
        VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
        pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
        pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        pipelineInfo.stage.module = module;
        pipelineInfo.stage.pName = "main";
        pipelineInfo.layout = layout_;
        const VkResult created = vk.vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo, context.allocator, &pipeline_);
        vk.vkDestroyShaderModule(device, module, context.allocator);
        BILLOW_VK(created);

        std::vector<VkDescriptorPoolSize> sizes;
        for (const auto& [type, count] : counts) sizes.push_back({type, count});
        VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        poolInfo.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
        poolInfo.maxSets = maxSets;
        poolInfo.poolSizeCount = uint32_t(sizes.size());
        poolInfo.pPoolSizes = sizes.data();
        BILLOW_VK(vk.vkCreateDescriptorPool(device, &poolInfo, context.allocator, &pool_));
        stamps_ = GpuBuffer(context, VkDeviceSize(maxSets) * sizeof(uint32_t), VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            GpuBuffer::Kind::Staging);
        std::memset(stamps_.mapped(), 0, stamps_.size());  // serials start at 1: no slot reads as completed
    } catch (...) {
        release();
        throw;
    }
}

ImagePipeline::~ImagePipeline() { release(); }

ImagePipeline::ImagePipeline(ImagePipeline&& other) noexcept { *this = std::move(other); }

ImagePipeline& ImagePipeline::operator=(ImagePipeline&& other) noexcept {
    if (this != &other) {
        release();
        context_ = std::exchange(other.context_, nullptr);
        types_ = std::move(other.types_);
        setLayout_ = std::exchange(other.setLayout_, VK_NULL_HANDLE);
        layout_ = std::exchange(other.layout_, VK_NULL_HANDLE);
        pipeline_ = std::exchange(other.pipeline_, VK_NULL_HANDLE);
        pool_ = std::exchange(other.pool_, VK_NULL_HANDLE);
        maxSets_ = std::exchange(other.maxSets_, 0);
        sets_ = std::move(other.sets_);
        unstamped_ = std::move(other.unstamped_);
        serial_ = std::exchange(other.serial_, 0);
        stamps_ = std::move(other.stamps_);
    }
    return *this;
}

void ImagePipeline::release() noexcept {
    if (!context_) return;
    ContextState& context = *context_;
    // The engine's command buffers may still use these: destroyed once the queue is idle when a
    // wait timed out, at once otherwise (the engine keeps the FieldImage alive while in flight).
    VkDescriptorSetLayout setLayout = setLayout_;
    VkPipelineLayout layout = layout_;
    VkPipeline pipeline = pipeline_;
    VkDescriptorPool pool = pool_;
    context.destroyWhenIdle([&context, setLayout, layout, pipeline, pool] {
        const VolkDeviceTable& vk = context.vk;
        if (pool) vk.vkDestroyDescriptorPool(context.device, pool, context.allocator);
        if (pipeline) vk.vkDestroyPipeline(context.device, pipeline, context.allocator);
        if (layout) vk.vkDestroyPipelineLayout(context.device, layout, context.allocator);
        if (setLayout) vk.vkDestroyDescriptorSetLayout(context.device, setLayout, context.allocator);
    });
    context_ = nullptr;
    setLayout_ = VK_NULL_HANDLE;
    layout_ = VK_NULL_HANDLE;
    pipeline_ = VK_NULL_HANDLE;
    pool_ = VK_NULL_HANDLE;
    sets_.clear();
    unstamped_.clear();
    stamps_ = GpuBuffer();
}

bool ImagePipeline::completed(uint32_t slot) const noexcept {
    uint32_t stamp = 0;
    std::memcpy(&stamp, static_cast<const std::byte*>(stamps_.mapped()) + slot * sizeof(uint32_t), sizeof stamp);
    return stamp == sets_[slot].serial;
}

VkDescriptorSet ImagePipeline::acquireSet(std::span<const Resource> resources, const char* owner) {
    // The least recently used set that the GPU is done with and that enough records have passed.
    uint32_t chosen = uint32_t(sets_.size());
    for (uint32_t slot = 0; slot < sets_.size(); ++slot) {
        const bool old = serial_ - sets_[slot].serial >= kRecordsBeforeReuse;
        if (old && completed(slot) && (chosen == sets_.size() || sets_[slot].serial < sets_[chosen].serial))
            chosen = slot;
    }
    if (chosen == sets_.size()) {
        if (sets_.size() == maxSets_)
            throw InvalidArgument(owner, std::to_string(maxSets_) +
                                             " records are in flight (recorded, and not yet run by the GPU, or never "
                                             "submitted): submit and wait for earlier frames before recording more");
        VkDescriptorSetAllocateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        info.descriptorPool = pool_;
        info.descriptorSetCount = 1;
        info.pSetLayouts = &setLayout_;
        VkDescriptorSet set = VK_NULL_HANDLE;
        BILLOW_VK(context_->vk.vkAllocateDescriptorSets(context_->device, &info, &set));
        sets_.push_back({set, 0});
    }
    write(sets_[chosen].set, resources);
    sets_[chosen].serial = ++serial_;
    unstamped_.push_back(chosen);
    return sets_[chosen].set;
}

void ImagePipeline::recordRetire(VkCommandBuffer cmd) {
    if (unstamped_.empty()) return;
    const ContextState& cs = *context_;
    // After the dispatches that read through the sets (and the stamps written before), the stamps;
    // then made visible to the host.
    memoryBarrier(cs, cmd, {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT},
                  kTransferWrite);
    for (uint32_t slot : unstamped_)
        cs.vk.vkCmdFillBuffer(cmd, stamps_.handle(), slot * sizeof(uint32_t), sizeof(uint32_t), sets_[slot].serial);
    memoryBarrier(cs, cmd, kTransferWriteToHost, kHostRead);
    unstamped_.clear();
}

void ImagePipeline::write(VkDescriptorSet set, std::span<const Resource> resources) const {
    std::vector<VkDescriptorBufferInfo> buffers(resources.size());
    std::vector<VkDescriptorImageInfo> images(resources.size());
    std::vector<VkWriteDescriptorSet> writes(resources.size());
    for (uint32_t b = 0; b < resources.size(); ++b) {
        VkWriteDescriptorSet& w = writes[b];
        w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstSet = set;
        w.dstBinding = b;
        w.descriptorCount = 1;
        w.descriptorType = types_[b];
        if (types_[b] == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER || types_[b] == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER) {
            buffers[b] = {resources[b].buffer, 0, VK_WHOLE_SIZE};
            w.pBufferInfo = &buffers[b];
        } else {
            images[b] = {resources[b].sampler, resources[b].view, resources[b].layout};
            w.pImageInfo = &images[b];
        }
    }
    context_->vk.vkUpdateDescriptorSets(context_->device, uint32_t(writes.size()), writes.data(), 0, nullptr);
}

void ImagePipeline::dispatch(VkCommandBuffer cmd, VkDescriptorSet set, const void* push, uint32_t pushBytes,
                             uint32_t groupsX, uint32_t groupsY, uint32_t groupsZ) const {
    const VolkDeviceTable& vk = context_->vk;
    vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
    vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &set, 0, nullptr);
    if (pushBytes) vk.vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push);
    vk.vkCmdDispatch(cmd, groupsX, groupsY, groupsZ);
    ++context_->recordedDispatches;
}

void ImagePipeline::dispatchIndirect(VkCommandBuffer cmd, VkDescriptorSet set, const void* push, uint32_t pushBytes,
                                     VkBuffer args, VkDeviceSize offset) const {
    const VolkDeviceTable& vk = context_->vk;
    vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
    vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 1, &set, 0, nullptr);
    if (pushBytes) vk.vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push);
    vk.vkCmdDispatchIndirect(cmd, args, offset);
    ++context_->recordedDispatches;
}

} // namespace billow::detail
