// The smoke solver's outputs: its views and fields written into an OutputFolder.
#pragma once

#include <string>
#include <vector>

#include "smoke/smoke_field_cache.hpp"
#include "common/output_folder.hpp"
#include "smoke/smoke_scene.hpp"

namespace billow::scene {

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

    const std::string& dir() const { return folder_.dir(); }
    uint32_t framesWritten() const { return frames_; }
    uint32_t fieldDumps() const { return fieldDumps_; }
    uint32_t animationWidth() const { return animationWidth_; }

private:
    const Scene& scene_;
    OutputFolder folder_;
    uint32_t frames_ = 0, fieldDumps_ = 0, animationWidth_ = 0;
};

} // namespace billow::scene
