#include "common/run_loop.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>

namespace billow::scene {

namespace {

std::string duration(double seconds) {
    char text[32];
    if (seconds < 60) std::snprintf(text, sizeof(text), "%.0f s", seconds);
    else std::snprintf(text, sizeof(text), "%d min %02d s", int(seconds) / 60, int(seconds) % 60);
    return text;
}

} // namespace

Progress::Progress(uint32_t total, ProgressStyle style)
    : total_(total), style_(style), start_(std::chrono::steady_clock::now()) {
    if (style_ == ProgressStyle::Auto) style_ = isatty(fileno(stderr)) ? ProgressStyle::Bar : ProgressStyle::Lines;
}

void Progress::update(uint32_t done) {
    if (style_ == ProgressStyle::None || total_ == 0) return;
    const auto now = std::chrono::steady_clock::now();
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double eta = done ? elapsed / done * (total_ - done) : 0.0;
    const uint32_t percent = static_cast<uint32_t>(100ull * done / total_);
    if (style_ == ProgressStyle::Bar) {
        // Redraw at most 10 times a second (and always at the end).
        if (done != total_ && now - lastDraw_ < std::chrono::milliseconds(100)) return;
        lastDraw_ = now;
        constexpr int width = 30;
        const int filled = static_cast<int>(width * uint64_t(done) / total_);
        std::fprintf(stderr, "\r[%s%s] %3u%%  step %u/%u  %s elapsed, ETA %s   ", std::string(filled, '#').c_str(),
                     std::string(width - filled, '.').c_str(), percent, done, total_, duration(elapsed).c_str(),
                     duration(eta).c_str());
    } else {
        const uint32_t tenth = static_cast<uint32_t>(10ull * done / total_);
        if (tenth == lastTenth_) return;
        lastTenth_ = tenth;
        std::fprintf(stderr, "step %u/%u (%u%%), %s elapsed, about %s left\n", done, total_, percent,
                     duration(elapsed).c_str(), duration(eta).c_str());
    }
    std::fflush(stderr);
}

void Progress::finish() {
    if (style_ == ProgressStyle::Bar) std::fprintf(stderr, "\n");
}

namespace {

bool nonFinite(const nlohmann::ordered_json& value) {
    return value.is_number_float() && !std::isfinite(value.get<double>());
}

} // namespace

void requireFiniteField(const std::vector<float>& values, const std::string& name, uint32_t step) {
    for (size_t k = 0; k < values.size(); ++k) {
        if (std::isfinite(values[k])) continue;
        throw NonFiniteState("step " + std::to_string(step) + ": " + name + " is not finite (" +
                             (std::isnan(values[k]) ? "NaN" : values[k] > 0 ? "+infinity" : "-infinity") + " at index " +
                             std::to_string(k) + " of " + std::to_string(values.size()) + ")");
    }
}

std::vector<std::string> nonFiniteEntries(const nlohmann::ordered_json& record) {
    std::vector<std::string> names;
    for (const auto& [key, value] : record.items()) {
        if (nonFinite(value)) names.push_back(key);
        if (value.is_array())
            for (size_t k = 0; k < value.size(); ++k)
                if (nonFinite(value[k])) names.push_back(key + "[" + std::to_string(k) + "]");
        if (value.is_object())
            for (const auto& [inner, x] : value.items())
                if (nonFinite(x)) names.push_back(key + "." + inner);
    }
    return names;
}

} // namespace billow::scene
