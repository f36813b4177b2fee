#include "image/image_formats.hpp"

namespace billow::detail {

namespace {

struct NamedFormat {
    VkFormat format;
    const char* name;
};

#define BILLOW_NAMED_FORMAT(suffix) {VK_FORMAT_##suffix, "VK_FORMAT_" #suffix}
constexpr NamedFormat kNamedFormats[] = {
    // What the image passes accept (image_kernels.hpp, kPublishFormats).
    BILLOW_NAMED_FORMAT(R8_UNORM),
    BILLOW_NAMED_FORMAT(R16_SFLOAT),
    BILLOW_NAMED_FORMAT(R32_SFLOAT),
    BILLOW_NAMED_FORMAT(R8G8B8A8_UNORM),
    BILLOW_NAMED_FORMAT(R16G16B16A16_SFLOAT),
    BILLOW_NAMED_FORMAT(R32G32B32A32_SFLOAT),
    // What an engine may hand over instead: display and swapchain formats, depth, other colours.
    BILLOW_NAMED_FORMAT(UNDEFINED),
    BILLOW_NAMED_FORMAT(R8G8B8A8_SRGB),
    BILLOW_NAMED_FORMAT(R8G8B8A8_SNORM),
    BILLOW_NAMED_FORMAT(R8G8B8A8_UINT),
    BILLOW_NAMED_FORMAT(B8G8R8A8_UNORM),
    BILLOW_NAMED_FORMAT(B8G8R8A8_SRGB),
    BILLOW_NAMED_FORMAT(A2B10G10R10_UNORM_PACK32),
    BILLOW_NAMED_FORMAT(A2R10G10B10_UNORM_PACK32),
    BILLOW_NAMED_FORMAT(B10G11R11_UFLOAT_PACK32),
    BILLOW_NAMED_FORMAT(R16G16B16A16_UNORM),
    BILLOW_NAMED_FORMAT(R8_SRGB),
    BILLOW_NAMED_FORMAT(R8G8_UNORM),
    BILLOW_NAMED_FORMAT(R16_UNORM),
    BILLOW_NAMED_FORMAT(R16G16_SFLOAT),
    BILLOW_NAMED_FORMAT(R32_UINT),
    BILLOW_NAMED_FORMAT(R32G32_SFLOAT),
    BILLOW_NAMED_FORMAT(R32G32B32_SFLOAT),
    BILLOW_NAMED_FORMAT(D16_UNORM),
    BILLOW_NAMED_FORMAT(D24_UNORM_S8_UINT),
    BILLOW_NAMED_FORMAT(D32_SFLOAT),
    BILLOW_NAMED_FORMAT(D32_SFLOAT_S8_UINT),
};
#undef BILLOW_NAMED_FORMAT

} // namespace

std::string formatName(VkFormat format) {
    for (const NamedFormat& named : kNamedFormats)
        if (named.format == format) return named.name;
    return "VkFormat " + std::to_string(int(format));
}

float largestFinite(VkFormat format) noexcept {
    if (format == VK_FORMAT_R16_SFLOAT || format == VK_FORMAT_R16G16B16A16_SFLOAT) return 65504.0f;  // (2 - 2^-10) 2^15
    return std::numeric_limits<float>::max();
}

std::string formatNames(std::span<const VkFormat> formats) {
    std::string list;
    for (VkFormat format : formats) list += (list.empty() ? "" : ", ") + formatName(format);
    return list;
}

} // namespace billow::detail
