// Shared GPU test support: one standalone context per test program with the Khronos validation
// layer (synchronization validation included) on, and a fixture that fails any test during which
// the layer reported a warning or an error.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "billow/billow.hpp"

namespace billow::test {

struct ValidationLog {
    std::mutex mutex;
    std::vector<std::string> messages;
    size_t reported = 0;  // messages before this index were already reported by a test
};

ValidationLog& validationLog();

// How long the tests wait for a CPU device (lavapipe) before calling it hung, s: the scene
// runner's figure. On a GPU the context keeps the library's default.
constexpr double kCpuDeviceWaitSeconds = 600.0;

// The shared context: validation on, lavapipe or whatever BILLOW_DEVICE picks.
std::shared_ptr<Context> sharedContext();

// Roundings by which two kernels compiled apart may differ while doing the same arithmetic (the
// sparse 3D kernels against the dense ones): 0 on a CPU device (lavapipe's LLVM contracts both
// alike, so those tests stay bitwise), 1 on a GPU, whose compiler may fuse a multiply and an add
// (FMA) in one kernel and not in the other; each fusion changes its result by at most one
// rounding of the product. Tests scale it by the operations and magnitudes involved.
double separateCompilationRoundings();

class GpuTest : public ::testing::Test {
protected:
    void SetUp() override;
    void TearDown() override;
    std::shared_ptr<Context> context() { return sharedContext(); }
    // Messages reported since SetUp (tests that expect one take them out with this).
    std::vector<std::string> takeMessages();

private:
    size_t firstMessage_ = 0;
};

// The field() of the InvalidArgument that `call` throws, or "(no error)": the bad-input tests
// compare it with the field the error must name.
template <class Call>
std::string fieldOf(Call&& call) {
    try {
        call();
    } catch (const InvalidArgument& e) {
        return e.field();
    }
    return "(no error)";
}

} // namespace billow::test
