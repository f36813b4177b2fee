#include "scene_runner/scene_runner_test_support.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace fs = std::filesystem;

namespace billow::scene_test {

Result runRunner(const std::string& args) {
    const std::string command = std::string(SCENE_RUNNER) + " " + args + " --progress none 2>&1";
    Result r;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buffer;
    size_t n;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.output.append(buffer.data(), n);
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    return r;
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

} // namespace billow::scene_test
