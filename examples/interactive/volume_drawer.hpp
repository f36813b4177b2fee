// Draws a SmokeSolver3D's smoke and fire into a swapchain image with the library's renderer:
// billow::VolumeRenderer ray-marches the solver's buffers (no copy) into this frame slot's picture,
// an RGBA8 storage image of the window's size that the app owns (PictureImage), and a fullscreen
// triangle (shaders/picture_view.frag) then draws the picture onto the swapchain image. One
// picture per frame in flight, so a frame's march never waits for the previous frame's draw.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <vulkan/vulkan.h>

#include "billow/collider.hpp"
#include "billow/smoke3d_solver.hpp"
#include "billow/volume_renderer.hpp"
#include "fullscreen_pass.hpp"
#include "picture_image.hpp"

namespace billow::interactive {

class VolumeDrawer {
public:
    VolumeDrawer(std::shared_ptr<Context> context, const VulkanSetup& vulkan, const Swapchain& swapchain,
                 uint32_t framesInFlight);
    ~VolumeDrawer();
    VolumeDrawer(const VolumeDrawer&) = delete;
    VolumeDrawer& operator=(const VolumeDrawer&) = delete;

    // Records the march into `frameSlot`'s picture (the renderer records its own barrier after
    // the solver's writes, so the caller records no release barrier) and the picture's draw into
    // swapchain image `imageIndex`. `look` is drawn display-encoded (displayEncode is set here:
    // the picture's 8 bits go to the screen as they are). `colliders`: the set the solver was
    // handed, drawn as exact surfaces. `frameSlot`'s previous submission must have finished.
    // Throws billow::InvalidArgument for a camera or look out of range. `forReadBack`: as
    // FullscreenPass::begin.
    void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver3D& solver,
                const OrbitCamera& orbit, const VolumeLook& look, std::span<const Collider> colliders, bool forReadBack);

    // The stages that read the solver's buffers (the renderer's light bake and march, both
    // compute): what the next step's entry barrier must wait for.
    static constexpr VkPipelineStageFlags kReaderStages = VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;

private:
    void fitPictures();  // the pictures follow the swapchain's size
    void release();

    std::shared_ptr<Context> context_;
    VkDevice device_;
    VkPhysicalDevice physical_;
    const Swapchain& swapchain_;
    FullscreenPass pass_;
    VkSampler sampler_ = VK_NULL_HANDLE;
    // Made again with the pictures: it keeps descriptor sets keyed by the target's image view,
    // and a new view may reuse a destroyed one's handle (see fitPictures).
    std::optional<VolumeRenderer> renderer_;
    std::vector<std::unique_ptr<PictureImage>> pictures_;  // one per frame slot
    uint32_t picturesGeneration_ = 0;                      // the swapchain generation they fit
};

} // namespace billow::interactive
