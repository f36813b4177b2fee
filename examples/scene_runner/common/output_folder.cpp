#include "common/output_folder.hpp"

#include <unistd.h>

#include <cstdio>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <string>

#include "common/file_io.hpp"

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

// Removes the files of `dir` whose names match `pattern` (nothing when there is no such folder).
void removeMatching(const fs::path& dir, const std::regex& pattern) {
    if (!fs::is_directory(dir)) return;
    for (const auto& entry : fs::directory_iterator(dir))
        if (entry.is_regular_file() && std::regex_match(entry.path().filename().string(), pattern)) fs::remove(entry.path());
}

// Removes the staging folders of runs into `target` whose process is gone: a run killed by a
// signal never reached its cleanup (a kept failed run's folder, --keep-on-failure, goes too).
void removeStaleStagingFolders(const fs::path& target) {
    const fs::path parent = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    if (!fs::is_directory(parent)) return;
    const std::regex staging("\\." + std::regex_replace(target.filename().string(), std::regex(R"([.^$|()\[\]{}*+?\\])"),
                                                       R"(\$&)") +
                             "\\.partial-([0-9]+)");
    std::error_code ignored;
    for (const auto& entry : fs::directory_iterator(parent, ignored)) {
        std::smatch m;
        const std::string name = entry.path().filename().string();
        if (!entry.is_directory() || !std::regex_match(name, m, staging)) continue;
        const long pid = std::stol(m[1].str());
        if (pid == long(getpid())) continue;
        if (kill(pid_t(pid), 0) == -1 && errno == ESRCH) fs::remove_all(entry.path(), ignored);
    }
}

} // namespace

std::string stagingFolderFor(const std::string& dir) {
    const fs::path p = normalFolder(dir);
    return (p.parent_path() / ("." + p.filename().string() + ".partial-" + std::to_string(getpid()))).string();
}

std::string framePath(const std::string& dir, const std::string& folder, uint32_t frame) {
    char number[16];
    std::snprintf(number, sizeof(number), "/%04u.png", frame);
    return dir + "/" + folder + number;
}

std::string framePattern(const std::string& dir, const std::string& folder) { return dir + "/" + folder + "/%04d.png"; }

std::string vdbFramePath(const std::string& vdbDir, const std::string& sceneName, uint32_t frame) {
    char number[24];
    std::snprintf(number, sizeof(number), "_%06u.vdb", frame);
    return vdbDir + "/" + sceneName + number;
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
    removeStaleStagingFolders(target);
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

void OutputFolder::writePicture(const std::string& folder, uint32_t frame, const Picture& p) {
    fs::create_directories(staging_ + "/" + folder);
    writePngRgb(framePath(staging_, folder, frame), p.width, p.height, p.rgb);
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
    // Only files this program names: <view>/NNNN.png, sheet/NNNN.png, the animation, metrics,
    // fields/*.npy, vdb/*.vdb.
    const std::regex frameName("\\d{4}\\.png");
    for (const std::string& view : viewNames_) removeMatching(target / view, frameName);
    removeMatching(target / kSheetFolder, frameName);
    for (const std::string& file : {std::string("metrics.jsonl"), sceneName_ + ".gif", sceneName_ + ".mp4"})
        fs::remove(target / file);
    removeMatching(target / "fields", std::regex(".*\\.npy"));
    removeMatching(target / "vdb", std::regex(".*\\.vdb"));
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

namespace {

std::string shellQuote(const std::string& text) {
    std::string out = "'";
    for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace

AnimationResult makeAnimation(const std::string& dir, const std::string& view, const std::string& name,
                              AnimationFormat format, double fps) {
    AnimationResult result;
    if (format == AnimationFormat::None) return result;
    if (std::system("command -v ffmpeg >/dev/null 2>&1") != 0) {
        result.problem = "ffmpeg not found (scripts/install-deps.sh installs it)";
        return result;
    }
    const std::string input = framePattern(dir, view);
    std::string filter, output;
    if (format == AnimationFormat::Gif) {
        output = dir + "/" + name + ".gif";
        filter = "split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3";
    } else {
        // yuv420p (what every player reads) needs even sizes.
        output = dir + "/" + name + ".mp4";
        filter = "pad=ceil(iw/2)*2:ceil(ih/2)*2";
    }
    std::string command = "ffmpeg -nostdin -loglevel error -y -framerate " + std::to_string(fps) + " -i " +
                          shellQuote(input) + " -vf " + shellQuote(filter);
    if (format == AnimationFormat::Mp4) command += " -c:v libx264 -pix_fmt yuv420p -crf 20";
    command += " " + shellQuote(output);
    if (std::system(command.c_str()) != 0) {
        result.problem = "ffmpeg failed: " + command;
        return result;
    }
    result.ok = true;
    result.path = output;
    return result;
}

} // namespace billow::scene
