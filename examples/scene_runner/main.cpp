// scene_runner: runs a JSON scene headless and writes pictures, fields, metrics and an
// animation. See docs/scene-format.md and `scene_runner --help`. The command line is parsed here
// by hand (a handful of options); the scene is read by scene_loader.cpp and run by each solver's
// runner.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <system_error>
#include <variant>

#include <billow/billow.hpp>

#include "common/json_reader.hpp"
#include "common/pictures.hpp"
#include "common/run_loop.hpp"
#include "common/scene_reader.hpp"
#include "scene_loader.hpp"

namespace billow::scene {

namespace {

// The command line of scene_runner.
struct CommandLine {
    std::string scenePath;
    std::string outDir;           // empty: out/<scene name>
    LoadOptions load;
    std::string device;           // "", "list", or an BILLOW_DEVICE value (index, kind or name part)
    ProgressStyle progress = ProgressStyle::Auto;
    bool validation = false;      // Vulkan validation layer; any message fails the run
    bool checkOnly = false;       // validate the scene, write nothing
    bool keepFailed = false;      // keep a failed run's staging folder
    bool help = false;
};

const char* usageText() {
    return R"(usage: scene_runner SCENE.json [options]
       scene_runner --device list

Runs a smoke, 3D smoke ("solver": "smoke3d") or shallow-water ("solver": "water") scene file (see docs/scene-format.md)
headless and writes PNG frames, .npy fields, metrics (JSON lines) and an animation into the
output folder.

options:
  --out DIR           output folder (default: out/<scene name>)
  --scale F           F times the cells per axis, same domain (e.g. 0.25 for a quick run)
  --size NX           NX cells across (the other sizes follow in proportion)
  --steps N           run N steps instead of the scene's duration
  --seconds S         run S simulated seconds instead
  --fields-every N    write the scene's output.fields every N steps (0 = at the end only)
  --animation KIND    gif, mp4 or none (overrides output.animation.format)
  --pictures-every N  picture frames every N steps (0 = none, and no animation)
  --render-width PX   3D scenes: the render's width in pixels (its height follows)
  --picture-size PX   pictures PX pixels on their long side (overrides output.pictures.size;
                      default: 512, or the grid's own size when that is larger)
  --device list|D     list the GPUs, or choose one: an index from the list, "discrete",
                      "integrated", "cpu" or part of its name (sets BILLOW_DEVICE)
  --progress STYLE    auto (bar on a terminal, lines otherwise), bar, lines or none
  --validation        enable the Vulkan validation layer; any message fails the run (exit 3)
  --check             validate the scene and exit without writing anything
  --keep-failed       when a run fails, keep what it wrote (in .<out>.partial-<pid> beside the
                      output folder) instead of removing it
  --help              this text

The output folder gets files only when the run succeeds (they are written beside it and moved
in at the end); a failed run leaves nothing behind.

exit status: 0 done, 1 run failed (device, files, solver), 2 bad scene file or option,
             3 Vulkan validation messages (the output is kept), 4 the simulation went
             non-finite (NaN or infinity in a field or metric)
)";
}

double parseNumber(const std::string& option, const std::string& text) {
    try {
        size_t used = 0;
        const double x = std::stod(text, &used);
        if (used == text.size() && std::isfinite(x)) return x;
    } catch (const std::exception&) {
    }
    throw SceneError(option, "expected a number, got \"" + text + "\"");
}

uint32_t parseCount(const std::string& option, const std::string& text, uint32_t min, uint32_t max) {
    const double x = parseNumber(option, text);
    if (x != std::floor(x) || x < min || x > max)
        throw SceneError(option, "expected a whole number in [" + std::to_string(min) + ", " + std::to_string(max) +
                                     "], got \"" + text + "\"");
    return static_cast<uint32_t>(x);
}

// Throws SceneError with the option as key ("--scale: expected a number > 0").
CommandLine parseCommandLine(int argc, char** argv) {
    CommandLine c;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        auto value = [&]() -> std::string {
            if (k + 1 >= argc) throw SceneError(a, "expected a value after it");
            return argv[++k];
        };
        if (a == "--help" || a == "-h") c.help = true;
        else if (a == "--out") c.outDir = value();
        else if (a == "--scale") {
            c.load.scale = parseNumber(a, value());
            requireValidScale(c.load.scale);
        } else if (a == "--size") c.load.size = parseCount(a, value(), 2, detail::kMaxCellsPerAxis);
        else if (a == "--steps") c.load.steps = parseCount(a, value(), 0, detail::kMaxSteps);
        else if (a == "--fields-every") c.load.fieldEvery = parseCount(a, value(), 0, detail::kMaxSteps);
        else if (a == "--pictures-every") c.load.picturesEvery = parseCount(a, value(), 0, detail::kMaxSteps);
        else if (a == "--render-width") c.load.renderWidth = parseCount(a, value(), 16, 4096);
        else if (a == "--picture-size") c.load.pictureSize = parseCount(a, value(), kMinPictureSize, kMaxPictureSize);
        else if (a == "--seconds") {
            const double s = parseNumber(a, value());
            if (s < 0) throw SceneError(a, "expected a number >= 0");
            c.load.seconds = s;
        } else if (a == "--animation") {
            const std::string v = value();
            std::optional<AnimationFormat> format;
            for (const auto& [word, f] : kAnimationFormats)
                if (v == word) format = f;
            if (!format) throw SceneError(a, "expected gif, mp4 or none, got \"" + v + "\"");
            c.load.animation = format;
        } else if (a == "--device") c.device = value();
        else if (a == "--progress") {
            const std::string v = value();
            if (v == "auto") c.progress = ProgressStyle::Auto;
            else if (v == "bar") c.progress = ProgressStyle::Bar;
            else if (v == "lines") c.progress = ProgressStyle::Lines;
            else if (v == "none") c.progress = ProgressStyle::None;
            else throw SceneError(a, "expected auto, bar, lines or none, got \"" + v + "\"");
        } else if (a == "--validation") c.validation = true;
        else if (a == "--keep-failed") c.keepFailed = true;
        else if (a == "--check") c.checkOnly = true;
        else if (!a.empty() && a[0] == '-') throw SceneError(a, "unknown option (see --help)");
        else if (c.scenePath.empty()) c.scenePath = a;
        else throw SceneError(a, "a second scene file; give one scene per run");
    }
    if (c.load.size && c.load.scale != 1.0) throw SceneError("--size", "give either --size or --scale, not both");
    if (c.load.steps && c.load.seconds) throw SceneError("--seconds", "give either --steps or --seconds, not both");
    if (!c.help && c.device != "list" && c.scenePath.empty()) throw SceneError("SCENE.json", "missing (see --help)");
    return c;
}

} // namespace

} // namespace billow::scene

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
