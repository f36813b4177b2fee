// What the image passes need to know of a Vulkan format beyond its storage qualifier: its name in
// Billow's messages ("VK_FORMAT_R8G8B8A8_SRGB", so an engine that hands over the wrong image reads
// which format it gave, not a number), and the largest value it holds.
#pragma once

#include <limits>
#include <span>
#include <string>

#include <vulkan/vulkan_core.h>

namespace billow::detail {

// The format's name: those Billow accepts and those an engine is likely to hand over instead
// (sRGB and BGRA swapchain formats, depth formats, other colour formats of the same sizes);
// "VkFormat <number>" for any other.
std::string formatName(VkFormat format);
// "VK_FORMAT_R8_UNORM, VK_FORMAT_R16_SFLOAT, ...": the names of `formats`, for "is not one of".
std::string formatNames(std::span<const VkFormat> formats);
// The largest finite value a texel of `format` holds: 65504 for the half formats, the largest
// float otherwise (UNORM formats clamp to [0, 1] as Vulkan converts). The passes clamp what they
// write to it, so a value beyond a format's range is stored as its largest value, never as Inf.
float largestFinite(VkFormat format) noexcept;

} // namespace billow::detail
