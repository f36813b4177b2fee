// The probes of a smoke scene ("probes", docs/scene-format.md): points, or rakes of points along a
// segment, that the run hands to SmokeSolver::setProbes, marks in every picture and writes, every
// step, into probes.csv (one row per probe: frame, step, probe, x, y, the sampled values, flags).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <billow/probes.hpp>
#include <billow/smoke_settings.hpp>

#include "common/frame_pictures.hpp"
#include "common/json_reader.hpp"

namespace billow::scene {

namespace detail {
// Reads "probes" from the scene's top object: an array whose entries are points [x, y] (m) or
// rakes {"from": [x, y], "to": [x, y], "count": n} (n >= 2 points evenly from `from` to `to`).
// Every point must lie inside the domain; at most kMaxProbes in all (SceneError naming the key).
std::vector<ProbePoint> readProbes(ObjectReader& top, const SmokeSettings& settings);
} // namespace detail

// Marks each probe in a view's figure (one pixel per sample of a grid covering the domain): a small
// white cross with a black centre, so it shows on dark and light colours.
void markProbes(Figure& figure, const std::vector<ProbePoint>& probes, const SmokeSettings& settings);

// probes.csv in the run's folder, written row by row.
class ProbeLog {
public:
    // Opens `path` and writes the header.
    explicit ProbeLog(const std::string& path);
    // One row per sample of `results` at run frame (scene step) `frame`.
    void append(uint32_t frame, const ProbeResults& results, const std::vector<ProbePoint>& probes);
    uint64_t rows() const { return rows_; }

private:
    std::ofstream out_;
    uint64_t rows_ = 0;
};

} // namespace billow::scene
