#include "scene_runner/scene_runner_test_support.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "common/file_io.hpp"
#include "common/legends.hpp"
#include "support/run_command.hpp"

namespace fs = std::filesystem;

namespace billow::scene_test {

Result runRunner(const std::string& args) {
    const billow::test::CommandResult run =
        billow::test::runCommand(std::string(SCENE_RUNNER) + " " + args + " --progress none 2>&1");
    return Result{run.status, run.output};
}

bool ffmpegAvailable() {
    static const bool available = std::system("command -v ffmpeg >/dev/null 2>&1") == 0;
    return available;
}

std::string outputDir(const std::string& name) {
    const fs::path dir = fs::path(TEST_OUTPUT_DIR) / name;
    fs::remove_all(dir);
    return dir.string();
}

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

size_t countLines(const fs::path& path) {
    const std::string text = readText(path);
    return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

billow::scene::Picture readPicture(const std::string& path) {
    const billow::scene::Image rgba = billow::scene::readPngRgba(path);
    billow::scene::Picture p{rgba.width, rgba.height, std::vector<uint8_t>(size_t(rgba.width) * rgba.height * 3)};
    for (size_t k = 0; k < size_t(rgba.width) * rgba.height; ++k)
        for (int c = 0; c < 3; ++c) p.rgb[k * 3 + c] = rgba.pixels[k * 4 + c];
    return p;
}

std::optional<std::pair<uint32_t, uint32_t>> findText(const billow::scene::Picture& picture, const std::string& text,
                                                      uint32_t scale, billow::scene::Rgb8 ink, billow::scene::Rgb8 paper,
                                                      uint32_t firstRow) {
    using namespace billow::scene;
    // The text drawn on its own, then slid over the picture.
    Picture stamp{textWidth(text, scale), textHeight(scale), {}};
    stamp.rgb.resize(size_t(stamp.width) * stamp.height * 3);
    for (size_t k = 0; k < size_t(stamp.width) * stamp.height; ++k) std::copy(paper.begin(), paper.end(), &stamp.rgb[k * 3]);
    drawText(stamp, 0, 0, text, scale, ink);
    if (stamp.width > picture.width || stamp.height > picture.height) return std::nullopt;
    for (uint32_t y = firstRow; y + stamp.height <= picture.height; ++y)
        for (uint32_t x = 0; x + stamp.width <= picture.width; ++x) {
            bool match = true;
            for (uint32_t sy = 0; sy < stamp.height && match; ++sy)
                match = std::equal(&stamp.rgb[size_t(sy) * stamp.width * 3], &stamp.rgb[size_t(sy + 1) * stamp.width * 3],
                                   &picture.rgb[(size_t(y + sy) * picture.width + x) * 3]);
            if (match) return std::make_pair(x, y);
        }
    return std::nullopt;
}

} // namespace billow::scene_test
