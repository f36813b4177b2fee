// Errors thrown by Billow. Every failure is an exception carrying a message that names what is wrong.
#pragma once

#include <stdexcept>
#include <string>

#include <vulkan/vulkan_core.h>

namespace billow {

// Base class of every Billow error.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A setting or argument is out of range, non-finite or inconsistent. `field()` names the offender,
// e.g. "SmokeSettings::nx" or "uploadDensity: values.size()".
class InvalidArgument : public Error {
public:
    InvalidArgument(std::string field, const std::string& problem);
    const std::string& field() const noexcept { return field_; }

private:
    std::string field_;
};

// The device lacks a feature or limit Billow needs; the message names it and the value found.
class UnsupportedDevice : public Error {
public:
    using Error::Error;
};

// A Vulkan call failed. `result()` is the VkResult, and the message contains its name.
class VulkanError : public Error {
public:
    VulkanError(VkResult result, const std::string& call);
    VkResult result() const noexcept { return result_; }

private:
    VkResult result_;
};

// VK_ERROR_DEVICE_LOST: the GPU was lost. The context is unusable afterwards; create a new one.
class DeviceLost : public VulkanError {
public:
    explicit DeviceLost(const std::string& call) : VulkanError(VK_ERROR_DEVICE_LOST, call) {}
};

// The symbolic name of a VkResult, e.g. "VK_ERROR_OUT_OF_DEVICE_MEMORY".
const char* vkResultName(VkResult result) noexcept;

} // namespace billow
