// The scene runner's pictures as a user opens them: frames grouped per view, 512 pixels on the
// long side when the grid is smaller, a colour bar whose numbers are the field's range, a
// divergence view that is calm when the projection converged (and loud when it did not), a
// contact sheet per frame with every view's title, and the animation at the pictures' size.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/file_io.hpp"
#include "common/frame_pictures.hpp"
#include "common/legends.hpp"
#include "common/maths.hpp"
#include "scene_runner/scene_runner_test_support.hpp"

namespace fs = std::filesystem;
using namespace billow::scene;
using namespace billow::scene_test;

namespace {

// The largest cell speed of a smoke run's face velocities, as the speed view computes it.
float largestCellSpeed(const NpyArray& u, const NpyArray& v) {
    const uint64_t ny = u.shape[0], nx = v.shape[1];
    std::vector<float> cells(nx * ny * 2);
    for (uint64_t j = 0; j < ny; ++j)
        for (uint64_t i = 0; i < nx; ++i) {
            cells[(i + j * nx) * 2] = 0.5f * (u.values[i + j * (nx + 1)] + u.values[i + 1 + j * (nx + 1)]);
            cells[(i + j * nx) * 2 + 1] = 0.5f * (v.values[i + j * nx] + v.values[i + (j + 1) * nx]);
        }
    const std::vector<float> speed = cellSpeeds(cells);
    return *std::max_element(speed.begin(), speed.end());
}

// The GIF's logical screen size (bytes 6..9 of the file, little-endian).
std::pair<uint32_t, uint32_t> gifSize(const std::string& path) {
    const std::string bytes = readText(path);
    if (bytes.size() < 10 || bytes.compare(0, 3, "GIF") != 0) return {0, 0};
    auto word = [&](size_t k) { return uint32_t(uint8_t(bytes[k])) | uint32_t(uint8_t(bytes[k + 1])) << 8; };
    return {word(6), word(8)};
}

// How coloured the divergence map is over the top `rows` rows (the field, not its legend): its
// colours are (1 - max(-x, 0), 1 - |x|, 1 - max(x, 0)) for x in [-1, 1], so max - min of a pixel's
// channels is 255 |x|, and the grey obstacles count as 0.
struct Colourfulness {
    int largest = 0;         // 255 * the largest |x|
    double calmShare = 0.0;  // share of pixels with 255 |x| <= calm
};
Colourfulness colourfulness(const Picture& p, uint32_t rows, int calm) {
    Colourfulness c;
    size_t calmPixels = 0;
    for (size_t k = 0; k < size_t(rows) * p.width; ++k) {
        const uint8_t* px = &p.rgb[k * 3];
        const int chroma = std::max({px[0], px[1], px[2]}) - std::min({px[0], px[1], px[2]});
        c.largest = std::max(c.largest, chroma);
        calmPixels += chroma <= calm;
    }
    c.calmShare = double(calmPixels) / (size_t(rows) * p.width);
    return c;
}

} // namespace

// The plume at 24 x 36 cells (dye 48 x 72): pictures 341 x 512 in one folder per view, each
// diagnostic with its legend below, the speed bar ending at the largest speed of the frame, a
// contact sheet naming every view, and the GIF at the pictures' size.
TEST(ScenePictures, PlumeFramesAre512PixelsWithLegendsAndSheets) {
    const std::string dir = outputDir("pictures_plume");
    const Result r = runRunner(std::string(BILLOW_SCENES_DIR) + "/plume.json --size 24 --steps 6 --validation --out " + dir);
    ASSERT_EQ(r.status, 0) << r.output;
    const std::vector<std::string> views = {"dye", "velocity", "speed", "vorticity", "pressure", "divergence", "temperature"};
    for (const std::string& view : views)
        for (const char* frame : {"0000", "0001"}) EXPECT_TRUE(fs::exists(dir + "/" + view + "/" + frame + ".png")) << view;
    EXPECT_FALSE(fs::exists(dir + "/" + "dye/0002.png"));

    const Picture dye = readPicture(dir + "/dye/0001.png");
    EXPECT_EQ(dye.width, 341u);
    EXPECT_EQ(dye.height, 512u);  // the dye has no legend
    const uint32_t s = legendTextScale(341);
    for (const std::string& view : views) {
        if (view == "dye") continue;
        const Picture p = readPicture(dir + "/" + view + "/0001.png");
        EXPECT_EQ(p.width, 341u) << view;
        EXPECT_GT(p.height, 512u + 20 * s) << view << ": no legend strip";
    }

    // The speed bar runs from 0 to the largest cell speed after step 6 (the fields written at the end).
    const float top = largestCellSpeed(readNpy(dir + "/fields/velocityX_000006.npy"), readNpy(dir + "/fields/velocityY_000006.npy"));
    ASSERT_GT(top, 0.0f);
    const Picture speed = readPicture(dir + "/speed/0001.png");
    EXPECT_TRUE(findText(speed, "speed, m/s", s, kLegendText, kLegendBackground, 512));
    EXPECT_TRUE(findText(speed, legendNumber(top), s, kLegendText, kLegendBackground, 512)) << legendNumber(top);
    EXPECT_FALSE(findText(speed, legendNumber(top * 1.5f), s, kLegendText, kLegendBackground, 512));
    EXPECT_TRUE(findText(readPicture(dir + "/velocity/0001.png"), "hue: direction,", s, kLegendText, kLegendBackground, 512));
    EXPECT_TRUE(findText(readPicture(dir + "/vorticity/0001.png"), "vorticity, 1/s", s, kLegendText, kLegendBackground, 512));

    // The contact sheet: every view's title once, tiles of half the pictures' size (256 long).
    const Picture sheet = readPicture(dir + "/sheet/0001.png");
    const Rgb8 page = {sheet.rgb[0], sheet.rgb[1], sheet.rgb[2]};
    EXPECT_TRUE(findText(sheet, "plume   frame 1   t = 0.100 s", 2, kLegendText, page));
    for (const std::string& view : views) EXPECT_TRUE(findText(sheet, view, 1, kLegendText, page)) << view;
    EXPECT_GE(sheet.width, 4u * 171u);
    EXPECT_GE(sheet.height, 2u * 256u);

    if (ffmpegAvailable()) {
        EXPECT_EQ(gifSize(dir + "/plume.gif"), std::make_pair(341u, 512u));
    }
}

// --picture-size and output.pictures keys: an exact size, nearest-neighbour blocks, no sheet.
TEST(ScenePictures, PictureSizeAndFilterOptions) {
    const std::string dir = outputDir("pictures_options");
    fs::create_directories(dir);
    std::ofstream(dir + "/scene.json") << R"({
      "grid": { "nx": 16, "ny": 8, "width": 2.0 },
      "emitters": [ { "position": [0.5, 0.5], "radius": 0.2, "temperature": 50, "velocity": [3, 0] } ],
      "settings": { "thermalExpansion": 0.0034 },
      "time": { "steps": 2 },
      "output": { "pictures": { "every": 2, "views": ["speed"], "filter": "nearest", "contactSheet": false },
                  "animation": { "format": "none" } } })";
    // Frames an earlier, longer run left behind are removed (they would end up in the animation).
    fs::create_directories(dir + "/out/speed");
    std::ofstream(dir + "/out/speed/0007.png") << "stale";
    std::ofstream(dir + "/out/speed/notes.txt") << "the user's";
    Result r = runRunner(dir + "/scene.json --picture-size 160 --out " + dir + "/out");
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_FALSE(fs::exists(dir + "/out/speed/0007.png"));
    EXPECT_TRUE(fs::exists(dir + "/out/speed/notes.txt"));
    const Picture p = readPicture(dir + "/out/speed/0001.png");
    EXPECT_EQ(p.width, 160u);
    EXPECT_FALSE(fs::exists(dir + "/out/sheet"));
    // Nearest: each cell is a 10 x 10 block of one colour.
    for (uint32_t y = 0; y < 80; ++y)
        for (uint32_t x = 0; x < 160; ++x) {
            const size_t k = (size_t(y) * 160 + x) * 3, corner = (size_t(y / 10 * 10) * 160 + x / 10 * 10) * 3;
            ASSERT_TRUE(std::equal(&p.rgb[k], &p.rgb[k + 3], &p.rgb[corner])) << x << "," << y;
        }
    r = runRunner(dir + "/scene.json --picture-size 8 --out " + dir + "/out");
    EXPECT_EQ(r.status, 2);
    EXPECT_NE(r.output.find("--picture-size"), std::string::npos) << r.output;
}

// A converged projection leaves a calm divergence picture: near white, because the view is
// scaled to the divergence the projection started from. One Jacobi sweep leaves most of it, and
// the same view shows that in full colour (so the check can fail).
TEST(ScenePictures, DivergenceOfAConvergedSolveIsNearNeutral) {
    const std::string dir = outputDir("pictures_divergence");
    fs::create_directories(dir);
    auto scene = [](const std::string& solver, int iterations) {
        return R"({
          "grid": { "nx": 32, "ny": 32 },
          "emitters": [ { "position": [0.4, 0.2], "radius": 0.08, "temperature": 300, "velocity": [4, 6] } ],
          "obstacles": [ { "shape": "circle", "centre": [0.55, 0.6], "radius": 0.1 } ],
          "settings": { "thermalExpansion": 0.0034, "pressureSolver": ")" + solver + R"(", "pressureIterations": )" +
               std::to_string(iterations) + R"( },
          "time": { "steps": 10 },
          "output": { "pictures": { "every": 10, "views": ["divergence"] }, "animation": { "format": "none" } } })";
    };
    std::ofstream(dir + "/converged.json") << scene("multigridPCG", 30);
    std::ofstream(dir + "/one_sweep.json") << scene("jacobi", 1);
    Result r = runRunner(dir + "/converged.json --validation --out " + dir + "/converged");
    ASSERT_EQ(r.status, 0) << r.output;
    r = runRunner(dir + "/one_sweep.json --validation --out " + dir + "/one_sweep");
    ASSERT_EQ(r.status, 0) << r.output;

    const Picture calm = readPicture(dir + "/converged/divergence/0001.png");
    const Picture loud = readPicture(dir + "/one_sweep/divergence/0001.png");
    // Converged: nowhere above 5 % of the divergence the projection started from.
    const Colourfulness c = colourfulness(calm, 512, 13), l = colourfulness(loud, 512, 13);
    EXPECT_EQ(c.calmShare, 1.0) << "converged: largest " << c.largest << " / 255";
    EXPECT_LT(l.calmShare, 0.85);
    EXPECT_GT(l.largest, 150);
    std::printf("divergence pictures: converged largest %d / 255; one sweep largest %d / 255, %.3f calm\n", c.largest,
                l.largest, l.calmShare);
}
