#include "image/image_kernels.hpp"

namespace billow::detail {

namespace {

// One array per compiled module (publish_field_<dimensions>_<qualifier>.spv.inc, glslc -mfmt=c).

const uint32_t kPublish2_r8[] =
#include "publish_field_2_r8.spv.inc"
    ;
const uint32_t kPublish2_r16f[] =
#include "publish_field_2_r16f.spv.inc"
    ;
const uint32_t kPublish2_r32f[] =
#include "publish_field_2_r32f.spv.inc"
    ;
const uint32_t kPublish2_rgba8[] =
#include "publish_field_2_rgba8.spv.inc"
    ;
const uint32_t kPublish2_rgba16f[] =
#include "publish_field_2_rgba16f.spv.inc"
    ;
const uint32_t kPublish2_rgba32f[] =
#include "publish_field_2_rgba32f.spv.inc"
    ;
const uint32_t kPublish3_r8[] =
#include "publish_field_3_r8.spv.inc"
    ;
const uint32_t kPublish3_r16f[] =
#include "publish_field_3_r16f.spv.inc"
    ;
const uint32_t kPublish3_r32f[] =
#include "publish_field_3_r32f.spv.inc"
    ;
const uint32_t kPublish3_rgba8[] =
#include "publish_field_3_rgba8.spv.inc"
    ;
const uint32_t kPublish3_rgba16f[] =
#include "publish_field_3_rgba16f.spv.inc"
    ;
const uint32_t kPublish3_rgba32f[] =
#include "publish_field_3_rgba32f.spv.inc"
    ;

const uint32_t kVolumeLight[] =
#include "volume_light.spv.inc"
    ;
const uint32_t kVolumeRender_rgba8[] =
#include "volume_render_rgba8.spv.inc"
    ;
const uint32_t kVolumeRender_rgba16f[] =
#include "volume_render_rgba16f.spv.inc"
    ;
const uint32_t kVolumeRender_rgba32f[] =
#include "volume_render_rgba32f.spv.inc"
    ;
const uint32_t kVolumeSparseLight[] =
#include "volume_sparse_light.spv.inc"
    ;
const uint32_t kVolumeRenderSparse_rgba8[] =
#include "volume_render_sparse_rgba8.spv.inc"
    ;
const uint32_t kVolumeRenderSparse_rgba16f[] =
#include "volume_render_sparse_rgba16f.spv.inc"
    ;
const uint32_t kVolumeRenderSparse_rgba32f[] =
#include "volume_render_sparse_rgba32f.spv.inc"
    ;

int formatSlot(VkFormat format) noexcept {
    for (int i = 0; i < 6; ++i)
        if (kPublishFormats[i] == format) return i;
    return -1;
}

} // namespace

bool isPublishFormat(VkFormat format) noexcept { return formatSlot(format) >= 0; }

std::span<const uint32_t> publishKernel(uint32_t dimensions, VkFormat format) noexcept {
    const int slot = formatSlot(format);
    if (slot < 0) return {};
    switch (slot + (dimensions == 3 ? 6 : 0)) {
    case 0: return kPublish2_r8;
    case 1: return kPublish2_r16f;
    case 2: return kPublish2_r32f;
    case 3: return kPublish2_rgba8;
    case 4: return kPublish2_rgba16f;
    case 5: return kPublish2_rgba32f;
    case 6: return kPublish3_r8;
    case 7: return kPublish3_r16f;
    case 8: return kPublish3_r32f;
    case 9: return kPublish3_rgba8;
    case 10: return kPublish3_rgba16f;
    case 11: return kPublish3_rgba32f;
    default: return {};
    }
}

std::span<const uint32_t> volumeLightKernel() noexcept { return kVolumeLight; }

std::span<const uint32_t> volumeMarchKernel(VkFormat format) noexcept {
    switch (format) {
    case VK_FORMAT_R8G8B8A8_UNORM: return kVolumeRender_rgba8;
    case VK_FORMAT_R16G16B16A16_SFLOAT: return kVolumeRender_rgba16f;
    case VK_FORMAT_R32G32B32A32_SFLOAT: return kVolumeRender_rgba32f;
    default: return {};
    }
}

std::span<const uint32_t> volumeSparseLightKernel() noexcept { return kVolumeSparseLight; }

std::span<const uint32_t> volumeSparseMarchKernel(VkFormat format) noexcept {
    switch (format) {
    case VK_FORMAT_R8G8B8A8_UNORM: return kVolumeRenderSparse_rgba8;
    case VK_FORMAT_R16G16B16A16_SFLOAT: return kVolumeRenderSparse_rgba16f;
    case VK_FORMAT_R32G32B32A32_SFLOAT: return kVolumeRenderSparse_rgba32f;
    default: return {};
    }
}

} // namespace billow::detail
