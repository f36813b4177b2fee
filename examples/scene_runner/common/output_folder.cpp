#include "common/output_folder.hpp"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include "common/npy_io.hpp"
#include "common/png_io.hpp"

namespace billow::scene {

namespace fs = std::filesystem;

namespace {

// The output folder as an absolute path without a trailing separator ("out/plume/" and
// "out/plume" are the same folder; "." has a name).
fs::path normalFolder(const std::string& dir) {
    fs::path p = fs::absolute(dir).lexically_normal();
    if (!p.has_filename() && p.has_parent_path() && p != p.root_path()) p = p.parent_path();
    return p;
}

bool isFrameName(const std::string& name, const std::vector<std::string>& views) {
    // <view>_NNNN.png with at least four digits.
    for (const std::string& v : views) {
        if (name.size() < v.size() + 9 || name.compare(0, v.size() + 1, v + "_") != 0) continue;
        if (name.compare(name.size() - 4, 4, ".png") != 0) continue;
        const std::string digits = name.substr(v.size() + 1, name.size() - v.size() - 5);
        if (digits.size() >= 4 && digits.find_first_not_of("0123456789") == std::string::npos) return true;
    }
    return false;
}

} // namespace

std::string stagingFolderFor(const std::string& dir) {
    const fs::path p = normalFolder(dir);
    return (p.parent_path() / ("." + p.filename().string() + ".partial-" + std::to_string(getpid()))).string();
}

OutputFolder::OutputFolder(std::string dir, const std::string& sceneName, const std::vector<std::string>& viewNames,
                           bool metrics, bool fields, bool keepOnFailure)
    : dir_(std::move(dir)), staging_(stagingFolderFor(dir_)), sceneName_(sceneName), viewNames_(viewNames),
      keepOnFailure_(keepOnFailure) {
    const fs::path target = normalFolder(dir_);
    if (fs::exists(target) && !fs::is_directory(target))
        throw std::runtime_error("cannot write into " + dir_ + ": it exists and is not a folder");
    // Remember the outermost parent this run creates, so a failed run removes it again.
    for (fs::path p = target.parent_path(); !p.empty() && !fs::exists(p); p = p.parent_path()) {
        madeParent_ = p.string();
        if (p == p.parent_path()) break;
    }
    try {
        fs::remove_all(staging_);
        fs::create_directories(staging_);
        if (metrics) {
            metrics_.open(staging_ + "/metrics.jsonl");
            if (!metrics_) throw std::runtime_error("cannot write " + staging_ + "/metrics.jsonl");
        }
        if (fields) fs::create_directories(staging_ + "/fields");
    } catch (...) {
        // No destructor runs for a constructor that throws: clean up here.
        std::error_code ignored;
        fs::remove_all(madeParent_.empty() ? staging_ : madeParent_, ignored);
        throw;
    }
}

OutputFolder::~OutputFolder() {
    if (committed_) return;
    metrics_.close();
    std::error_code ignored;
    if (keepOnFailure_) {
        std::fprintf(stderr, "scene_runner: the failed run's files are kept in %s\n", staging_.c_str());
        return;
    }
    fs::remove_all(madeParent_.empty() ? staging_ : madeParent_, ignored);
}

void OutputFolder::writePicture(const std::string& view, uint32_t frame, const Picture& p) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%04u.png", frame);
    writePngRgb(staging_ + "/" + view + number, p.width, p.height, p.rgb);
}

void OutputFolder::writeField(const std::string& name, uint32_t step, const std::vector<uint64_t>& shape,
                              const std::vector<float>& values) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%06u.npy", step);
    writeNpy(staging_ + "/fields/" + name + number, shape, values);
}

void OutputFolder::writeMetrics(const std::string& line) {
    metrics_ << line << '\n';
    metrics_.flush();
    if (!metrics_) throw std::runtime_error("failed writing " + staging_ + "/metrics.jsonl");
}

void OutputFolder::commit() {
    metrics_.close();
    const fs::path target = normalFolder(dir_);
    if (!fs::exists(target)) {
        fs::rename(staging_, target);
        committed_ = true;
        return;
    }
    if (!fs::is_directory(target)) throw std::runtime_error("cannot write into " + dir_ + ": it exists and is not a folder");
    // Only files this program names: <view>_NNNN.png, the animation, metrics, fields/*.npy.
    for (const auto& entry : fs::directory_iterator(target)) {
        const std::string name = entry.path().filename().string();
        if (isFrameName(name, viewNames_) || name == "metrics.jsonl" || name == sceneName_ + ".gif" || name == sceneName_ + ".mp4")
            fs::remove(entry.path());
    }
    // Subfolders (fields/ with .npy, vdb/ with .vdb): an earlier run's files of those kinds go.
    for (const char* sub : {"fields", "vdb"})
        if (fs::is_directory(target / sub))
            for (const auto& entry : fs::directory_iterator(target / sub))
                if (entry.path().extension() == (std::string(sub) == "vdb" ? ".vdb" : ".npy")) fs::remove(entry.path());
    for (const auto& entry : fs::directory_iterator(staging_)) {
        if (!entry.is_directory()) {
            fs::rename(entry.path(), target / entry.path().filename());
            continue;
        }
        fs::create_directories(target / entry.path().filename());
        for (const auto& file : fs::directory_iterator(entry.path()))
            fs::rename(file.path(), target / entry.path().filename() / file.path().filename());
    }
    fs::remove_all(staging_);
    committed_ = true;
}

} // namespace billow::scene
