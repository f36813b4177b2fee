#include "volume_renderer.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "gpu_objects.hpp"
#include "volume_view.hpp"

namespace billow::render {

namespace {

const uint32_t kLightSpirv[] =
#include "volume_light.comp.inc"
    ;
const uint32_t kRenderSpirv[] =
#include "volume_render.comp.inc"
    ;

// Bindings (volume_fields.glsl, volume_light.comp, volume_render.comp): 0 the view, 1 density,
// 2 temperature, 3 solid, 4 light transmittance per cell, 5 pixels, 6 transmittance per pixel.
constexpr uint32_t kBindings = 7;
constexpr uint32_t kLightGroup[3] = {8, 8, 4};  // volume_light.comp's local size
constexpr uint32_t kRenderGroup = 8;           // volume_render.comp's local size (8 x 8)
constexpr uint32_t kMaxPictureSize = 8192;

uint32_t groups(uint32_t count, uint32_t size) { return (count + size - 1) / size; }

} // namespace

using detail::check;
using detail::RenderBuffer;

struct VolumeRenderer::Impl {
    VkDevice device = VK_NULL_HANDLE;
    VkPhysicalDevice physical = VK_NULL_HANDLE;
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t queueFamily = 0;
    uint32_t width = 0, height = 0;
    VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
    VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
    VkPipeline lightPipeline = VK_NULL_HANDLE, renderPipeline = VK_NULL_HANDLE;
    VkDescriptorPool pool = VK_NULL_HANDLE;
    VkDescriptorSet set = VK_NULL_HANDLE;
    VkCommandPool commandPool = VK_NULL_HANDLE;
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    RenderBuffer view, pixels, pixelTransmittance, light;
    std::vector<float> transmittance;

    ~Impl() {
        if (!device) return;
        vkDeviceWaitIdle(device);
        if (fence) vkDestroyFence(device, fence, nullptr);
        if (commandPool) vkDestroyCommandPool(device, commandPool, nullptr);
        if (pool) vkDestroyDescriptorPool(device, pool, nullptr);
        if (lightPipeline) vkDestroyPipeline(device, lightPipeline, nullptr);
        if (renderPipeline) vkDestroyPipeline(device, renderPipeline, nullptr);
        if (pipelineLayout) vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
        if (setLayout) vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
    }

    VkPipeline createPipeline(const uint32_t* code, size_t bytes) {
        VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        moduleInfo.codeSize = bytes;
        moduleInfo.pCode = code;
        VkShaderModule module = VK_NULL_HANDLE;
        check(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
        VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
        info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
        info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        info.stage.module = module;
        info.stage.pName = "main";
        info.layout = pipelineLayout;
        VkPipeline pipeline = VK_NULL_HANDLE;
        const VkResult result = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
        vkDestroyShaderModule(device, module, nullptr);
        check(result, "vkCreateComputePipelines");
        return pipeline;
    }

    void createObjects() {
        VkDescriptorSetLayoutBinding bindings[kBindings]{};
        for (uint32_t b = 0; b < kBindings; ++b) {
            bindings[b].binding = b;
            bindings[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            bindings[b].descriptorCount = 1;
            bindings[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
        }
        VkDescriptorSetLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        layoutInfo.bindingCount = kBindings;
        layoutInfo.pBindings = bindings;
        check(vkCreateDescriptorSetLayout(device, &layoutInfo, nullptr, &setLayout), "vkCreateDescriptorSetLayout");
        VkPipelineLayoutCreateInfo pipelineLayoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        pipelineLayoutInfo.setLayoutCount = 1;
        pipelineLayoutInfo.pSetLayouts = &setLayout;
        check(vkCreatePipelineLayout(device, &pipelineLayoutInfo, nullptr, &pipelineLayout), "vkCreatePipelineLayout");
        lightPipeline = createPipeline(kLightSpirv, sizeof(kLightSpirv));
        renderPipeline = createPipeline(kRenderSpirv, sizeof(kRenderSpirv));

        const VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1},
                                               {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, kBindings - 1}};
        VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
        poolInfo.maxSets = 1;
        poolInfo.poolSizeCount = 2;
        poolInfo.pPoolSizes = sizes;
        check(vkCreateDescriptorPool(device, &poolInfo, nullptr, &pool), "vkCreateDescriptorPool");
        VkDescriptorSetAllocateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
        setInfo.descriptorPool = pool;
        setInfo.descriptorSetCount = 1;
        setInfo.pSetLayouts = &setLayout;
        check(vkAllocateDescriptorSets(device, &setInfo, &set), "vkAllocateDescriptorSets");

        VkCommandPoolCreateInfo commandPoolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        commandPoolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
        commandPoolInfo.queueFamilyIndex = queueFamily;
        check(vkCreateCommandPool(device, &commandPoolInfo, nullptr, &commandPool), "vkCreateCommandPool");
        VkCommandBufferAllocateInfo cmdInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        cmdInfo.commandPool = commandPool;
        cmdInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        cmdInfo.commandBufferCount = 1;
        check(vkAllocateCommandBuffers(device, &cmdInfo, &cmd), "vkAllocateCommandBuffers");
        VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
        check(vkCreateFence(device, &fenceInfo, nullptr, &fence), "vkCreateFence");

        view = RenderBuffer(device, physical, sizeof(detail::GpuView), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, true);
        const VkDeviceSize pixelCount = VkDeviceSize(width) * height;
        pixels = RenderBuffer(device, physical, pixelCount * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true);
        pixelTransmittance = RenderBuffer(device, physical, pixelCount * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true);
    }

    // The light volume follows the solver's grid size.
    void fitLightVolume(VkDeviceSize bytes) {
        if (light.size() == bytes) return;
        light = RenderBuffer();
        light = RenderBuffer(device, physical, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, false);
    }

    void bind(SmokeSolver3D& solver) {
        VkDescriptorBufferInfo infos[kBindings] = {
            {view.handle(), 0, VK_WHOLE_SIZE},
            {solver.buffer(SmokeField3D::Density), 0, solver.bufferSize(SmokeField3D::Density)},
            {solver.buffer(SmokeField3D::Temperature), 0, solver.bufferSize(SmokeField3D::Temperature)},
            {solver.buffer(SmokeField3D::Solid), 0, solver.bufferSize(SmokeField3D::Solid)},
            {light.handle(), 0, VK_WHOLE_SIZE},
            {pixels.handle(), 0, VK_WHOLE_SIZE},
            {pixelTransmittance.handle(), 0, VK_WHOLE_SIZE}};
        VkWriteDescriptorSet writes[kBindings]{};
        for (uint32_t b = 0; b < kBindings; ++b) {
            writes[b].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
            writes[b].dstSet = set;
            writes[b].dstBinding = b;
            writes[b].descriptorCount = 1;
            writes[b].descriptorType = b == 0 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
            writes[b].pBufferInfo = &infos[b];
        }
        vkUpdateDescriptorSets(device, kBindings, writes, 0, nullptr);
    }

    static void computeBarrier(VkCommandBuffer cmd, VkAccessFlags src, VkPipelineStageFlags dstStage, VkAccessFlags dst) {
        VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask = src;
        barrier.dstAccessMask = dst;
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, dstStage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
    }

    void record(SmokeSolver3D& solver) {
        const SmokeSettings3D& s = solver.settings();
        VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
        begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
        check(vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
        // The solver's writes of its last step, made visible to the march (the engine contract).
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, 1, &set, 0, nullptr);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, lightPipeline);
        vkCmdDispatch(cmd, groups(s.nx, kLightGroup[0]), groups(s.ny, kLightGroup[1]), groups(s.nz, kLightGroup[2]));
        computeBarrier(cmd, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, renderPipeline);
        vkCmdDispatch(cmd, groups(width, kRenderGroup), groups(height, kRenderGroup), 1);
        // The pixels to the host; and the solver's next passes wait for these reads of its fields
        // (and the next bake for this render's reads of the light volume).
        computeBarrier(cmd, VK_ACCESS_SHADER_WRITE_BIT, VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_READ_BIT);
        computeBarrier(cmd, 0, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0);
        check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    }
};

VolumeRenderer::VolumeRenderer(const Context& context, uint32_t width, uint32_t height) : impl_(std::make_unique<Impl>()) {
    if (width == 0 || height == 0 || width > kMaxPictureSize || height > kMaxPictureSize)
        throw std::invalid_argument("VolumeRenderer: width and height must be in 1.." + std::to_string(kMaxPictureSize) +
                                    " pixels (got " + std::to_string(width) + " x " + std::to_string(height) + ")");
    Impl& r = *impl_;
    r.device = context.device();
    r.physical = context.physicalDevice();
    r.queue = context.queue();
    r.queueFamily = context.queueFamilyIndex();
    r.width = width;
    r.height = height;
    r.createObjects();  // on failure ~Impl destroys what was made
}

VolumeRenderer::~VolumeRenderer() = default;

Rgba8Image VolumeRenderer::render(SmokeSolver3D& solver, const OrbitCamera& camera, const VolumeLook& look) {
    detail::checkCamera(camera);
    detail::checkLook(look);
    Impl& r = *impl_;
    const SmokeSettings3D& s = solver.settings();
    const detail::GpuView gpuView = detail::makeView(s, camera, look, r.width, r.height);
    std::memcpy(r.view.mapped(), &gpuView, sizeof(gpuView));
    r.fitLightVolume(solver.bufferSize(SmokeField3D::Density));
    r.bind(solver);
    check(vkResetCommandBuffer(r.cmd, 0), "vkResetCommandBuffer");
    r.record(solver);
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &r.cmd;
    check(vkResetFences(r.device, 1, &r.fence), "vkResetFences");
    check(vkQueueSubmit(r.queue, 1, &submit, r.fence), "vkQueueSubmit");
    check(vkWaitForFences(r.device, 1, &r.fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");

    Rgba8Image image{r.width, r.height, std::vector<uint8_t>(size_t(r.width) * r.height * 4)};
    std::memcpy(image.rgba.data(), r.pixels.mapped(), image.rgba.size());
    r.transmittance.resize(size_t(r.width) * r.height);
    std::memcpy(r.transmittance.data(), r.pixelTransmittance.mapped(), r.transmittance.size() * sizeof(float));
    return image;
}

const std::vector<float>& VolumeRenderer::transmittance() const noexcept { return impl_->transmittance; }
uint32_t VolumeRenderer::width() const noexcept { return impl_->width; }
uint32_t VolumeRenderer::height() const noexcept { return impl_->height; }

} // namespace billow::render
