// scene_runner: runs a JSON scene headless and writes pictures, fields, metrics and an
// animation. See docs/scene-format.md and `scene_runner --help`.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <tuple>
#include <system_error>
#include <variant>

#include <billow/billow.hpp>

#include "common/cli.hpp"
#include "common/finite_state.hpp"
#include "common/run_summary.hpp"
#include "common/scene_error.hpp"
#include "scene_loader.hpp"

using namespace billow::scene;

namespace {

// How long the runner waits for a CPU Vulkan device before calling it hung, s.
constexpr double kCpuDeviceWaitTimeoutSeconds = 600.0;

const char* deviceTypeName(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "cpu";
    default: return "other";
    }
}

int listDevices() {
    const auto devices = billow::Context::listDevices();
    if (devices.empty()) std::printf("no Vulkan devices found\n");
    for (const auto& d : devices)
        std::printf("%u: %s (%s, Vulkan %u.%u)\n", d.index, d.name.c_str(), deviceTypeName(d.type),
                    VK_API_VERSION_MAJOR(d.apiVersion), VK_API_VERSION_MINOR(d.apiVersion));
    std::printf("choose one with --device INDEX (or \"discrete\", \"integrated\", \"cpu\", part of a name)\n");
    return 0;
}

int run(const CommandLine& c) {
    const LoadedScene loaded = loadScene(c.scenePath, c.load);
    const auto [name, steps, dt, metrics, what] = std::visit(
        [](const auto& scene) {
            return std::make_tuple(scene.name, scene.steps, scene.dt, scene.output.metricsEvery != 0, describeScene(scene));
        },
        loaded);
    if (c.checkOnly) {
        std::printf("%s: valid (%s, %u steps of %g s)\n", c.scenePath.c_str(), what.c_str(), steps, dt);
        return 0;
    }
    RunOptions options;
    options.outDir = c.outDir.empty() ? "out/" + name : c.outDir;
    options.progress = c.progress;
    options.keepFailed = c.keepFailed;
    std::error_code error;
    if (std::filesystem::exists(options.outDir, error) && !std::filesystem::is_directory(options.outDir, error))
        throw SceneError("--out", "\"" + options.outDir + "\" exists and is not a folder");
    if (!c.device.empty()) setenv("BILLOW_DEVICE", c.device.c_str(), 1);
    billow::StandaloneSettings contextSettings;
    contextSettings.validation = c.validation;
    auto context = billow::Context::createStandalone(contextSettings);
    // A CPU device (lavapipe) runs a bundled 3D scene's step in seconds, longer on a shared
    // machine; the library's 10 s guard against a hung GPU would stop a run that is merely slow.
    if (context->deviceInfo().type == VK_PHYSICAL_DEVICE_TYPE_CPU) context->setWaitTimeout(kCpuDeviceWaitTimeoutSeconds);
    std::printf("scene %s: %s, %u steps of %g s on %s\n", name.c_str(), what.c_str(), steps, dt,
                context->deviceInfo().name.c_str());
    std::fflush(stdout);

    const RunSummary summary = std::visit([&](const auto& scene) { return runScene(context, scene, options); }, loaded);

    std::printf("done in %.1f s. Output in %s/:\n", summary.seconds, options.outDir.c_str());
    if (summary.frames) {
        std::printf("  pictures:  %u frames each of", summary.frames);
        for (const std::string& v : summary.views) std::printf(" %s", v.c_str());
        std::printf(" (%s/<view>/NNNN.png)\n", options.outDir.c_str());
        if (summary.contactSheets) std::printf("  sheets:    every view of a frame on one page (%s/sheet/NNNN.png)\n", options.outDir.c_str());
    }
    if (summary.fieldDumps) std::printf("  fields:    %s/fields/*.npy (numpy.load)\n", options.outDir.c_str());
    if (metrics) std::printf("  metrics:   %s/metrics.jsonl\n", options.outDir.c_str());
    for (const std::string& note : summary.notes) std::printf("  %s\n", note.c_str());
    if (!summary.animation.empty()) std::printf("  animation: %s\n", summary.animation.c_str());
    else if (!summary.animationProblem.empty()) std::printf("  no animation: %s\n", summary.animationProblem.c_str());
    if (c.validation && context->validationMessageCount() > 0) {
        std::fprintf(stderr, "scene_runner: %u Vulkan validation messages\n", context->validationMessageCount());
        return 3;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CommandLine c;
    try {
        c = parseCommandLine(argc, argv);
        if (c.help) {
            std::fputs(usageText(), stdout);
            return 0;
        }
        if (c.device == "list" && c.scenePath.empty()) return listDevices();
        if (c.device == "list") {
            listDevices();
            return 0;
        }
        return run(c);
    } catch (const NonFiniteState& e) {
        // The simulation blew up: its results are not worth keeping (see --keep-failed).
        std::fprintf(stderr, "scene_runner: %s; the simulation is no longer finite (try a smaller dt, or smaller "
                             "forces); the output folder is as it was\n", e.what());
        return 4;
    } catch (const billow::NonFiniteError& e) {
        std::fprintf(stderr, "scene_runner: %s; the output folder is as it was\n", e.what());
        return 4;
    } catch (const SceneError& e) {
        std::fprintf(stderr, "scene_runner: %s%s%s\n", c.scenePath.empty() ? "" : c.scenePath.c_str(),
                     c.scenePath.empty() ? "" : ": ", e.what());
        return 2;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "scene_runner: %s (the output folder is as it was)\n", e.what());
        return 1;
    }
}
