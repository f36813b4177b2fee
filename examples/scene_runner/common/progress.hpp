// Progress of a run on stderr: a redrawn bar with ETA on a terminal, plain lines (every 10 %)
// otherwise, nothing when quiet.
#pragma once

#include <chrono>
#include <cstdint>

namespace billow::scene {

enum class ProgressStyle { Auto, Bar, Lines, None };

class Progress {
public:
    Progress(uint32_t total, ProgressStyle style);
    void update(uint32_t done);  // steps finished so far
    void finish();

private:
    uint32_t total_;
    ProgressStyle style_;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point lastDraw_{};
    uint32_t lastTenth_ = 0;
};

} // namespace billow::scene
