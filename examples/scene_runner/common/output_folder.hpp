// Where a run's files go and what they are called, for every solver:
//   <dir>/<view>/NNNN.png             picture frames of each view (NNNN = frame number, 0 = initial state)
//   <dir>/sheet/NNNN.png              the contact sheet of each frame (every view tiled, with titles)
//   <dir>/fields/<field>_SSSSSS.npy   fields at step SSSSSS
//   <dir>/metrics.jsonl               one JSON line per measured step
//   <dir>/<scene name>.gif|.mp4       the animation
// Opening the folder removes what an earlier run of the same kinds left there, so frames of a
// longer earlier run never end up in a new animation.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "common/picture.hpp"

namespace billow::scene {

// The folder of the contact sheets (no view is called this).
inline const std::string kSheetFolder = "sheet";

class OutputFolder {
public:
    // `viewNames`: every view the solver can draw (their old frames are removed). `metrics`:
    // open metrics.jsonl; `fields`: make fields/.
    OutputFolder(std::string dir, const std::string& sceneName, const std::vector<std::string>& viewNames, bool metrics,
                 bool fields);

    // Writes <dir>/<folder>/NNNN.png (a view's name, or kSheetFolder).
    void writePicture(const std::string& folder, uint32_t frame, const Picture& picture);
    void writeField(const std::string& name, uint32_t step, const std::vector<uint64_t>& shape, const std::vector<float>& values);
    void writeMetrics(const std::string& line);

    const std::string& dir() const { return dir_; }

private:
    std::string dir_;
    std::ofstream metrics_;
};

// The path of frame `frame` in a picture folder, and the ffmpeg pattern of all of them.
std::string framePath(const std::string& dir, const std::string& folder, uint32_t frame);
std::string framePattern(const std::string& dir, const std::string& folder);

} // namespace billow::scene
