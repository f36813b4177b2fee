#include "common/cli.hpp"

#include <cmath>
#include <optional>
#include <stdexcept>

#include "common/grid_reader.hpp"
#include "common/scene_error.hpp"
#include "common/time_reader.hpp"

namespace billow::scene {

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

namespace {

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

} // namespace

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

} // namespace billow::scene
