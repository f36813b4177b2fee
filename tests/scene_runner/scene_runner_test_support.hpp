// What the scene runner tests share: running the scene_runner program and reading what it wrote.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "common/pictures.hpp"
#include "support/tree_paths.hpp"

namespace billow::scene_test {

struct Result {
    int status = -1;
    std::string output;  // stdout and stderr together
};

// Runs scene_runner with `args` (and --progress none) and captures what it prints.
Result runRunner(const std::string& args);
// Whether ffmpeg is on PATH: the runner writes its animations with it, and without it says
// "no animation: ffmpeg not found" and writes every picture but the GIF (a GPU machine may lack it).
bool ffmpegAvailable();
// A fresh, empty folder for one test's output (under the test build folder).
std::string outputDir(const std::string& name);
std::string readText(const std::filesystem::path& path);
size_t countLines(const std::filesystem::path& path);

// A PNG file as an RGB picture.
billow::scene::Picture readPicture(const std::string& path);
// Where `text`, as the scene runner's font draws it at `scale` in `ink` on `paper`, appears in
// rows [firstRow, height) of `picture`: the top-left corner of the first match, or nothing. Every
// pixel of the text's box must match (glyph pixels `ink`, the others `paper`).
std::optional<std::pair<uint32_t, uint32_t>> findText(const billow::scene::Picture& picture, const std::string& text,
                                                      uint32_t scale, billow::scene::Rgb8 ink, billow::scene::Rgb8 paper,
                                                      uint32_t firstRow = 0);

} // namespace billow::scene_test
