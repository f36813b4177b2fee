// Draws one of Billow's 2D fields into a swapchain image with a fullscreen triangle whose fragment
// shader (shaders/field_view.frag) reads Billow's storage buffers directly (no copy). One
// descriptor set per frame in flight, rewritten every frame because Billow's buffers ping-pong.
#pragma once

#include <cstdint>

#include <vulkan/vulkan.h>

#include "billow/smoke_solver.hpp"
#include "fullscreen_pass.hpp"
#include "views.hpp"

namespace billow::interactive {

class FieldRenderer {
public:
    FieldRenderer(const VulkanSetup& vulkan, const Swapchain& swapchain, uint32_t framesInFlight);
    FieldRenderer(const FieldRenderer&) = delete;
    FieldRenderer& operator=(const FieldRenderer&) = delete;

    // Records the draw into swapchain image `imageIndex`. The solver's writes must already be
    // released to the fragment shader (SmokeSolver::recordReleaseBarrier), and `frameSlot`'s
    // previous submission must have finished (its descriptor set is rewritten here).
    // `forReadBack`: the image ends in TRANSFER_SRC_OPTIMAL, its writes visible to a transfer
    // read, instead of PRESENT_SRC_KHR.
    void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, const SmokeSolver& solver, View view,
                bool forReadBack);

private:
    VkDevice device_;
    FullscreenPass pass_;
};

} // namespace billow::interactive
