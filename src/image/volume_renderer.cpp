// VolumeRenderer (billow/volume_renderer.hpp): the light bake and the view march recorded into the
// engine's command buffer, and renderPicture's blocking round trip.
#include "billow/volume_renderer.hpp"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <map>
#include <string>
#include <type_traits>

#include "billow/error.hpp"
#include "billow/smoke3d_solver.hpp"
#include "billow/sparse_smoke3d_solver.hpp"
#include "common/collider_types.h"
#include "core/gpu_buffer.hpp"
#include "grid/colliders.hpp"
#include "image/image_formats.hpp"
#include "image/image_kernels.hpp"
#include "image/image_pipeline.hpp"
#include "image/image_target.hpp"
#include "image/owned_image.hpp"
#include "image/solver_context.hpp"
#include "image/volume_view.hpp"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow {

namespace {

constexpr uint32_t kMaxPictureSize = 8192;
// The engine's depth image may be larger than the picture (a half-resolution volume): up to the
// largest 2D image today's GPUs make (maxImageDimension2D 16384 on most, 32768 on a few).
constexpr uint32_t kMaxDepthSize = 32768;
// Descriptor sets per pipeline: one per record in flight (written afresh for each record, reused
// once the GPU has run it: image/image_pipeline.hpp), so at most this many records may be
// waiting for the GPU at once.
constexpr uint32_t kMaxSets = 256;
constexpr VkDescriptorType kLightBindings[] = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                               VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                               VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
constexpr VkDescriptorType kMarchBindings[] = {
    VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE};
// Over a SparseSmokeSolver3D (volume_sparse_light.comp, volume_render.comp with
// BILLOW_VOLUME_SPARSE): the dense bindings, then the brick map, the active list and the sample
// counters (light: view, density, temperature, solid, colour, light pool, brick map, active list,
// counters; march: the dense march's nine, brick map, counters).
// The view block is a storage buffer there (volume_march.glsl says why).
constexpr VkDescriptorType kSparseLightBindings[] = {
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
constexpr VkDescriptorType kSparseMarchBindings[] = {
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
    VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};

// Mirrors volume_sparse_fields.glsl's push constants.
struct GpuSparseVolumePush {
    float ambientTemperature;
    int32_t skipEmpty;
};

// The shaders' workgroups: volume_light.comp 8 x 8 x 4, volume_render.comp 8 x 8.
constexpr uint32_t kLightGroup[3] = {8, 8, 2};  // volume_light.comp's: 128 invocations, any Vulkan device
constexpr uint32_t kMarchGroup = 8;

uint32_t groups(uint32_t count, uint32_t size) { return (count + size - 1) / size; }

bool isColourFormat(VkFormat format) {
    return std::find(std::begin(detail::kVolumeFormats), std::end(detail::kVolumeFormats), format) !=
           std::end(detail::kVolumeFormats);
}

} // namespace

struct VolumeRenderer::Impl {
    std::shared_ptr<Context> context;
    detail::ImagePipeline light;
    std::map<VkFormat, detail::ImagePipeline> march;  // made at a format's first use
    detail::GpuBuffer viewBlock, colliderBuffer, lightCells;
    detail::OwnedImage emptyDepth;  // bound when the engine gives no depth (never read then)
    VkSampler sampler = VK_NULL_HANDLE;
    // Over a SparseSmokeSolver3D: a light pool (one value per pool cell) and sample counters.
    detail::ImagePipeline sparseLight;
    std::map<VkFormat, detail::ImagePipeline> sparseMarch;
    detail::GpuBuffer sparseLightCells, sampleCounts;
    VolumeSampleCounts lastCounts;

    template <class SolverType>
    VolumePicture renderPictureOf(const SolverType& solver, const VolumeCamera& camera, const VolumeLook& look,
                                  uint32_t width, uint32_t height, std::span<const Collider> colliders);
    detail::OwnedImage picture;  // renderPicture's target, kept while its size does not change
    detail::GpuBuffer pictureReadback;

    explicit Impl(std::shared_ptr<Context> ctx) : context(std::move(ctx)) {
        detail::ContextState& cs = context->state();
        light = detail::ImagePipeline(cs, kLightBindings, 0, detail::volumeLightKernel(), kMaxSets);
        viewBlock = detail::GpuBuffer(cs, sizeof(detail::GpuVolumeView),
                                      VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                      detail::GpuBuffer::Kind::DeviceLocal);
        colliderBuffer = detail::GpuBuffer(cs, sizeof(gpu::GpuCollider) * kMaxColliders,
                                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                           detail::GpuBuffer::Kind::DeviceLocal);
        detail::fillZero(cs, colliderBuffer.handle(), colliderBuffer.size());
        sparseLight = detail::ImagePipeline(cs, kSparseLightBindings, sizeof(GpuSparseVolumePush),
                                            detail::volumeSparseLightKernel(), kMaxSets);
        sampleCounts = detail::GpuBuffer(cs, 4 * sizeof(uint32_t),  // view, light: low words, then high
                                         VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                         detail::GpuBuffer::Kind::Staging);
        emptyDepth = detail::OwnedImage(cs, VK_FORMAT_R32_SFLOAT, 1, 1, VK_IMAGE_USAGE_SAMPLED_BIT,
                                        VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
        VkSamplerCreateInfo samplerInfo{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
        samplerInfo.magFilter = samplerInfo.minFilter = VK_FILTER_NEAREST;
        samplerInfo.addressModeU = samplerInfo.addressModeV = samplerInfo.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        BILLOW_VK(cs.vk.vkCreateSampler(cs.device, &samplerInfo, cs.allocator, &sampler));
    }

    ~Impl() {
        detail::ContextState& cs = context->state();
        VkSampler s = sampler;
        if (s) cs.destroyWhenIdle([&cs, s] { cs.vk.vkDestroySampler(cs.device, s, cs.allocator); });
    }

    detail::ImagePipeline& marchFor(VkFormat format) {
        auto found = march.find(format);
        if (found != march.end()) return found->second;
        detail::ImagePipeline pipeline(context->state(), kMarchBindings, 0, detail::volumeMarchKernel(format), kMaxSets);
        return march.emplace(format, std::move(pipeline)).first->second;
    }

    detail::ImagePipeline& sparseMarchFor(VkFormat format) {
        auto found = sparseMarch.find(format);
        if (found != sparseMarch.end()) return found->second;
        detail::ImagePipeline pipeline(context->state(), kSparseMarchBindings, sizeof(GpuSparseVolumePush),
                                       detail::volumeSparseMarchKernel(format), kMaxSets);
        return sparseMarch.emplace(format, std::move(pipeline)).first->second;
    }

    template <class SparseState>  // SparseSmokeSolver3D::Impl, through detail::SparseSolverAccess
    static VkDeviceSize sparseLightBytes(const SparseState& state) {
        return VkDeviceSize(state.capacity) * BILLOW_BRICK_CELLS * sizeof(float);
    }
    // The light volume renderPicture's record needs, fitted before its submission (a new size
    // waits for the queue, which cannot happen inside one).
    // One float of light a cell, whatever the fields' storage.
    static VkDeviceSize lightBytes(const SmokeSolver3D& solver) { return solver.fieldSize(SmokeField3D::Density) * sizeof(float); }
    void fitLightFor(const SmokeSolver3D& solver) { fitLightCells(lightBytes(solver)); }
    void fitLightFor(const SparseSmokeSolver3D& solver) {
        fitSparseLightCells(sparseLightBytes(detail::SparseSolverAccess::state(solver, "VolumeRenderer::renderPicture")));
    }

    // The sparse light pool follows the solver's pool capacity (growPool), as fitLightCells.
    void fitSparseLightCells(VkDeviceSize bytes) {
        if (sparseLightCells.size() == bytes) return;
        detail::ContextState& cs = context->state();
        if (sparseLightCells.handle()) cs.waitIdle();
        sparseLightCells = detail::GpuBuffer();
        sparseLightCells =
            detail::GpuBuffer(cs, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, detail::GpuBuffer::Kind::DeviceLocal);
    }

    // The light volume follows the solver's grid; a new size waits for the queue (the engine's
    // frames in flight may still read the old one).
    void fitLightCells(VkDeviceSize bytes) {
        if (lightCells.size() == bytes) return;
        detail::ContextState& cs = context->state();
        if (lightCells.handle()) cs.waitIdle();
        lightCells = detail::GpuBuffer();
        lightCells = detail::GpuBuffer(cs, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, detail::GpuBuffer::Kind::DeviceLocal);
    }

    void checkTarget(const VolumeTarget& t) const {
        const ImageTarget& c = t.colour;
        if (!c.image) throw InvalidArgument("VolumeTarget::colour.image", "is VK_NULL_HANDLE");
        if (!c.view) throw InvalidArgument("VolumeTarget::colour.view", "is VK_NULL_HANDLE");
        if (!isColourFormat(c.format))
            throw InvalidArgument("VolumeTarget::colour.format", detail::formatName(c.format) + " is not one of " +
                                                                     detail::formatNames(detail::kVolumeFormats));
        if (c.extent.width == 0 || c.extent.height == 0 || c.extent.width > kMaxPictureSize ||
            c.extent.height > kMaxPictureSize || c.extent.depth != 1)
            throw InvalidArgument("VolumeTarget::colour.extent", "must be 1.." + std::to_string(kMaxPictureSize) +
                                                                     " pixels per side with depth 1 (got " +
                                                                     std::to_string(c.extent.width) + " x " +
                                                                     std::to_string(c.extent.height) + " x " +
                                                                     std::to_string(c.extent.depth) + ")");
        if (c.newLayout == VK_IMAGE_LAYOUT_UNDEFINED || c.newLayout == VK_IMAGE_LAYOUT_PREINITIALIZED)
            throw InvalidArgument("VolumeTarget::colour.newLayout", "cannot be UNDEFINED or PREINITIALIZED");
        if (t.depth && (t.depthExtent.width == 0 || t.depthExtent.height == 0 || t.depthExtent.width > kMaxDepthSize ||
                        t.depthExtent.height > kMaxDepthSize))
            throw InvalidArgument("VolumeTarget::depthExtent", "must be the depth image's size, 1.." +
                                                                   std::to_string(kMaxDepthSize) + " texels per side (got " +
                                                                   std::to_string(t.depthExtent.width) + " x " +
                                                                   std::to_string(t.depthExtent.height) + ")");
        detail::checkStorageFormat(context->state(), c.format, "VolumeRenderer");
    }

    std::vector<gpu::GpuCollider> packColliders(std::span<const Collider> colliders) const {
        if (colliders.size() > kMaxColliders)
            throw InvalidArgument("VolumeRenderer::record: colliders", "at most " + std::to_string(kMaxColliders) +
                                                                           " (got " + std::to_string(colliders.size()) + ")");
        std::vector<gpu::GpuCollider> packed;
        for (size_t i = 0; i < colliders.size(); ++i)
            packed.push_back(detail::packCollider(colliders[i], detail::ColliderRotations::Any,
                                                  "VolumeRenderer::record: colliders[" + std::to_string(i) + "]"));
        return packed;
    }

    // After the solver's release barrier: the view block and colliders updated (and, with
    // `counters`, the sample counters zeroed), the colour image acquired.
    void recordUpdates(VkCommandBuffer cmd, const detail::GpuVolumeView& gpuView,
                       const std::vector<gpu::GpuCollider>& packed, const VolumeTarget& target, bool counters) {
        detail::ContextState& cs = context->state();
        const VolkDeviceTable& vk = cs.vk;
        // Earlier renders' reads of the view block, the colliders and the light volume (and
        // their counter writes) before this one's writes.
        VkMemoryBarrier counted{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        counted.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        counted.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, counters ? 1 : 0,
                                &counted, 0, nullptr, 0, nullptr);
        vk.vkCmdUpdateBuffer(cmd, viewBlock.handle(), 0, sizeof(gpuView), &gpuView);
        if (!packed.empty())
            vk.vkCmdUpdateBuffer(cmd, colliderBuffer.handle(), 0, packed.size() * sizeof(packed[0]), packed.data());
        if (counters) vk.vkCmdFillBuffer(cmd, sampleCounts.handle(), 0, VK_WHOLE_SIZE, 0);
        VkMemoryBarrier updated{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        updated.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
        updated.dstAccessMask = VK_ACCESS_UNIFORM_READ_BIT | VK_ACCESS_SHADER_READ_BIT | (counters ? VK_ACCESS_SHADER_WRITE_BIT : 0);
        vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &updated, 0,
                                nullptr, 0, nullptr);
        detail::recordTargetAcquire(cs, cmd, target.colour, target.colour.oldLayout, target.colour.srcStage,
                                    target.colour.srcAccess);
    }

    void record(VkCommandBuffer cmd, const SmokeSolver3D& solver, const VolumeCamera& camera, const VolumeLook& look,
                const VolumeTarget& target, std::span<const Collider> colliders) {
        const SmokeSettings3D& s = solver.settings();  // Error on a moved-from solver
        checkTarget(target);
        const std::vector<gpu::GpuCollider> packed = packColliders(colliders);
        const VkBuffer colour = solver.buffer(SmokeField3D::Colour);
        const detail::ViewInputs inputs{&s,
                                        &camera,
                                        &look,
                                        &target.domainToWorld,
                                        target.colour.extent.width,
                                        target.colour.extent.height,
                                        target.depth ? target.depthExtent.width : 0u,
                                        target.depth ? target.depthExtent.height : 0u,
                                        colour != VK_NULL_HANDLE,
                                        uint32_t(packed.size()),
                                        detail::largestFinite(target.colour.format),
                                        s.flowStorage == FlowStorage::Float16,
                                        solver.storedTemperatureOrigin()};
        const detail::GpuVolumeView gpuView = detail::makeVolumeView(inputs);

        detail::ContextState& cs = context->state();
        const VolkDeviceTable& vk = cs.vk;
        fitLightCells(lightBytes(solver));
        const VkBuffer density = solver.buffer(SmokeField3D::Density);
        const VkBuffer temperature = solver.buffer(SmokeField3D::Temperature);
        const VkBuffer solid = solver.buffer(SmokeField3D::Solid);
        const VkBuffer colourOrAny = colour ? colour : density;  // bound, read only with a colour field
        detail::ImagePipeline& marchPipeline = marchFor(target.colour.format);
        const VkImageView depthView = target.depth ? target.depth : emptyDepth.view();
        const VkImageLayout depthLayout = target.depth ? target.depthLayout : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;

        const detail::ImagePipeline::Resource lightResources[] = {{viewBlock.handle()}, {density}, {temperature},
                                                                  {solid},              {colourOrAny}, {lightCells.handle()}};
        const VkDescriptorSet lightSet = light.acquireSet(lightResources, "VolumeRenderer::record");
        const detail::ImagePipeline::Resource marchResources[] = {
            {viewBlock.handle()}, {density}, {temperature}, {solid}, {colourOrAny}, {lightCells.handle()},
            {colliderBuffer.handle()}, {VK_NULL_HANDLE, depthView, depthLayout, sampler},
            {VK_NULL_HANDLE, target.colour.view, VK_IMAGE_LAYOUT_GENERAL}};
        const VkDescriptorSet marchSet = marchPipeline.acquireSet(marchResources, "VolumeRenderer::record");

        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
        recordUpdates(cmd, gpuView, packed, target, false);

        light.dispatch(cmd, lightSet, nullptr, 0, groups(s.nx, kLightGroup[0]), groups(s.ny, kLightGroup[1]),
                       groups(s.nz, kLightGroup[2]));
        VkMemoryBarrier baked{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        baked.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        baked.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
        vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &baked,
                                0, nullptr, 0, nullptr);
        marchPipeline.dispatch(cmd, marchSet, nullptr, 0, groups(target.colour.extent.width, kMarchGroup),
                               groups(target.colour.extent.height, kMarchGroup), 1);

        // The picture to the engine's next use; these reads before the solver's next writes.
        detail::recordTargetRelease(cs, cmd, target.colour);
        light.recordRetire(cmd);
        marchPipeline.recordRetire(cmd);
    }

    // The same over a SparseSmokeSolver3D's allocated bricks: the bake one workgroup per
    // allocated brick (indirect, from the topology header), the march through the brick map,
    // skipping open air.
    void record(VkCommandBuffer cmd, const SparseSmokeSolver3D& solver, const VolumeCamera& camera, const VolumeLook& look,
                const VolumeTarget& target, std::span<const Collider> colliders) {
        const auto& state = detail::SparseSolverAccess::state(solver, "VolumeRenderer::record");
        const SmokeSettings3D& s = state.settings;
        checkTarget(target);
        const std::vector<gpu::GpuCollider> packed = packColliders(colliders);
        const detail::ViewInputs inputs{&s,
                                        &camera,
                                        &look,
                                        &target.domainToWorld,
                                        target.colour.extent.width,
                                        target.colour.extent.height,
                                        target.depth ? target.depthExtent.width : 0u,
                                        target.depth ? target.depthExtent.height : 0u,
                                        state.hasColour(),
                                        uint32_t(packed.size()),
                                        detail::largestFinite(target.colour.format)};
        const detail::GpuVolumeView gpuView = detail::makeVolumeView(inputs);
        // Open air may be skipped only where it adds nothing: at an ambient temperature that does
        // not glow (fireEmission is exactly 0 at or below fireLow).
        const GpuSparseVolumePush push{s.ambientTemperature, s.ambientTemperature <= look.fireLow ? 1 : 0};

        detail::ContextState& cs = context->state();
        const VolkDeviceTable& vk = cs.vk;
        fitSparseLightCells(sparseLightBytes(state));
        const VkBuffer density = state.pool(SparseField3D::Density);
        const VkBuffer temperature = state.pool(SparseField3D::Temperature);
        const VkBuffer solid = state.solid.handle();
        const VkBuffer colourOrAny = state.hasColour() ? state.pool(SparseField3D::Colour) : density;
        const VkBuffer brickMap = state.topology.brickMap.handle();
        const VkBuffer activeList = state.topology.activeList.handle();
        const VkBuffer lightPool = sparseLightCells.handle();
        detail::ImagePipeline& marchPipeline = sparseMarchFor(target.colour.format);
        const VkImageView depthView = target.depth ? target.depth : emptyDepth.view();
        const VkImageLayout depthLayout = target.depth ? target.depthLayout : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;

        const detail::ImagePipeline::Resource lightResources[] = {{viewBlock.handle()}, {density},  {temperature},
                                                                  {solid},              {colourOrAny}, {lightPool},
                                                                  {brickMap},           {activeList},  {sampleCounts.handle()}};
        const VkDescriptorSet lightSet = sparseLight.acquireSet(lightResources, "VolumeRenderer::record");
        const detail::ImagePipeline::Resource marchResources[] = {
            {viewBlock.handle()}, {density}, {temperature}, {solid}, {colourOrAny}, {lightPool},
            {colliderBuffer.handle()}, {VK_NULL_HANDLE, depthView, depthLayout, sampler},
            {VK_NULL_HANDLE, target.colour.view, VK_IMAGE_LAYOUT_GENERAL}, {brickMap}, {sampleCounts.handle()}};
        const VkDescriptorSet marchSet = marchPipeline.acquireSet(marchResources, "VolumeRenderer::record");

        // The solver's writes (the topology header's indirect dispatch included) before the reads.
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                                    VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_INDIRECT_COMMAND_READ_BIT);
        recordUpdates(cmd, gpuView, packed, target, true);

        sparseLight.dispatchIndirect(cmd, lightSet, &push, sizeof(push), state.topology.header.handle(),
                                     kBrickDispatchOffset);
        VkMemoryBarrier baked{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        baked.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
        baked.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;  // the counters' atomics
        vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &baked,
                                0, nullptr, 0, nullptr);
        marchPipeline.dispatch(cmd, marchSet, &push, sizeof(push), groups(target.colour.extent.width, kMarchGroup),
                               groups(target.colour.extent.height, kMarchGroup), 1);

        detail::recordTargetRelease(cs, cmd, target.colour);
        // The header's indirect read before the solver's next topology update writes it.
        vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT,
                                VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                                nullptr, 0, nullptr);
        sparseLight.recordRetire(cmd);
        marchPipeline.recordRetire(cmd);
    }
};

VolumeRenderer::VolumeRenderer(std::shared_ptr<Context> context) {
    if (!context) throw InvalidArgument("VolumeRenderer: context", "is null");
    impl_ = std::make_unique<Impl>(std::move(context));
}

VolumeRenderer::~VolumeRenderer() = default;
VolumeRenderer::VolumeRenderer(VolumeRenderer&&) noexcept = default;
VolumeRenderer& VolumeRenderer::operator=(VolumeRenderer&&) noexcept = default;

void VolumeRenderer::record(VkCommandBuffer cmd, const SmokeSolver3D& solver, const VolumeCamera& camera,
                            const VolumeLook& look, const VolumeTarget& target, std::span<const Collider> colliders) {
    if (!impl_) throw Error("VolumeRenderer::record: the renderer was moved from");
    detail::requireSameContext(solver, *impl_->context, "VolumeRenderer::record: solver", "VolumeRenderer");
    impl_->record(cmd, solver, camera, look, target, colliders);
}

void VolumeRenderer::record(VkCommandBuffer cmd, const SparseSmokeSolver3D& solver, const VolumeCamera& camera,
                            const VolumeLook& look, const VolumeTarget& target, std::span<const Collider> colliders) {
    if (!impl_) throw Error("VolumeRenderer::record: the renderer was moved from");
    detail::requireSameContext(solver, *impl_->context, "VolumeRenderer::record: solver", "VolumeRenderer");
    impl_->record(cmd, solver, camera, look, target, colliders);
}

VolumeSampleCounts VolumeRenderer::lastSampleCounts() const noexcept { return impl_ ? impl_->lastCounts : VolumeSampleCounts{}; }

// Nothing to drop: no set outlives the records that used it (image/image_pipeline.hpp).
void VolumeRenderer::forgetView(VkImageView) noexcept {}

// renderPicture for either solver: the picture rendered into the renderer's own image, copied back
// and waited for (and, over a sparse solver, the sample counters read).
template <class SolverType>
VolumePicture VolumeRenderer::Impl::renderPictureOf(const SolverType& solver, const VolumeCamera& camera,
                                                     const VolumeLook& look, uint32_t width, uint32_t height,
                                                     std::span<const Collider> colliders) {
    Impl& r = *this;
    detail::ContextState& cs = r.context->state();
    // The picture is an image of Billow's own: at most the device's 2D image size too (4096 on
    // the specification's minimum device).
    const uint32_t largest = std::min(kMaxPictureSize, cs.properties.limits.maxImageDimension2D);
    if (width == 0 || height == 0 || width > largest || height > largest)
        throw InvalidArgument("VolumeRenderer::renderPicture: width, height",
                              "must be 1.." + std::to_string(largest) + " pixels (got " + std::to_string(width) +
                                  " x " + std::to_string(height) + ")" +
                                  (largest < kMaxPictureSize ? " on this device (maxImageDimension2D)" : ""));
    constexpr bool sparse = std::is_same_v<SolverType, SparseSmokeSolver3D>;
    constexpr VkFormat kFormat = VK_FORMAT_R32G32B32A32_SFLOAT;
    const VkDeviceSize bytes = VkDeviceSize(width) * height * 16;
    if (r.picture.width() != width || r.picture.height() != height) {
        // The last picture was waited for: its image may go.
        r.picture = detail::OwnedImage(cs, kFormat, width, height,
                                       VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_IMAGE_LAYOUT_UNDEFINED);
        r.pictureReadback = detail::GpuBuffer(cs, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, detail::GpuBuffer::Kind::Staging);
    }
    r.fitLightFor(solver);
    VolumeTarget target;
    target.colour = {r.picture.image(), r.picture.view(), kFormat, {width, height, 1}};
    target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    target.colour.srcStage = VK_PIPELINE_STAGE_TRANSFER_BIT;  // the last picture's copy
    target.colour.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    target.colour.dstStage = VK_PIPELINE_STAGE_TRANSFER_BIT;
    target.colour.dstAccess = VK_ACCESS_TRANSFER_READ_BIT;
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        r.record(cmd, solver, camera, look, target, colliders);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = {width, height, 1};
        cs.vk.vkCmdCopyImageToBuffer(cmd, r.picture.image(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r.pictureReadback.handle(),
                                     1, &region);
        VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | (sparse ? VK_ACCESS_SHADER_WRITE_BIT : 0);
        toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
        cs.vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT | (sparse ? VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT : 0),
                                   VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0, nullptr, 0, nullptr);
    });
    VolumePicture result{width, height, std::vector<float>(size_t(width) * height * 4)};
    std::memcpy(result.rgba.data(), r.pictureReadback.mapped(), bytes);
    if constexpr (sparse) {
        uint32_t counts[4];
        std::memcpy(counts, r.sampleCounts.mapped(), sizeof(counts));
        r.lastCounts = {counts[0] | uint64_t(counts[2]) << 32, counts[1] | uint64_t(counts[3]) << 32};
    }
    return result;
}

VolumePicture VolumeRenderer::renderPicture(const SmokeSolver3D& solver, const VolumeCamera& camera,
                                            const VolumeLook& look, uint32_t width, uint32_t height,
                                            std::span<const Collider> colliders) {
    if (!impl_) throw Error("VolumeRenderer::renderPicture: the renderer was moved from");
    detail::requireSameContext(solver, *impl_->context, "VolumeRenderer::renderPicture: solver", "VolumeRenderer");
    return impl_->renderPictureOf(solver, camera, look, width, height, colliders);
}

VolumePicture VolumeRenderer::renderPicture(const SparseSmokeSolver3D& solver, const VolumeCamera& camera,
                                            const VolumeLook& look, uint32_t width, uint32_t height,
                                            std::span<const Collider> colliders) {
    if (!impl_) throw Error("VolumeRenderer::renderPicture: the renderer was moved from");
    detail::requireSameContext(solver, *impl_->context, "VolumeRenderer::renderPicture: solver", "VolumeRenderer");
    return impl_->renderPictureOf(solver, camera, look, width, height, colliders);
}

} // namespace billow
