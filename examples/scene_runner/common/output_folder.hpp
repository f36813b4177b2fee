// Where a run's files go and what they are called, for every solver:
//   <dir>/<view>/NNNN.png             picture frames of each view (NNNN = frame number, 0 = initial state)
//   <dir>/sheet/NNNN.png              the contact sheet of each frame (every view tiled, with titles)
//   <dir>/fields/<field>_SSSSSS.npy   fields at step SSSSSS
//   <dir>/vdb/<scene>_FFFFFF.vdb      3D scenes: OpenVDB files, FFFFFF = output frame (0, 1, 2, ...;
//                                     frame F is step F * output.vdb.every)
//   <dir>/metrics.jsonl               one JSON line per measured step
//   <dir>/<scene name>.gif|.mp4       the animation
// A run writes into a hidden staging folder beside <dir> (".<dir name>.partial-<pid>") and only
// commit() moves the files into <dir>, first removing what an earlier run of the same kinds left
// there (so frames of a longer earlier run never end up in a new animation). A run that fails
// never commits: the staging folder, and any parent folder made for it, is removed, and <dir> is
// left as it was. A stranger's other files in <dir> are never touched.
// At the end, the animation is made from a view's picture frames (makeAnimation).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "common/pictures.hpp"
#include "common/scene_reader.hpp"

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
// The OpenVDB file of output frame `frame` in `vdbDir`: "<vdbDir>/<sceneName>_FFFFFF.vdb".
std::string vdbFramePath(const std::string& vdbDir, const std::string& sceneName, uint32_t frame);

// Assembles numbered PNG frames into an animated GIF (ffmpeg palettegen/paletteuse, so colours
// stay clean) or an H.264 MP4.
struct AnimationResult {
    bool ok = false;
    std::string path;     // the animation file when ok
    std::string problem;  // why not, otherwise
};

// Frames are `dir/<view>/0000.png` ... ; the result is `dir/<name>.gif` (or .mp4), at the
// frames' own size.
AnimationResult makeAnimation(const std::string& dir, const std::string& view, const std::string& name,
                              AnimationFormat format, double fps);

} // namespace billow::scene
