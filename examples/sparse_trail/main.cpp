// A smoke trail across a domain a dense grid could not hold: a burning ship steams along an S-curve
// across a 2048 x 256 x 2048 virtual domain (512 m x 64 m x 512 m at 0.25 m cells) on a
// SparseSmokeSolver3D, whose bricks follow the smoke. Writes rendered frames (PNG) of the trail,
// a picture of the allocated bricks seen from above, and a summary (JSON) with the memory, the
// bricks and the dense grid's refusal.
//
//   sparse_trail [--out out/sparse_trail] [--domain 2048x256x2048] [--cell 0.25] [--seconds 36]
//                [--pool 65536] [--frames 12] [--width 1280] [--height 720]
//
// The sizes scale down for a machine without a GPU (e.g. --domain 256x64x256 --cell 1 --seconds 8).
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <billow/billow.hpp>

#include "common/file_io.hpp"

namespace {

struct Options {
    std::string out = "out/sparse_trail";
    std::array<uint32_t, 3> domain{2048, 256, 2048};
    float cell = 0.25f;
    float seconds = 36.0f;
    uint32_t pool = 65536;
    uint32_t frames = 12;
    uint32_t width = 1280, height = 720;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        const std::string v = argv[++k];
        if (a == "--out") o.out = v;
        else if (a == "--domain") {
            if (std::sscanf(v.c_str(), "%ux%ux%u", &o.domain[0], &o.domain[1], &o.domain[2]) != 3)
                throw std::runtime_error("--domain: NXxNYxNZ, not " + v);
        } else if (a == "--cell") o.cell = std::stof(v);
        else if (a == "--seconds") o.seconds = std::stof(v);
        else if (a == "--pool") o.pool = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--frames") o.frames = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--width") o.width = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--height") o.height = static_cast<uint32_t>(std::stoul(v));
        else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

billow::SmokeSettings3D trailSettings(const Options& o) {
    billow::SmokeSettings3D s;
    s.nx = o.domain[0];
    s.ny = o.domain[1];
    s.nz = o.domain[2];
    s.cellSize = o.cell;
    s.pressureSolver = billow::PressureSolverType::Multigrid;
    s.pressureIterations = 8;
    s.pressureTolerance = 1e-3f;
    s.advectionInterpolation = billow::AdvectionInterpolation::MonotoneCubic;
    s.velocityAdvection = billow::AdvectionScheme::SemiLagrangian;
    s.scalarAdvection = billow::AdvectionScheme::SemiLagrangian;
    s.vorticity = 0.3f;
    s.thermalExpansion = 0.004f;
    s.densityWeight = 0.02f;
    s.velocityDamping = 0.02f;
    s.temperatureRelaxation = 0.15f;
    s.densityDamping = 0.01f;
    for (int side = 0; side < 6; ++side)
        if (side != 2) s.boundaries[side].type = billow::BoundaryType::Outflow;  // open sky, the ground a wall
    return s;
}

// The ship's funnel at time t: an S-curve from the west edge to the east edge.
std::array<float, 3> funnelAt(float t, float seconds, const float world[3]) {
    const float s = std::clamp(t / seconds, 0.0f, 1.0f);
    const float x = world[0] * (0.08f + 0.84f * s);
    const float z = world[2] * (0.5f + 0.28f * std::sin(6.2831853f * s));
    return {x, 6.0f, z};
}

// Premultiplied rgba over the sky the renderer drew: rgb in [0, 1] to 8 bits.
std::vector<uint8_t> toRgb(const billow::VolumePicture& p) {
    std::vector<uint8_t> rgb(size_t(p.width) * p.height * 3);
    for (size_t k = 0; k < size_t(p.width) * p.height; ++k)
        for (int c = 0; c < 3; ++c) rgb[3 * k + c] = uint8_t(std::lround(std::clamp(p.rgba[4 * k + c], 0.0f, 1.0f) * 255.0f));
    return rgb;
}

// The allocated bricks seen from above: one pixel per brick column, darker for more bricks in it.
void writeBrickMap(const std::string& path, const std::vector<std::array<uint32_t, 3>>& bricks, std::array<uint32_t, 3> grid) {
    std::vector<uint32_t> column(size_t(grid[0]) * grid[2], 0);
    for (const auto& b : bricks) ++column[b[0] + size_t(grid[0]) * b[2]];
    std::vector<uint8_t> rgb(column.size() * 3);
    for (size_t k = 0; k < column.size(); ++k) {
        const float f = std::min(1.0f, float(column[k]) / float(grid[1]));
        const uint8_t v = column[k] == 0 ? 250 : uint8_t(200.0f - 160.0f * f);
        rgb[3 * k] = column[k] == 0 ? 250 : v / 2;
        rgb[3 * k + 1] = column[k] == 0 ? 250 : v / 2 + 20;
        rgb[3 * k + 2] = column[k] == 0 ? 250 : v;
    }
    billow::scene::writePngRgb(path, grid[0], grid[2], rgb);
}

} // namespace

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    std::filesystem::create_directories(o.out);
    auto context = billow::Context::createStandalone();
    const billow::SmokeSettings3D settings = trailSettings(o);
    const float world[3] = {o.domain[0] * o.cell, o.domain[1] * o.cell, o.domain[2] * o.cell};

    // The dense grid of the same domain, for the record: what it would allocate, refused.
    std::string denseRefusal = "fits";
    try {
        billow::SmokeSolver3D dense(context, settings);
        denseRefusal = "fits (" + std::to_string(dense.allocatedBytes() >> 20) + " MiB)";
    } catch (const billow::UnsupportedDevice& e) {
        denseRefusal = e.what();
    }

    billow::SparseSettings3D sparse;
    sparse.poolBricks = o.pool;
    sparse.retireAfterSteps = 30;
    billow::SparseSmokeSolver3D solver(context, settings, sparse);
    billow::VolumeRenderer renderer(context);
    billow::VolumeLook look;
    look.extinction = 1.2f;
    look.background = billow::VolumeBackground::SkyAndGround;
    look.groundTile = 16.0f;
    look.lightDirection = {0.4f, 0.8f, 0.3f};

    const float dt = 1.0f / 60.0f;
    const uint32_t steps = static_cast<uint32_t>(std::lround(o.seconds / dt));
    const uint32_t every = std::max(1u, steps / std::max(1u, o.frames));
    uint32_t frame = 0, grown = 0, mostBricks = 0;
    const auto start = std::chrono::steady_clock::now();
    for (uint32_t step = 0; step <= steps; ++step) {
        const float t = step * dt;
        billow::Emitter3D funnel;
        funnel.centre = funnelAt(t, o.seconds, world);
        funnel.radius = 2.0f;
        funnel.velocity = {0.0f, 4.0f, 0.0f};
        funnel.velocityCoupling = 4.0f;
        funnel.density = 3.0f;
        funnel.temperature = 120.0f;
        solver.setEmitters({&funnel, 1});
        solver.step(dt);
        const std::optional<billow::SparsePoolReport> report = solver.poolReport();
        if (report) mostBricks = std::max(mostBricks, report->activeBricks);
        if (report && report->refusedBricks > 0) {  // the documented way: grow between frames
            solver.growPool(solver.sparseSettings().poolBricks * 2);
            ++grown;
        }
        if (step % every == 0 || step == steps) {
            billow::OrbitCamera camera;
            camera.yawDegrees = 20.0f;
            camera.pitchDegrees = 32.0f;
            camera.distance = 0.72f;
            camera.fovDegrees = 45.0f;
            camera.target = {0.5f, 0.05f, 0.5f};
            const billow::VolumePicture picture = renderer.renderPicture(
                solver, billow::orbitCamera(settings, camera, float(o.width) / float(o.height)), look, o.width, o.height);
            char name[64];
            std::snprintf(name, sizeof name, "/frame_%03u.png", frame++);
            billow::scene::writePngRgb(o.out + name, picture.width, picture.height, toRgb(picture));
            std::printf("step %u: t %.1f s, %u bricks allocated\n", step, t, report ? report->activeBricks : 0u);
            std::fflush(stdout);
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::vector<std::array<uint32_t, 3>> bricks = solver.activeBricks();
    writeBrickMap(o.out + "/bricks_from_above.png", bricks, {(o.domain[0] + 7) / 8, (o.domain[1] + 7) / 8, (o.domain[2] + 7) / 8});
    const uint64_t virtualCells = uint64_t(o.domain[0]) * o.domain[1] * o.domain[2];
    std::FILE* f = std::fopen((o.out + "/summary.json").c_str(), "w");
    if (!f) throw std::runtime_error("cannot write " + o.out + "/summary.json");
    std::fprintf(f,
                 "{\"domain\":[%u,%u,%u],\"cell_m\":%g,\"virtual_cells\":%llu,\"steps\":%u,\"wall_s\":%.1f,"
                 "\"active_bricks_end\":%zu,\"most_active_bricks\":%u,\"active_fraction_end\":%.5f,\"pool_bricks\":%u,"
                 "\"pool_grown\":%u,\"allocated_mib\":%.1f,\"fixed_mib\":%.1f,\"bytes_per_brick\":%llu,\"dense\":\"%s\"}\n",
                 o.domain[0], o.domain[1], o.domain[2], o.cell, static_cast<unsigned long long>(virtualCells), steps, seconds,
                 bricks.size(), mostBricks, double(bricks.size()) * 512.0 / double(virtualCells),
                 solver.sparseSettings().poolBricks, grown, solver.allocatedBytes() / 1048576.0, solver.fixedBytes() / 1048576.0,
                 static_cast<unsigned long long>(solver.bytesPerBrick()), denseRefusal.c_str());
    std::fclose(f);
    std::printf("wrote %u frames, bricks_from_above.png and summary.json to %s\n", frame, o.out.c_str());
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "sparse_trail: %s\n", e.what());
    return 1;
}
