// What the demo shows and steps, frame by frame: the 2D smoke with its field views (FieldMode)
// or the 3D smoke and fire, ray-marched (VolumeMode). main.cpp's frame loop owns the window,
// swapchain and frame slots and asks the mode for the rest.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <vulkan/vulkan.h>

namespace billow::interactive {

class DemoMode {
public:
    virtual ~DemoMode() = default;
    // Applies the input since the last frame to the solver. `settle` waits until no submitted
    // frame uses the solver's buffers; call it before any blocking edit.
    virtual void applyInput(const std::function<void()>& settle) = 0;
    // Records the frame: the entry barrier and the step (unless paused), the release barrier and
    // the draw into swapchain image `imageIndex` (ending ready for a transfer read when
    // `forReadBack`). `frameSlot`'s previous submission has finished.
    virtual void record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack) = 0;
    // The window title after "Billow | ", given the measured step time (< 0: none yet).
    virtual std::string title(double msPerStep, bool gpuTimed) const = 0;
    virtual bool quitRequested() const = 0;
    // One line for the console at start: the grid and what it runs on.
    virtual std::string banner() const = 0;
    // Screenshot key presses not yet served (the loop decrements it as it writes them).
    virtual uint32_t& screenshotRequests() = 0;
};

// The entry barrier of every frame (docs/integration.md): the previous frame, possibly still
// running, read Billow's buffers in its shaders (`readers`); Billow's step overwrites some of
// them. A read before a write needs only an execution dependency. (The previous step's writes
// are already covered by the COMPUTE -> COMPUTE barrier Billow records after every pass.)
inline void recordEntryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags readers) {
    VkMemoryBarrier entry{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    vkCmdPipelineBarrier(cmd, readers, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 1, &entry, 0, nullptr, 0, nullptr);
}

} // namespace billow::interactive
