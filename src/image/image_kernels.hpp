// The image passes' SPIR-V, compiled by glslc at build time (src/CMakeLists.txt) and embedded.
#pragma once

#include <cstdint>
#include <span>

#include <vulkan/vulkan_core.h>

namespace billow::detail {

// The formats a field can be published into, in the order of their storage-image qualifiers.
inline constexpr VkFormat kPublishFormats[] = {
    VK_FORMAT_R8_UNORM,       VK_FORMAT_R16_SFLOAT,          VK_FORMAT_R32_SFLOAT,
    VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT,
};
// Whether `format` is one of them.
bool isPublishFormat(VkFormat format) noexcept;
// The formats the volume march writes.
inline constexpr VkFormat kVolumeFormats[] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R16G16B16A16_SFLOAT,
                                              VK_FORMAT_R32G32B32A32_SFLOAT};

// The publish pass (shaders/image/publish_field.comp) for 2D or 3D images of `format`; empty for a
// format outside kPublishFormats.
std::span<const uint32_t> publishKernel(uint32_t dimensions, VkFormat format) noexcept;

// The volume renderer's passes (shaders/image/volume_*.comp).
std::span<const uint32_t> volumeLightKernel() noexcept;
std::span<const uint32_t> volumeMarchKernel(VkFormat format) noexcept;
// The same over a SparseSmokeSolver3D's bricks (volume_sparse_light.comp, volume_render.comp with
// BILLOW_VOLUME_SPARSE).
std::span<const uint32_t> volumeSparseLightKernel() noexcept;
std::span<const uint32_t> volumeSparseMarchKernel(VkFormat format) noexcept;

} // namespace billow::detail
