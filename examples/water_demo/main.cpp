// water_demo: shallow water over terrain. Writes PNG pictures of the water over shaded terrain and
// .npy dumps of depth and terrain.
//
//   water_demo [--out DIR] [--size 128] [--frames 800] [--dt 0.3] [--every 100] [--dig-at 100]
//              [--dig-frames 20] [--terrain FILE.npy] [--model pipes|depth|momentum] [--scale 4]
//
// The bundled scene (lake_scene.cpp): a lake drains through a channel dug mid-run (from frame
// --dig-at over --dig-frames frames) into a valley with a drain on the right side. --terrain
// replaces the terrain with a 2-D float .npy array (rows = y from the bottom, resampled to the
// grid by nearest neighbour) and keeps the lake's water where it lies below the lake level.
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>

#include <eddy/eddy.hpp>

#include "png_writer.hpp"
#include "lake_scene.hpp"
#include "npy.hpp"
#include "water_view.hpp"

namespace {

struct Options {
    std::string out = "water_out";
    uint32_t size = 128, frames = 800, every = 100, digAt = 100, digFrames = 20, scale = 4;
    float dt = 0.3f;
    std::string terrain;
    std::string model = "pipes";
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (a == "--help" || a == "-h") {
            std::puts("water_demo [--out DIR] [--size N] [--frames N] [--dt S] [--every N] [--dig-at N] "
                      "[--dig-frames N] [--terrain FILE.npy] [--model pipes|depth|momentum] [--scale N]");
            std::exit(0);
        }
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        const std::string v = argv[++k];
        if (a == "--out") o.out = v;
        else if (a == "--size") o.size = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--frames") o.frames = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--every") o.every = std::max(1u, static_cast<uint32_t>(std::stoul(v)));
        else if (a == "--dig-at") o.digAt = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--dig-frames") o.digFrames = std::max(1u, static_cast<uint32_t>(std::stoul(v)));
        else if (a == "--scale") o.scale = std::max(1u, static_cast<uint32_t>(std::stoul(v)));
        else if (a == "--dt") o.dt = std::stof(v);
        else if (a == "--terrain") o.terrain = v;
        else if (a == "--model") o.model = v;
        else throw std::runtime_error("unknown option " + a + " (--help lists them)");
    }
    if (o.model != "pipes" && o.model != "depth" && o.model != "momentum")
        throw std::runtime_error("--model must be pipes, depth or momentum");
    return o;
}

// Nearest-neighbour resampling of a heightmap onto the n x n grid.
std::vector<float> resample(const eddy::demo::Grid2D& g, uint32_t n) {
    std::vector<float> out(size_t(n) * n);
    for (uint32_t j = 0; j < n; ++j)
        for (uint32_t i = 0; i < n; ++i)
            out[i + j * n] = g.values[(size_t(j) * g.rows / n) * g.columns + size_t(i) * g.columns / n];
    return out;
}

void writeFrame(eddy::WaterSolver& solver, const Options& o, uint32_t frame) {
    const eddy::WaterSettings& s = solver.settings();
    const std::vector<float> terrain = solver.download(eddy::WaterField::Terrain);
    const std::vector<float> depth = solver.download(eddy::WaterField::Depth);
    const std::vector<float> dye = solver.download(eddy::WaterField::Dye);
    char name[64];
    std::snprintf(name, sizeof(name), "%05u", frame);
    const std::filesystem::path dir(o.out);
    eddy::demo::writePng((dir / ("water_" + std::string(name) + ".png")).string(), s.nx * o.scale, s.ny * o.scale,
                         eddy::demo::renderWater({s.nx, s.ny, s.cellSize, &terrain, &depth, &dye}, o.scale));
    eddy::demo::writeNpy((dir / ("depth_" + std::string(name) + ".npy")).string(), s.ny, s.nx, depth);
    eddy::demo::writeNpy((dir / ("terrain_" + std::string(name) + ".npy")).string(), s.ny, s.nx, terrain);
}

} // namespace

int main(int argc, char** argv) {
    try {
        const Options o = parse(argc, argv);
        std::filesystem::create_directories(o.out);
        eddy::demo::LakeScene scene = eddy::demo::makeLakeScene(o.size);
        if (o.model == "depth") scene.settings.model = eddy::WaterModel::DepthPipes;
        if (o.model == "momentum") scene.settings.model = eddy::WaterModel::Momentum;
        if (!o.terrain.empty()) scene.terrain = resample(eddy::demo::readNpy(o.terrain), o.size);

        auto context = eddy::Context::createStandalone();
        std::printf("device: %s\n", context->deviceInfo().name.c_str());
        eddy::WaterSolver solver(context, scene.settings);
        solver.upload(eddy::WaterField::Terrain, scene.terrain);
        solver.upload(eddy::WaterField::Depth, scene.depth);
        const double startVolume = solver.totalVolume();
        for (uint32_t frame = 0; frame <= o.frames; ++frame) {
            if (frame % o.every == 0 || frame == o.frames) {
                writeFrame(solver, o, frame);
                std::printf("frame %5u  t = %7.2f s  water %10.2f m^3 (start %.2f)  substeps %u\n", frame, solver.time(),
                            solver.totalVolume(), startVolume, solver.lastSubsteps());
            }
            if (frame == o.frames) break;
            if (frame >= o.digAt && frame < o.digAt + o.digFrames)
                for (const eddy::WaterBrush& b : eddy::demo::channelBrushes(scene, o.digFrames)) solver.addBrush(b);
            solver.step(o.dt);
        }
        std::printf("pictures and dumps in %s\n", o.out.c_str());
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "water_demo: %s\n", e.what());
        return 1;
    }
}
