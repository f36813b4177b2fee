// A seeded, deterministic mutation fuzzer over the bundled scenes and the scene runner's file
// readers (JSON, .npy, PNG). Every case is loaded in-process (no GPU): it must either load or be
// refused with a SceneError (exit status 2 naming a key) -- never crash, hang, throw anything
// else, or load a scene the solver would refuse. A sample of the cases then runs through the
// scene_runner program on a tiny grid for a few steps: no signal, no hang (timeout), exit 0 only
// with finite metrics and fields, and no output folder left by a failing run.
// Reproduce one case: the failing test prints each case's number and description before running
// it, and leaves its files in <build>/tests/scene_runner_out/fuzz_<test>/.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <variant>
#include <vector>

#include "common/file_io.hpp"
#include "support/tree_paths.hpp"
#include "common/json_reader.hpp"
#include "common/scene_reader.hpp"
#include "scene_loader.hpp"
#include "scene_runner/fuzz/fuzz_mutations.hpp"

namespace fs = std::filesystem;
using namespace billow::scene;
using namespace billow::scene_fuzz;

namespace {

std::string readBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void writeBytes(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

// A scene to mutate and the files it names (name -> bytes), written beside it.
struct Base {
    std::string name;
    std::string text;
    std::vector<std::pair<std::string, std::string>> files;
};

std::string pngBytes(uint32_t width, uint32_t height) {
    std::vector<uint8_t> rgb(size_t(width) * height * 3);
    for (size_t k = 0; k < rgb.size(); ++k) rgb[k] = static_cast<uint8_t>(k * 37);
    // One file per process: ctest runs the shards in parallel.
    const fs::path path = fs::path(TEST_OUTPUT_DIR) / ("fuzz_png_source_" + std::to_string(getpid()) + ".png");
    fs::create_directories(path.parent_path());
    writePngRgb(path.string(), width, height, rgb);
    std::string bytes = readBytes(path);
    fs::remove(path);
    return bytes;
}

// The bundled scenes, three small scenes that name every kind of input file and the picture
// keys no bundled scene sets (size, filter, contactSheet, pixelsPerCell), and a 3D one with the
// VDB keys.
const std::vector<Base>& bases() {
    static const std::vector<Base> all = [] {
        std::vector<Base> out;
        std::vector<fs::path> scenes;
        for (const auto& entry : fs::directory_iterator(BILLOW_SCENES_DIR))
            if (entry.path().extension() == ".json") scenes.push_back(entry.path());
        std::sort(scenes.begin(), scenes.end());
        for (const fs::path& p : scenes) {
            Base base{p.stem().string(), readBytes(p), {}};
            // The files a bundled scene names (their mutations are cases of that scene only).
            for (const auto& entry : fs::directory_iterator(BILLOW_SCENES_DIR)) {
                const std::string file = entry.path().filename().string();
                const std::string ext = entry.path().extension().string();
                if ((ext == ".png" || ext == ".npy") && base.text.find("\"" + file + "\"") != std::string::npos)
                    base.files.push_back({file, readBytes(entry.path())});
            }
            out.push_back(std::move(base));
        }
        out.push_back({"smoke_files", R"({
  "grid": { "nx": 12, "ny": 10, "width": 1.2 },
  "obstacles": [ { "shape": "mask", "image": "mask.png", "threshold": 0.5 } ],
  "initial": { "density": "density.npy", "velocityX": "velocityX.npy", "dyeImage": "dye.png",
               "vortices": [ { "centre": [0.6, 0.5], "radius": 0.2, "speed": 1 } ] },
  "emitters": [ { "position": [0.3, 0.2], "radius": 0.1, "density": 1, "colour": [1, 0.5, 0] } ],
  "randomSplats": { "count": 2, "interval": 0.05 },
  "time": { "dt": 0.02, "steps": 3 },
  "output": { "pictures": { "every": 1, "views": ["dye", "velocity", "vorticity"], "size": 64, "filter": "nearest",
                            "contactSheet": true },
              "animation": { "format": "none" }, "fields": { "names": ["density", "dye"] } }
})",
                       {{"density.npy", npyBytes({10, 12}, 0.5f)}, {"velocityX.npy", npyBytes({10, 13}, 0.1f)},
                        {"mask.png", pngBytes(24, 20)}, {"dye.png", pngBytes(8, 8)}}});
        out.push_back({"water_files", R"({
  "solver": "water",
  "grid": { "nx": 12, "ny": 10, "width": 12 },
  "boundaries": { "right": "outflow", "openings": [ { "side": "top", "from": 2, "to": 4, "type": "inflow", "flow": 0.1 } ] },
  "terrain": { "npy": "terrain.npy", "features": [ { "type": "bowl", "centre": [6, 5], "radius": 4, "depth": 1 } ] },
  "initial": { "depth": "depth.npy", "fills": [ { "level": 0.5, "from": [6, 5] } ] },
  "events": [ { "type": "spring", "position": [3, 3], "radius": 2, "flow": 0.5 },
              { "type": "dig", "path": [[2, 2], [8, 2]], "radius": 2, "depth": 0.5, "start": 0.1, "duration": 0.2 } ],
  "time": { "dt": 0.1, "steps": 3 },
  "output": { "pictures": { "every": 1, "views": ["water", "depth"], "pixelsPerCell": 4, "contactSheet": false },
              "animation": { "format": "none" }, "fields": { "names": ["depth"] } }
})",
                       {{"terrain.npy", npyBytes({5, 6}, 1.0f)}, {"depth.npy", npyBytes({10, 12}, 0.2f)}}});
        out.push_back({"water_heightmap", R"({
  "solver": "water",
  "grid": { "nx": 12, "ny": 10, "width": 12 },
  "terrain": { "heightmap": { "image": "height.png", "low": 0, "high": 2 } },
  "initial": { "fills": [ { "level": 1 } ] },
  "time": { "dt": 0.1, "steps": 3 },
  "output": { "pictures": { "every": 1, "size": 32, "filter": "bilinear" }, "animation": { "format": "none" } }
})",
                       {{"height.png", pngBytes(16, 16)}}});
        // The erosion keys no bundled scene sets ("enabled", the hardness layers in both orders),
        // on the triangle lattice with its openings and its own field (flowZ).
        out.push_back({"water_triangle_erosion", R"({
  "solver": "water",
  "grid": { "nx": 12, "ny": 10, "width": 12 },
  "settings": { "lattice": "triangle", "model": "depthPipes", "evaporation": 0.01,
                "erosion": { "hydraulic": { "enabled": true, "capacity": 0.2, "minimumTilt": 0.1, "dissolveRate": 0.3,
                                            "depositRate": 0.4, "deepWaterLimit": 1 },
                             "thermal": { "enabled": false, "talusAngle": 30, "rate": 1 } } },
  "boundaries": { "openings": [ { "side": "left", "from": 2, "to": 5, "type": "inflow", "flow": 0.1 },
                                { "side": "right", "from": 3, "to": 7, "type": "outflow", "drop": 0.1 } ] },
  "terrain": { "base": 1, "features": [ { "type": "slope", "gradient": [-0.05, 0] },
                                        { "type": "noise", "amplitude": 0.2, "wavelength": 4, "seed": 2, "octaves": 2 } ],
               "hardness": { "base": 0.3, "layers": [ { "below": 0.8, "hardness": 0.6 }, { "below": 0.5, "hardness": 0.9 } ],
                             "noise": { "amplitude": 0.1, "wavelength": 3, "seed": 1 } } },
  "initial": { "fills": [ { "level": 1.2, "from": [2, 4] } ] },
  "events": [ { "type": "rain", "rate": 0.001, "end": 0.2 } ],
  "time": { "dt": 0.1, "steps": 3 },
  "output": { "pictures": { "every": 1, "views": ["water", "terrainChange", "sediment", "terrain"], "contactSheet": false },
              "animation": { "format": "none" }, "fields": { "names": ["flowZ", "sediment", "hardness"] } }
})",
                       {}});
        // The VDB keys no bundled scene sets (the grid names, the up axis, the threshold).
        out.push_back({"smoke3d_vdb", R"({
  "solver": "smoke3d",
  "grid": { "nx": 8, "ny": 8, "nz": 8 },
  "obstacles": [ { "shape": "sphere", "centre": [0.5, 0.6, 0.5], "radius": 0.15 } ],
  "emitters": [ { "position": [0.5, 0.2, 0.5], "radius": 0.15, "density": 1, "temperature": 500 } ],
  "time": { "dt": 0.05, "steps": 3 },
  "output": { "pictures": { "every": 0 }, "animation": { "format": "none" },
              "vdb": { "every": 1, "grids": ["density", "temperature", "flame", "vel", "solid"], "upAxis": "z",
                       "activeThreshold": 0.001 } }
})",
                       {}});
        return out;
    }();
    return all;
}

struct FuzzCase {
    std::string what;
    const Base* base = nullptr;
    std::string text;                                          // the scene
    std::vector<std::pair<std::string, std::string>> files;    // replaced or added files
};

constexpr size_t kStructureCasesPerBase = 70;
constexpr size_t kTextCasesPerBase = 25;
constexpr size_t kFileCasesPerFile = 16;

// Every case, the same on every run: the generator's state depends only on the base and the
// case number.
std::vector<FuzzCase> casesFor(const Base& base) {
    std::vector<FuzzCase> out;
    for (size_t k = 0; k < kStructureCasesPerBase; ++k) {
        Random random(std::hash<std::string>{}(base.name) ^ (k * 7919 + 1));
        Mutation m = mutateStructure(base.text, random);
        out.push_back({base.name + ": " + m.what, &base, std::move(m.text), {}});
    }
    for (size_t k = 0; k < kTextCasesPerBase; ++k) {
        Random random(std::hash<std::string>{}(base.name) ^ (k * 104729 + 2));
        Mutation m = mutateText(base.text, random);
        out.push_back({base.name + ": " + m.what, &base, std::move(m.text), {}});
    }
    for (const auto& [file, bytes] : base.files) {
        const bool isPng = file.size() > 4 && file.compare(file.size() - 4, 4, ".png") == 0;
        for (size_t k = 0; k < kFileCasesPerFile; ++k) {
            Random random(std::hash<std::string>{}(base.name + file) ^ (k * 15485863 + 3));
            Mutation m = isPng ? mutatePng(bytes, random) : mutateNpy(bytes, random);
            out.push_back({base.name + ": " + file + " " + m.what, &base, base.text, {{file, std::move(m.text)}}});
        }
    }
    return out;
}

// Writes the case into `dir` (emptied first) and returns the scene's path.
fs::path writeCase(const FuzzCase& c, const fs::path& dir) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const auto& [name, bytes] : c.base->files) writeBytes(dir / name, bytes);
    for (const auto& [name, bytes] : c.files) writeBytes(dir / name, bytes);
    const fs::path scene = dir / "case.json";
    writeBytes(scene, c.text);
    return scene;
}

bool allFinite(const std::vector<float>& v) {
    return std::all_of(v.begin(), v.end(), [](float x) { return std::isfinite(x); });
}

// A scene that loads must be one the solver takes and that ends: the library's validate()
// passes, the run is bounded, and every initial array is finite.
void expectRunnable(const LoadedScene& loaded, const std::string& what) {
    std::visit(
        [&](const auto& scene) {
            EXPECT_NO_THROW(scene.settings.validate()) << what;
            EXPECT_LE(scene.steps, detail::kMaxSteps) << what;
            EXPECT_GE(scene.dt, detail::kMinTimeStep) << what;
            EXPECT_LE(uint64_t(scene.settings.nx) * scene.settings.ny, detail::kMaxCells) << what;
            EXPECT_FALSE(scene.output.views.empty() && scene.output.pictureEvery != 0) << what;
            if constexpr (std::is_same_v<std::decay_t<decltype(scene)>, Scene>) {
                for (const auto* field : {&scene.initial.velocityX, &scene.initial.velocityY, &scene.initial.density,
                                          &scene.initial.temperature, &scene.initial.pressure, &scene.initial.dye})
                    EXPECT_TRUE(allFinite(*field)) << what;
            } else if constexpr (std::is_same_v<std::decay_t<decltype(scene)>, WaterScene>) {
                EXPECT_TRUE(allFinite(scene.terrain)) << what;
                EXPECT_TRUE(allFinite(scene.depth)) << what;
            }
        },
        loaded);
}

struct LoadOutcome {
    bool loaded = false;
    std::string error;
};

LoadOutcome loadCase(const FuzzCase& c, const fs::path& dir) {
    const fs::path scene = writeCase(c, dir);
    LoadOutcome outcome;
    try {
        const LoadedScene loaded = loadScene(scene.string(), LoadOptions{});
        expectRunnable(loaded, c.what);
        outcome.loaded = true;
    } catch (const SceneError& e) {
        outcome.error = e.what();
        if (std::getenv("FUZZ_SHOW_ERRORS")) std::fprintf(stderr, "  -> %s\n", e.what());
        EXPECT_FALSE(e.key().empty()) << c.what;
        // Whatever the file holds, the message is printable (control characters escaped).
        for (const char ch : outcome.error)
            if (static_cast<unsigned char>(ch) < 0x20) {
                ADD_FAILURE() << c.what << ": a control character in the message: " << printable(outcome.error);
                break;
            }
    } catch (const std::exception& e) {
        ADD_FAILURE() << c.what << ": not a SceneError (would exit 1 instead of 2 naming the key): " << e.what();
    }
    return outcome;
}

class ParserFuzz : public testing::TestWithParam<size_t> {};

// Every case of one base scene, loaded in-process.
TEST_P(ParserFuzz, LoadsOrRefusesNamingTheKey) {
    const Base& base = bases()[GetParam()];
    const std::vector<FuzzCase> cases = casesFor(base);
    const fs::path dir = fs::path(TEST_OUTPUT_DIR) / ("fuzz_parser_" + base.name);
    size_t loaded = 0;
    for (size_t k = 0; k < cases.size(); ++k) {
        // Printed first, so a crash names the case (ctest shows the output of a failed test).
        std::fprintf(stderr, "case %zu: %s\n", k, cases[k].what.c_str());
        loaded += loadCase(cases[k], dir).loaded;
    }
    std::printf("%s: %zu cases, %zu loaded, %zu refused with a SceneError\n", base.name.c_str(), cases.size(), loaded,
                cases.size() - loaded);
    // The mutations must not all be refused for the same trivial reason: some must still load.
    EXPECT_GT(loaded, 0u);
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(SceneFuzz, ParserFuzz, testing::Range<size_t>(0, bases().size()),
                         [](const testing::TestParamInfo<size_t>& info) { return bases().at(info.param).name; });

TEST(SceneFuzz, EveryBundledSceneIsABase) {
    size_t bundled = 0;
    for (const auto& entry : fs::directory_iterator(BILLOW_SCENES_DIR)) bundled += entry.path().extension() == ".json";
    EXPECT_EQ(bases().size(), bundled + 5);  // smoke_files, water_files, water_heightmap, water_triangle_erosion, smoke3d_vdb
}

struct RunResult {
    int status = -1;  // exit status; 128 + signal when killed
    std::string output;
};

RunResult runProgram(const std::string& args) {
    // SIGKILL after the limit: a hang becomes status 137 and fails the test instead of ctest's timeout.
    const std::string command = "timeout -s KILL 60 " + std::string(SCENE_RUNNER) + " " + args + " 2>&1";
    RunResult r;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return r;
    char buffer[4096];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof(buffer), pipe)) > 0) r.output.append(buffer, n);
    const int raw = pclose(pipe);
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    return r;
}

// Whether anything of the run's output, or its staging folder, exists under `parent`.
bool leftOutput(const fs::path& parent, const std::string& name) {
    if (!fs::exists(parent)) return false;
    for (const auto& entry : fs::directory_iterator(parent)) {
        const std::string file = entry.path().filename().string();
        if (file == name || file.rfind("." + name + ".partial", 0) == 0) return true;
    }
    return false;
}

// Exit 0 promises finite results: every metric and every .npy field.
void expectFiniteResults(const fs::path& out, const std::string& what) {
    if (fs::exists(out / "metrics.jsonl")) {
        // A non-finite metric is written as null and listed under "nonFinite" (water's gpuMs is
        // null without GPU timestamps, which is not a result).
        std::ifstream lines(out / "metrics.jsonl");
        for (std::string line; std::getline(lines, line);) {
            const nlohmann::json record = nlohmann::json::parse(line);
            EXPECT_FALSE(record.contains("nonFinite")) << what << ": " << line;
            // null is honest only where the record documents it: no GPU timestamps, no density.
            for (const auto& [key, value] : record.items())
                EXPECT_TRUE(key == "gpuMs" || key == "densityCentroid" || key == "centroidHeight" || !value.is_null())
                    << what << ": " << line;
        }
    }
    if (!fs::exists(out / "fields")) return;
    for (const auto& entry : fs::directory_iterator(out / "fields")) {
        EXPECT_TRUE(allFinite(readNpy(entry.path().string()).values)) << what << ": " << entry.path();
    }
}

constexpr size_t kRunnerShards = 4;
constexpr size_t kRunsPerShard = 25;

class RunnerFuzz : public testing::TestWithParam<size_t> {};

// A sample of the cases through the program for 3 steps, the bundled scenes on a 16-cell-wide
// grid (--size and --steps leave the scene's own values checked as they are). Mostly cases that load, since those
// reach the GPU; some that do not, to check that nothing is written.
TEST_P(RunnerFuzz, NeverCrashesHangsGoesSilentlyNaNOrLeavesOutput) {
    const size_t shard = GetParam();
    const fs::path dir = fs::path(TEST_OUTPUT_DIR) / ("fuzz_runner_" + std::to_string(shard));
    std::vector<FuzzCase> all;
    for (const Base& base : bases())
        for (FuzzCase& c : casesFor(base)) all.push_back(std::move(c));
    size_t runs = 0, accepted = 0;
    for (size_t k = shard; k < all.size() && runs < kRunsPerShard; k += kRunnerShards) {
        const FuzzCase& c = all[k];
        const LoadOutcome loaded = loadCase(c, dir / "scene");
        if (!loaded.loaded && runs % 4 != 3) continue;
        ++runs;
        std::fprintf(stderr, "run %zu (case %zu): %s\n", runs, k, c.what.c_str());
        const fs::path out = dir / "runs" / "out";
        fs::remove_all(dir / "runs");
        // The bundled scenes at 16 cells across; the small scenes as they are (their .npy inputs
        // fit their own grid only, and a single mutated size keeps them small).
        const bool bundled = fs::exists(fs::path(BILLOW_SCENES_DIR) / (c.base->name + ".json"));
        const RunResult r = runProgram((dir / "scene" / "case.json").string() + (bundled ? " --size 16" : "") +
                                       " --steps 3 --animation none --progress none --out " + out.string());
        EXPECT_TRUE(r.status == 0 || r.status == 1 || r.status == 2 || r.status == 4)
            << c.what << ": exit status " << r.status << " (137: hung, killed; > 128: a signal)\n" << r.output;
        std::fprintf(stderr, "  -> exit %d\n", r.status);
        if (r.status == 0) {
            ++accepted;
            expectFiniteResults(out, c.what);
        } else {
            EXPECT_FALSE(leftOutput(dir / "runs", "out")) << c.what << ": a failed run left output\n" << r.output;
            EXPECT_FALSE(fs::exists(dir / "runs" / "out")) << c.what;
        }
    }
    std::printf("shard %zu: %zu runs, %zu exit 0\n", shard, runs, accepted);
    EXPECT_GE(runs, kRunsPerShard * 3 / 4);  // the sample is drawn from what loads, which the mutations decide
    fs::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(SceneFuzz, RunnerFuzz, testing::Range<size_t>(0, kRunnerShards));

} // namespace
