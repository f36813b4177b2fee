// Errors thrown by Billow. Every failure is an exception carrying a message that names what is wrong.
#pragma once

#include <cstdint>
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

// A wait for the GPU (a fence of step(), upload(), download(), waitIdle(), a destructor's wait)
// ran past the context's timeout (Context::waitTimeoutSeconds()): the GPU hangs without reporting
// device loss, or runs far slower than any step should. result() is VK_TIMEOUT; the message names
// the call and the timeout. The solver whose wait timed out is unusable afterwards (its GPU state
// is unknown); the context keeps waiting for the hung work before its next submission.
class TimeoutError : public VulkanError {
public:
    TimeoutError(const std::string& call, double seconds);
    double seconds() const noexcept { return seconds_; }

private:
    double seconds_;
};

// A solver's state went non-finite (NaN or infinity) on the GPU, and its settings ask to throw
// (NonFiniteCheck::Throw). field() names the first field found non-finite, e.g. "VelocityX";
// step() counts the solver's recorded steps from 1 (see SolverHealth).
class NonFiniteError : public Error {
public:
    NonFiniteError(std::string field, uint64_t step, uint32_t index, const std::string& solver);
    const std::string& field() const noexcept { return field_; }
    uint64_t step() const noexcept { return step_; }

private:
    std::string field_;
    uint64_t step_;
};

// The symbolic name of a VkResult, e.g. "VK_ERROR_OUT_OF_DEVICE_MEMORY".
const char* vkResultName(VkResult result) noexcept;

} // namespace billow
