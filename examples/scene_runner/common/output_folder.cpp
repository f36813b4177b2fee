#include "common/output_folder.hpp"

#include <cstdio>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "common/npy_io.hpp"
#include "common/png_io.hpp"

namespace billow::scene {

namespace fs = std::filesystem;

OutputFolder::OutputFolder(std::string dir, const std::string& sceneName, const std::vector<std::string>& viewNames,
                           bool metrics, bool fields)
    : dir_(std::move(dir)) {
    fs::create_directories(dir_);
    // Only files this program names: <view>_NNNN.png, the animation, metrics, fields/*.npy.
    std::string views;
    for (const std::string& v : viewNames) views += (views.empty() ? "" : "|") + v;
    const std::regex ours("(" + views + ")_\\d{4}\\.png");
    for (const auto& entry : fs::directory_iterator(dir_)) {
        const std::string name = entry.path().filename().string();
        if (std::regex_match(name, ours) || name == "metrics.jsonl" || name == sceneName + ".gif" || name == sceneName + ".mp4")
            fs::remove(entry.path());
    }
    if (fs::is_directory(dir_ + "/fields"))
        for (const auto& entry : fs::directory_iterator(dir_ + "/fields"))
            if (entry.path().extension() == ".npy") fs::remove(entry.path());
    if (metrics) {
        metrics_.open(dir_ + "/metrics.jsonl");
        if (!metrics_) throw std::runtime_error("cannot write " + dir_ + "/metrics.jsonl");
    }
    if (fields) fs::create_directories(dir_ + "/fields");
}

void OutputFolder::writePicture(const std::string& view, uint32_t frame, const Picture& p) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%04u.png", frame);
    writePngRgb(dir_ + "/" + view + number, p.width, p.height, p.rgb);
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
