// Draws a SmokeSolver3D's smoke and fire into a swapchain image, ray-marched straight from the
// solver's storage buffers (no copy): a compute pass bakes the light's transmittance per cell
// (examples/volume_render/shaders/volume_light.comp, the headless renderer's own shader), then a
// fullscreen triangle's fragment shader (shaders/volume_view.frag) marches one camera ray per
// pixel. Both use the march maths of examples/volume_render/shaders/volume_march.glsl and the
// uniform block billow::render::detail::makeView fills, so the demo's picture is the scene
// runner's for the same camera and look.
#pragma once

#include <cstdint>
#include <vector>

#include <vulkan/vulkan.h>

#include "billow/smoke3d_solver.hpp"
#include "fullscreen_pass.hpp"
#include "gpu_objects.hpp"
#include "volume_renderer.hpp"

namespace billow::interactive {

class VolumeDrawer {
public:
    VolumeDrawer(const VulkanSetup& vulkan, const Swapchain& swapchain, uint32_t framesInFlight);
    ~VolumeDrawer();
    VolumeDrawer(const VolumeDrawer&) = delete;
    VolumeDrawer& operator=(const VolumeDrawer&) = delete;

    // Records the light bake and the draw into swapchain image `imageIndex`. The solver's writes
    // must already be released to compute and fragment shader reads
    // (SmokeSolver3D::recordReleaseBarrier with both stages), and `frameSlot`'s previous
    // submission must have finished (its uniform buffer, light volume and descriptor set are
    // rewritten here). Throws std::invalid_argument for a camera or look out of range.
    // `forReadBack`: as FullscreenPass::begin.
    void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver3D& solver,
                const render::OrbitCamera& camera, const render::VolumeLook& look, bool forReadBack);

    // The stages that read the solver's buffers: what the release barrier must reach, and what
    // the next step's entry barrier must wait for.
    static constexpr VkPipelineStageFlags kReaderStages =
        VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;

private:
    void release();
    VkDevice device_;
    VkPhysicalDevice physical_;
    const Swapchain& swapchain_;
    FullscreenPass pass_;
    VkPipelineLayout bakeLayout_ = VK_NULL_HANDLE;
    VkPipeline bake_ = VK_NULL_HANDLE;
    std::vector<render::detail::RenderBuffer> views_;   // the VolumeView uniform block, per frame slot
    std::vector<render::detail::RenderBuffer> lights_;  // light transmittance per cell, per frame slot
};

} // namespace billow::interactive
