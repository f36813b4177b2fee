// The engine's image around a pass that overwrites it (billow::ImageTarget's contract), shared by
// FieldImage and VolumeRenderer: the storage-format check, the transition into GENERAL after the
// engine's last use, and the transition to the engine's layout before its next use together with
// the execution dependency that lets the solver's next step overwrite what the pass read.
#pragma once

#include "billow/field_image.hpp"
#include "core/context_state.hpp"

namespace billow::detail {

// UnsupportedDevice, naming `owner` and the format, when the device cannot store to `format`.
void checkStorageFormat(const ContextState& context, VkFormat format, const char* owner);

// The image from `layout` (after `stage`/`access`, the engine's last use) into GENERAL for the
// pass's compute-shader writes.
void recordTargetAcquire(const ContextState& context, VkCommandBuffer cmd, const ImageTarget& target, VkImageLayout layout,
                         VkPipelineStageFlags stage, VkAccessFlags access);
// The writes to target.dstStage/dstAccess in target.newLayout; and the pass's compute reads of
// the solver's buffers before the solver's next writes (compute or transfer).
void recordTargetRelease(const ContextState& context, VkCommandBuffer cmd, const ImageTarget& target);

} // namespace billow::detail
