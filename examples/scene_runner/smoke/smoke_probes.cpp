#include "smoke/smoke_probes.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "common/scene_reader.hpp"

namespace billow::scene {

namespace detail {

namespace {

Vec2 pointAt(const nlohmann::json& value, const std::string& key) {
    if (!value.is_array() || value.size() != 2 || !value[0].is_number() || !value[1].is_number())
        throw SceneError(key, "expected a point [x, y] in metres, got " + shortText(value));
    const Vec2 p{value[0].get<float>(), value[1].get<float>()};
    if (!std::isfinite(p[0]) || !std::isfinite(p[1])) throw SceneError(key, "expected finite coordinates");
    return p;
}

} // namespace

std::vector<ProbePoint> readProbes(ObjectReader& top, const SmokeSettings& settings) {
    std::vector<ProbePoint> probes;
    const nlohmann::json* list = top.child("probes");
    if (!list) return probes;
    if (!list->is_array()) throw SceneError("probes", "expected an array of points [x, y] and rakes {from, to, count}");
    const auto add = [&](Vec2 p, const std::string& key) {
        requireInsideDomain(settings, p, key);
        if (probes.size() >= kMaxProbes) throw SceneError("probes", "expected at most " + std::to_string(kMaxProbes) + " probes");
        probes.push_back({p[0], p[1], 0.0f});
    };
    for (size_t k = 0; k < list->size(); ++k) {
        const std::string key = indexPath("probes", k);
        const nlohmann::json& entry = (*list)[k];
        if (!entry.is_object()) {
            add(pointAt(entry, key), key);
            continue;
        }
        ObjectReader r(entry, key);
        const Vec2 from = r.requiredVec2("from"), to = r.requiredVec2("to");
        const uint32_t count = r.integer("count", 8, 2, kMaxProbes);
        r.finish();
        for (uint32_t n = 0; n < count; ++n) {
            const float t = float(n) / float(count - 1);
            add({from[0] + t * (to[0] - from[0]), from[1] + t * (to[1] - from[1])}, r.keyPath(n == 0 ? "from" : "to"));
        }
    }
    return probes;
}

} // namespace detail

void markProbes(Figure& figure, const std::vector<ProbePoint>& probes, const SmokeSettings& settings) {
    Picture& image = figure.image;
    if (image.width == 0 || image.height == 0) return;
    const double width = settings.nx * double(settings.cellSize), height = settings.ny * double(settings.cellSize);
    const auto put = [&](int64_t x, int64_t row, uint8_t level) {
        if (x < 0 || row < 0 || x >= int64_t(image.width) || row >= int64_t(image.height)) return;
        uint8_t* pixel = &image.rgb[(size_t(row) * image.width + size_t(x)) * 3];
        pixel[0] = pixel[1] = pixel[2] = level;
    };
    for (const ProbePoint& p : probes) {
        const int64_t x = std::min<int64_t>(int64_t(p[0] / width * image.width), image.width - 1);
        // First row at the top.
        const int64_t row = image.height - 1 - std::min<int64_t>(int64_t(p[1] / height * image.height), image.height - 1);
        for (int d : {-1, 1}) {
            put(x + d, row, 255);
            put(x, row + d, 255);
        }
        put(x, row, 0);
    }
}

ProbeLog::ProbeLog(const std::string& path) : out_(path) {
    if (!out_) throw std::runtime_error("cannot write " + path);
    out_ << "frame,step,probe,x,y,velocityX,velocityY,density,temperature,pressure,flags\n";
}

void ProbeLog::append(uint32_t frame, const ProbeResults& results, const std::vector<ProbePoint>& probes) {
    const size_t count = std::min(results.samples.size(), probes.size());
    for (size_t i = 0; i < count; ++i) {
        const ProbeSample& s = results.samples[i];
        out_ << frame << ',' << results.step << ',' << i << ',' << probes[i][0] << ',' << probes[i][1] << ','
             << s.velocity[0] << ',' << s.velocity[1] << ',' << s.density << ',' << s.temperature << ',' << s.pressure
             << ',' << s.flags << '\n';
    }
    rows_ += count;
    if (!out_) throw std::runtime_error("writing probes.csv failed");
}

} // namespace billow::scene
