// Where a run's files go and what they are called, for every solver:
//   <dir>/<view>/NNNN.png             picture frames of each view (NNNN = frame number, 0 = initial state)
//   <dir>/sheet/NNNN.png              the contact sheet of each frame (every view tiled, with titles)
//   <dir>/fields/<field>_SSSSSS.npy   fields at step SSSSSS
//   <dir>/vdb/<scene>_SSSSSS.vdb      3D scenes: OpenVDB files at step SSSSSS
//   <dir>/metrics.jsonl               one JSON line per measured step
//   <dir>/<scene name>.gif|.mp4       the animation
// A run writes into a hidden staging folder beside <dir> (".<dir name>.partial-<pid>") and only
// commit() moves the files into <dir>, first removing what an earlier run of the same kinds left
// there (so frames of a longer earlier run never end up in a new animation). A run that fails
// never commits: the staging folder, and any parent folder made for it, is removed, and <dir> is
// left as it was. A stranger's other files in <dir> are never touched.
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
    // `viewNames`: every view the solver can draw (their old frames are removed on commit).
    // `metrics`: open metrics.jsonl; `fields`: make fields/. `keepOnFailure`: leave the staging
    // folder for inspection when the run fails (--keep-failed).
    OutputFolder(std::string dir, const std::string& sceneName, const std::vector<std::string>& viewNames, bool metrics,
                 bool fields, bool keepOnFailure = false);
    ~OutputFolder();
    OutputFolder(const OutputFolder&) = delete;
    OutputFolder& operator=(const OutputFolder&) = delete;

    // Writes <dir>/<folder>/NNNN.png (a view's name, or kSheetFolder).
    void writePicture(const std::string& folder, uint32_t frame, const Picture& picture);
    void writeField(const std::string& name, uint32_t step, const std::vector<uint64_t>& shape, const std::vector<float>& values);
    void writeMetrics(const std::string& line);

    // Where files are written until commit() (the staging folder).
    const std::string& dir() const { return staging_; }
    // Moves everything into the output folder. Throws std::runtime_error (the staging folder is
    // then removed by the destructor).
    void commit();

private:
    std::string dir_;        // the output folder, as given
    std::string staging_;    // where the files are written until commit
    std::string madeParent_; // the outermost parent folder this run created ("" when none)
    std::string sceneName_;
    std::vector<std::string> viewNames_;
    std::ofstream metrics_;
    bool committed_ = false;
    bool keepOnFailure_ = false;
};

// The staging folder a run of `dir` writes into: ".<name>.partial-<pid>" beside it.
std::string stagingFolderFor(const std::string& dir);

// The path of frame `frame` in a picture folder, and the ffmpeg pattern of all of them.
std::string framePath(const std::string& dir, const std::string& folder, uint32_t frame);
std::string framePattern(const std::string& dir, const std::string& folder);

} // namespace billow::scene
