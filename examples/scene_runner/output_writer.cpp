#include "output_writer.hpp"

#include <cstdio>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "npy_io.hpp"
#include "png_io.hpp"
#include "views.hpp"

namespace eddy::scene {

namespace fs = std::filesystem;

std::vector<uint64_t> fieldShape(Field field, const SmokeSettings& s) {
    const uint64_t nx = s.nx, ny = s.ny;
    switch (field) {
    case Field::VelocityX:
    case Field::OpenX: return {ny, nx + 1};
    case Field::VelocityY:
    case Field::OpenY: return {ny + 1, nx};
    case Field::Curl: return {ny + 1, nx + 1};
    case Field::Dye: return {s.effectiveDyeNy(), s.effectiveDyeNx(), 4};
    default: return {ny, nx};
    }
}

const char* fieldFileName(Field field) {
    switch (field) {
    case Field::VelocityX: return "velocityX";
    case Field::VelocityY: return "velocityY";
    case Field::Density: return "density";
    case Field::Temperature: return "temperature";
    case Field::Dye: return "dye";
    case Field::Pressure: return "pressure";
    case Field::Divergence: return "divergence";
    case Field::Curl: return "vorticity";
    case Field::Solid: return "solid";
    case Field::OpenX: return "openX";
    case Field::OpenY: return "openY";
    }
    return "field";
}

OutputWriter::OutputWriter(std::string dir, const Scene& scene) : dir_(std::move(dir)), scene_(scene) {
    fs::create_directories(dir_);
    // Only files this program names: <view>_NNNN.png, the animation, metrics, fields/*.npy.
    const std::regex ours("(dye|velocity|speed|vorticity|pressure|divergence|density|temperature)_\\d{4}\\.png");
    for (const auto& entry : fs::directory_iterator(dir_)) {
        const std::string name = entry.path().filename().string();
        if (std::regex_match(name, ours) || name == "metrics.jsonl" || name == scene.name + ".gif" ||
            name == scene.name + ".mp4")
            fs::remove(entry.path());
    }
    if (fs::is_directory(dir_ + "/fields"))
        for (const auto& entry : fs::directory_iterator(dir_ + "/fields"))
            if (entry.path().extension() == ".npy") fs::remove(entry.path());
    if (scene.output.metricsEvery) {
        metrics_.open(dir_ + "/metrics.jsonl");
        if (!metrics_) throw std::runtime_error("cannot write " + dir_ + "/metrics.jsonl");
    }
    if (!scene.output.fields.empty()) fs::create_directories(dir_ + "/fields");
}

void OutputWriter::writePictures(FieldCache& fields, uint32_t frame) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%04u.png", frame);
    for (View view : scene_.output.views) {
        const Picture p = renderView(view, fields);
        writePngRgb(dir_ + "/" + viewName(view) + number, p.width, p.height, p.rgb);
        if (view == scene_.output.animationView) animationWidth_ = p.width;
    }
    ++frames_;
}

void OutputWriter::writeFields(FieldCache& fields, uint32_t step) {
    char number[16];
    std::snprintf(number, sizeof(number), "_%06u.npy", step);
    for (Field field : scene_.output.fields)
        writeNpy(dir_ + "/fields/" + fieldFileName(field) + number, fieldShape(field, fields.settings()), fields.get(field));
    ++fieldDumps_;
}

void OutputWriter::writeMetrics(const std::string& line) {
    metrics_ << line << '\n';
    metrics_.flush();
}

} // namespace eddy::scene
