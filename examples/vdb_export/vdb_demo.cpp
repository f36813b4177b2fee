// vdb_demo: runs a small fire (a burner of fuel on the floor of a 1 m box, combustion on) headless
// and writes one OpenVDB file per frame, for a first look in Blender or Houdini
// (docs/vdb-export.md).
//
//   vdb_demo OUT_DIR [--size N] [--frames F] [--steps S] [--up-axis y|z] [--sparse]
//
// N cells per axis (default 64; the cell size is 1/N m), F frames (default 1) of S steps of 1/60 s
// each (default 60), written z-up (default: Blender, the first look docs/vdb-export.md walks
// through) or y-up (Houdini, Maya). Writes OUT_DIR/fire_0000.vdb, ... (and fire_0000.nvdb, ...
// where NanoVDB is available) and prints each file's size and the time taken to download and to
// write it. With --sparse: a small campfire in a tall virtual domain (N x 8 N x N cells) on a
// SparseSmokeSolver3D, its allocated bricks written by the same writer with the same grids and
// axes (sparse_frame.hpp) to OUT_DIR/campfire_0000.vdb (and .nvdb), with the number of allocated
// bricks. On a CPU Vulkan device (lavapipe)
// it waits for the device as long as scene_runner does (kCpuDeviceWaitTimeoutSeconds).
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <billow/billow.hpp>

#include "sparse_frame.hpp"
#include "volume_frame.hpp"
#ifdef BILLOW_VDB_HAS_NANOVDB
#include "nanovdb_writer.hpp"
#endif

namespace {

// How long to wait for a CPU Vulkan device before calling it hung, s: as scene_runner does. A
// 64^3 fire step with its pressure solve takes seconds on lavapipe, more on a busy machine, so
// the library's 10 s guard against a hung GPU stopped runs that were merely slow.
constexpr double kCpuDeviceWaitTimeoutSeconds = 600.0;

struct Options {
    std::filesystem::path outDir;
    uint32_t size = 64, frames = 1, steps = 60;
    billow::vdb::UpAxis upAxis = billow::vdb::UpAxis::Z;  // Blender's
    bool sparse = false;
};

[[noreturn]] void usage(const char* problem) {
    std::fprintf(stderr, "vdb_demo: %s\nusage: vdb_demo OUT_DIR [--size N] [--frames F] [--steps S] [--up-axis y|z] [--sparse]\n", problem);
    std::exit(2);
}

uint32_t positive(const char* flag, const char* text) {
    char* end = nullptr;
    const unsigned long value = std::strtoul(text, &end, 10);
    if (*text == '\0' || *end != '\0' || value == 0 || value > 4096) usage((std::string(flag) + " needs a whole number from 1 to 4096").c_str());
    return uint32_t(value);
}

Options parse(int argc, char** argv) {
    Options options;
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        if (arg == "--size" || arg == "--frames" || arg == "--steps") {
            if (a + 1 >= argc) usage((arg + " needs a value").c_str());
            const uint32_t value = positive(arg.c_str(), argv[++a]);
            (arg == "--size" ? options.size : arg == "--frames" ? options.frames : options.steps) = value;
        } else if (arg == "--up-axis") {
            const std::string axis = a + 1 < argc ? argv[++a] : "";
            if (axis != "y" && axis != "z") usage("--up-axis needs y (Houdini, Maya) or z (Blender)");
            options.upAxis = axis == "z" ? billow::vdb::UpAxis::Z : billow::vdb::UpAxis::Y;
        } else if (arg == "--sparse") {
            options.sparse = true;
        } else if (!arg.empty() && arg[0] == '-') {
            usage(("unknown option " + arg).c_str());
        } else if (options.outDir.empty()) {
            options.outDir = arg;
        } else {
            usage("more than one OUT_DIR");
        }
    }
    if (options.outDir.empty()) usage("OUT_DIR is missing");
    return options;
}

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Writes `volume` with `write` to OUT_DIR/<stem>_NNNN.<extension> and reports it.
template <typename Frame, typename Write>
void writeFrame(const Options& options, uint32_t frame, const char* extension, const Frame& volume, Write write,
                const char* stem = "fire") {
    char name[64];
    std::snprintf(name, sizeof name, "%s_%04u.%s", stem, frame, extension);
    const std::filesystem::path path = options.outDir / name;
    const auto start = std::chrono::steady_clock::now();
    write(path.string(), volume);
    std::printf("%s: %.1f KiB, written in %.3f s\n", path.c_str(), double(std::filesystem::file_size(path)) / 1024.0, secondsSince(start));
}

// --sparse: a campfire (a burner of fuel a tenth of the width across) on the floor of a virtual
// domain eight times taller than wide, on bricks allocated where the fire and its smoke are.
void runSparse(const Options& options, std::shared_ptr<billow::Context> context) {
    billow::SmokeSettings3D settings;
    settings.nx = settings.nz = options.size;
    settings.ny = 8 * options.size;
    settings.cellSize = 1.0f / float(options.size);
    settings.thermalExpansion = 0.004f;
    settings.temperatureRelaxation = 0.5f;
    settings.vorticity = 0.3f;
    settings.combustion.enabled = true;
    billow::SparseSettings3D sparse;
    sparse.poolBricks = 4096;
    billow::SparseSmokeSolver3D solver(context, settings, sparse);
    billow::Emitter3D burner;
    burner.centre = {0.5f, 0.08f, 0.5f};
    burner.radius = 0.05f;
    burner.fuel = 20.0f;
    burner.temperature = 20000.0f;
    solver.setEmitters(std::span(&burner, 1));
    // The bricks the burner overlaps, ready before the first step (the topology pass keeps them
    // while the burner is there, and allocates the others the fire reaches).
    std::vector<std::array<uint32_t, 3>> burnerBricks;
    const float cellsPerMetre = float(options.size);
    std::array<uint32_t, 3> low{}, high{};
    for (int a = 0; a < 3; ++a) {
        low[a] = uint32_t(std::max(0.0f, (burner.centre[a] - burner.radius) * cellsPerMetre)) / 8;
        high[a] = uint32_t((burner.centre[a] + burner.radius) * cellsPerMetre) / 8;
    }
    for (uint32_t z = low[2]; z <= high[2]; ++z)
        for (uint32_t y = low[1]; y <= high[1]; ++y)
            for (uint32_t x = low[0]; x <= high[0]; ++x) burnerBricks.push_back({x, y, z});
    solver.allocateBricks(burnerBricks);
    std::printf("vdb_demo --sparse: %u x %u x %u virtual cells on %s\n", settings.nx, settings.ny, settings.nz,
                context->deviceInfo().name.c_str());
    const float dt = 1.0f / 60.0f;
    for (uint32_t frame = 0; frame < options.frames; ++frame) {
        for (uint32_t s = 0; s < options.steps; ++s) solver.step(dt);
        const double time = double(frame + 1) * options.steps * dt;
        const auto start = std::chrono::steady_clock::now();
        billow::vdb::VolumeFrame volume = billow::vdb::downloadSparseVolumeFrame(solver, {}, time);
        volume.upAxis = options.upAxis;
        std::printf("frame %u: t = %.3f s, %zu allocated bricks, downloaded in %.3f s\n", frame, time, volume.bricks.size(),
                    secondsSince(start));
        if (volume.bricks.empty()) {
            std::printf("frame %u: no allocated brick, nothing written\n", frame);
            continue;
        }
        writeFrame(options, frame, "vdb", volume, billow::vdb::writeVdb, "campfire");
#ifdef BILLOW_VDB_HAS_NANOVDB
        writeFrame(options, frame, "nvdb", volume, billow::vdb::writeNanoVdb, "campfire");
#endif
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char** argv) {
    const Options options = parse(argc, argv);
    try {
        std::filesystem::create_directories(options.outDir);
        auto context = billow::Context::createStandalone();
        if (context->deviceInfo().type == VK_PHYSICAL_DEVICE_TYPE_CPU) context->setWaitTimeout(kCpuDeviceWaitTimeoutSeconds);
        if (options.sparse) {
            runSparse(options, context);
            return 0;
        }
        billow::SmokeSettings3D settings;
        settings.nx = settings.ny = settings.nz = options.size;
        settings.cellSize = 1.0f / float(options.size);
        settings.thermalExpansion = 0.004f;
        settings.temperatureRelaxation = 0.5f;
        settings.vorticity = 0.3f;
        settings.combustion.enabled = true;
        settings.pressureSolver = billow::PressureSolverType::MultigridPCG;
        settings.pressureIterations = 8;
        billow::SmokeSolver3D solver(context, settings);
        billow::Emitter3D burner;
        burner.centre = {0.5f, 0.08f, 0.5f};
        burner.radius = 0.06f;
        burner.fuel = 20.0f;
        burner.temperature = 20000.0f;
        solver.setEmitters(std::span(&burner, 1));
        std::printf("vdb_demo: %u^3 cells on %s\n", options.size, context->deviceInfo().name.c_str());

        const float dt = 1.0f / 60.0f;
        for (uint32_t frame = 0; frame < options.frames; ++frame) {
            for (uint32_t s = 0; s < options.steps; ++s) solver.step(dt);
            const double time = double(frame + 1) * options.steps * dt;
            const auto start = std::chrono::steady_clock::now();
            billow::vdb::VolumeFrame volume = billow::vdb::downloadVolumeFrame(solver, {}, time);
            volume.step = uint64_t(frame + 1) * options.steps;
            volume.upAxis = options.upAxis;
            std::printf("frame %u: t = %.3f s, downloaded in %.3f s\n", frame, time, secondsSince(start));
            writeFrame(options, frame, "vdb", volume, billow::vdb::writeVdb);
#ifdef BILLOW_VDB_HAS_NANOVDB
            writeFrame(options, frame, "nvdb", volume, billow::vdb::writeNanoVdb);
#endif
            std::fflush(stdout);
        }
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "vdb_demo: %s\n", e.what());
        return 1;
    }
}
