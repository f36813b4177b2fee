// What the scene runner tests share: running the scene_runner program and reading what it wrote.
#pragma once

#include <filesystem>
#include <string>

namespace billow::scene_test {

struct Result {
    int status = -1;
    std::string output;  // stdout and stderr together
};

// Runs scene_runner with `args` (and --progress none) and captures what it prints.
Result runRunner(const std::string& args);
// A fresh, empty folder for one test's output (under the test build folder).
std::string outputDir(const std::string& name);
std::string readText(const std::filesystem::path& path);
size_t countLines(const std::filesystem::path& path);

} // namespace billow::scene_test
