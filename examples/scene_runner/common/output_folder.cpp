#include "common/output_folder.hpp"

#include <cstdio>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "common/npy_io.hpp"
#include "common/png_io.hpp"

namespace billow::scene {

namespace fs = std::filesystem;

namespace {

// Removes the files matching `pattern` in `dir` (nothing when there is no such folder).
void removeMatching(const std::string& dir, const std::regex& pattern) {
    if (!fs::is_directory(dir)) return;
    for (const auto& entry : fs::directory_iterator(dir))
        if (std::regex_match(entry.path().filename().string(), pattern)) fs::remove(entry.path());
}

} // namespace

std::string framePath(const std::string& dir, const std::string& folder, uint32_t frame) {
    char number[16];
    std::snprintf(number, sizeof(number), "/%04u.png", frame);
    return dir + "/" + folder + number;
}

std::string framePattern(const std::string& dir, const std::string& folder) { return dir + "/" + folder + "/%04d.png"; }

OutputFolder::OutputFolder(std::string dir, const std::string& sceneName, const std::vector<std::string>& viewNames,
                           bool metrics, bool fields)
    : dir_(std::move(dir)) {
    fs::create_directories(dir_);
    // Only files this program names: <view>/NNNN.png, sheet/NNNN.png, the animation, metrics,
    // fields/*.npy.
    const std::regex frame("\\d{4}\\.png");
    for (const std::string& view : viewNames) removeMatching(dir_ + "/" + view, frame);
    removeMatching(dir_ + "/" + kSheetFolder, frame);
    for (const std::string& file : {std::string("metrics.jsonl"), sceneName + ".gif", sceneName + ".mp4"}) fs::remove(dir_ + "/" + file);
    removeMatching(dir_ + "/fields", std::regex(".*\\.npy"));
    if (metrics) {
        metrics_.open(dir_ + "/metrics.jsonl");
        if (!metrics_) throw std::runtime_error("cannot write " + dir_ + "/metrics.jsonl");
    }
    if (fields) fs::create_directories(dir_ + "/fields");
}

void OutputFolder::writePicture(const std::string& folder, uint32_t frame, const Picture& p) {
    fs::create_directories(dir_ + "/" + folder);
    writePngRgb(framePath(dir_, folder, frame), p.width, p.height, p.rgb);
}

void OutputFolder::writeField(const std::string& name, uint32_t step, const std::vector<uint64_t>& shape,
                              const std::vector<float>& values) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%06u.npy", step);
    writeNpy(dir_ + "/fields/" + name + number, shape, values);
}

void OutputFolder::writeMetrics(const std::string& line) {
    metrics_ << line << '\n';
    metrics_.flush();
}

} // namespace billow::scene
