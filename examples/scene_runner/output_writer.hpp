// Where a run's files go and what they are called:
//   <dir>/<view>_NNNN.png        picture frames (NNNN = frame number, frame 0 = initial state)
//   <dir>/fields/<field>_SSSSSS.npy   fields at step SSSSSS
//   <dir>/metrics.jsonl          one JSON line per measured step
//   <dir>/<scene name>.gif|.mp4  the animation
// Opening the folder removes what an earlier run of the same kinds left there, so frames of a
// longer earlier run never end up in a new animation.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "field_cache.hpp"
#include "scene.hpp"

namespace eddy::scene {

// The .npy shape of a field: (ny, nx) for cells, (ny, nx + 1) for u, (dyeNy, dyeNx, 4) for dye...
std::vector<uint64_t> fieldShape(Field field, const SmokeSettings& settings);
const char* fieldFileName(Field field);  // "velocityX", "dye", "vorticity", ...

class OutputWriter {
public:
    OutputWriter(std::string dir, const Scene& scene);

    // Returns the width of the picture of the animation's view (for the animation).
    void writePictures(FieldCache& fields, uint32_t frame);
    void writeFields(FieldCache& fields, uint32_t step);
    void writeMetrics(const std::string& line);

    const std::string& dir() const { return dir_; }
    uint32_t framesWritten() const { return frames_; }
    uint32_t fieldDumps() const { return fieldDumps_; }
    uint32_t animationWidth() const { return animationWidth_; }

private:
    std::string dir_;
    const Scene& scene_;
    std::ofstream metrics_;
    uint32_t frames_ = 0, fieldDumps_ = 0, animationWidth_ = 0;
};

} // namespace eddy::scene
