#include "volume_drawer.hpp"

#include <array>

#include "swapchain.hpp"
#include "vulkan_check.hpp"
#include "vulkan_setup.hpp"

namespace billow::interactive {
namespace {

const uint32_t kFragmentSpirv[] =
#include "picture_view.frag.inc"
    ;

// RGBA8 holds the display-encoded picture without loss, and every device writes it as a
// storage image.
constexpr VkFormat kPictureFormat = VK_FORMAT_R8G8B8A8_UNORM;

constexpr std::array<VkDescriptorSetLayoutBinding, 1> kPictureBindings{
    {{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}}};

} // namespace

VolumeDrawer::VolumeDrawer(std::shared_ptr<Context> context, const VulkanSetup& vulkan, const Swapchain& swapchain,
                           uint32_t framesInFlight)
    : context_(std::move(context)), device_(vulkan.device), physical_(vulkan.physicalDevice), swapchain_(swapchain),
      pass_(vulkan, swapchain, kFragmentSpirv, kPictureBindings, 0, framesInFlight), pictures_(framesInFlight) {
    try {
        VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
        info.magFilter = info.minFilter = VK_FILTER_LINEAR;
        info.addressModeU = info.addressModeV = info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
        check(vkCreateSampler(device_, &info, nullptr, &sampler_), "vkCreateSampler");
        fitPictures();
    } catch (...) {
        release();
        throw;
    }
}

VolumeDrawer::~VolumeDrawer() { release(); }

void VolumeDrawer::release() {
    if (sampler_) vkDestroySampler(device_, sampler_, nullptr);
    sampler_ = VK_NULL_HANDLE;
}

// Called at creation and after the swapchain was recreated, which waited for the device to be
// idle: no submitted frame still uses the old pictures or the old renderer.
void VolumeDrawer::fitPictures() {
    // The renderer caches a descriptor set per target view and offers no way to drop one: a new
    // picture's view could take a destroyed view's handle and meet that view's stale set (and
    // every resize would use up sets). A new renderer starts with no sets.
    renderer_.reset();
    renderer_.emplace(context_);
    for (uint32_t slot = 0; slot < pictures_.size(); ++slot) {
        pictures_[slot].reset();
        pictures_[slot] = std::make_unique<PictureImage>(device_, physical_, kPictureFormat, swapchain_.extent);
        // The picture is read in SHADER_READ_ONLY_OPTIMAL, the layout the renderer leaves it in.
        VkDescriptorImageInfo image{sampler_, pictures_[slot]->view(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
        VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        write.dstSet = pass_.set(slot);
        write.dstBinding = 0;
        write.descriptorCount = 1;
        write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        write.pImageInfo = &image;
        vkUpdateDescriptorSets(device_, 1, &write, 0, nullptr);
    }
    picturesGeneration_ = swapchain_.generation;
}

void VolumeDrawer::record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver3D& solver,
                          const OrbitCamera& orbit, const VolumeLook& look, std::span<const Collider> colliders,
                          bool forReadBack) {
    if (picturesGeneration_ != swapchain_.generation) fitPictures();
    const PictureImage& picture = *pictures_[frameSlot];
    const VkExtent2D extent = picture.extent();
    const VolumeCamera camera = orbitCamera(solver.settings(), orbit, float(extent.width) / float(extent.height));
    VolumeLook encoded = look;
    encoded.displayEncode = true;

    VolumeTarget target;
    target.colour = {picture.image(), picture.view(), picture.format(), {extent.width, extent.height, 1}};
    // Every pixel is rewritten (the background is opaque), so the old contents are not kept; the
    // slot's previous draw read the picture in its fragment shader, which the writes wait for.
    target.colour.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    target.colour.srcStage = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
    target.colour.srcAccess = 0;
    // Left for this frame's draw: sampled by the fragment shader.
    target.colour.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    target.colour.dstStage = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
    target.colour.dstAccess = VK_ACCESS_SHADER_READ_BIT;
    renderer_->record(cmd, solver, camera, encoded, target, colliders);

    pass_.begin(cmd, frameSlot, imageIndex, forReadBack);
    pass_.draw(cmd);
}

} // namespace billow::interactive
