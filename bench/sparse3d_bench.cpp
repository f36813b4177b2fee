// GPU benchmark of the sparse 3D smoke solver: a campfire plume (a fuel emitter that ignites) in a
// large virtual domain, against a dense SmokeSolver3D just bounding the plume and, where it fits,
// the dense grid of the whole domain. Prints one JSON line per solver with the median GPU time per
// step (Vulkan timestamps summed over the passes, after warm-up), the wall time per step, the
// bytes allocated, and for the sparse solver the allocated bricks and the pass times.
//
//   sparse3d_bench [--domain 1024x512x1024] [--cell 0.0078125] [--steps 120] [--repeat 30]
//                  [--pool 16384] [--cycles 2] [--tolerance 0] [--dense-box on|off]
//                  [--dense-whole on|off] [--interpolation linear|cubic]
//
// --steps: the steps that grow the plume before timing (the dense box replays them in its own
// grid); --pool: the pool's first size in bricks, grown between steps (growPool, the documented
// way) whenever the pool report shows refused bricks; --cycles/--tolerance: the pressure solve
// of both solvers (Multigrid V-cycles; a tolerance > 0 stops on the GPU at that relative
// residual, at most --cycles cycles).
//
// Runs on any Vulkan device (BILLOW_DEVICE picks one); CTest runs it on lavapipe at a tiny size.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <billow/billow.hpp>

namespace {

struct Options {
    std::array<uint32_t, 3> domain{1024, 512, 1024};
    float cell = 1.0f / 128.0f;  // m: an 8 m x 4 m x 8 m world at 1024 x 512 x 1024
    uint32_t steps = 120;  // 2 s: the plume is rising, below the 4 m ceiling
    uint32_t repeat = 30;
    uint32_t pool = 16384;
    uint32_t cycles = 2;
    float tolerance = 0.0f;
    bool denseBox = true;
    bool denseWhole = true;
    bool cubic = false;
};

bool onOff(const std::string& option, const std::string& v) {
    if (v != "on" && v != "off") throw std::runtime_error(option + ": on or off, not " + v);
    return v == "on";
}

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        const std::string v = argv[++k];
        if (a == "--domain") {
            if (std::sscanf(v.c_str(), "%ux%ux%u", &o.domain[0], &o.domain[1], &o.domain[2]) != 3)
                throw std::runtime_error("--domain: NXxNYxNZ, not " + v);
        } else if (a == "--cell") o.cell = std::stof(v);
        else if (a == "--steps") o.steps = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--repeat") o.repeat = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--pool") o.pool = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--cycles") o.cycles = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--tolerance") o.tolerance = std::stof(v);
        else if (a == "--dense-box") o.denseBox = onOff(a, v);
        else if (a == "--dense-whole") o.denseWhole = onOff(a, v);
        else if (a == "--interpolation") {
            if (v != "linear" && v != "cubic") throw std::runtime_error("--interpolation: linear or cubic, not " + v);
            o.cubic = v == "cubic";
        } else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

constexpr float kDt = 1.0f / 60.0f;

// The campfire's step: the dense smoke3d bench's game settings with combustion, on a domain of
// `n` cells. The sparse grid's domain sides are walls far from the plume; the dense box's top
// and sides are open (outflow) so the plume leaves it as it leaves the bounding box.
billow::SmokeSettings3D campfireSettings(std::array<uint32_t, 3> n, const Options& o, bool openBox) {
    billow::SmokeSettings3D s;
    s.nx = n[0];
    s.ny = n[1];
    s.nz = n[2];
    s.cellSize = o.cell;
    s.pressureSolver = billow::PressureSolverType::Multigrid;
    s.pressureIterations = o.cycles;
    s.pressureTolerance = o.tolerance;
    s.advectionInterpolation = o.cubic ? billow::AdvectionInterpolation::MonotoneCubic : billow::AdvectionInterpolation::Linear;
    s.velocityAdvection = billow::AdvectionScheme::SemiLagrangian;
    s.scalarAdvection = billow::AdvectionScheme::SemiLagrangian;
    s.massCorrection = false;
    s.vorticity = 0.2f;
    s.thermalExpansion = 0.01f;
    s.densityWeight = 0.05f;
    s.velocityDamping = 0.05f;
    s.temperatureRelaxation = 0.5f;
    s.combustion.enabled = true;
    if (openBox)
        for (int side = 0; side < 6; ++side)
            if (side != 2) s.boundaries[side].type = billow::BoundaryType::Outflow;  // all but the ground
    return s;
}

// The fire: a fuel ball 0.25 m across, 0.3 m above the ground, at `centre` (m) horizontally.
billow::Emitter3D campfire(float x, float z, float groundY) {
    billow::Emitter3D e;
    e.centre = {x, groundY + 0.3f, z};
    e.radius = 0.25f;
    e.velocity = {0.0f, 1.0f, 0.0f};
    e.velocityCoupling = 10.0f;
    e.temperature = 600.0f;
    e.fuel = 3.0f;
    return e;
}

template <class Solver>
std::pair<double, double> timeSteps(Solver& solver, uint32_t repeat, std::map<std::string, std::vector<double>>* passes,
                                    uint32_t* dispatches = nullptr) {
    std::vector<double> gpu, wall;
    for (uint32_t r = 0; r < repeat; ++r) {
        const auto start = std::chrono::steady_clock::now();
        solver.step(kDt);
        wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        double total = 0.0;
        if (dispatches) *dispatches = 0;
        for (const auto& t : solver.passTimings()) {
            total += t.milliseconds;
            if (dispatches) *dispatches += t.dispatches;
            if (passes) (*passes)[billow::passName(t.pass)].push_back(t.milliseconds);
        }
        gpu.push_back(total);
    }
    return {median(gpu), median(wall)};
}

} // namespace

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    auto context = billow::Context::createStandalone();
    const float world[3] = {o.domain[0] * o.cell, o.domain[1] * o.cell, o.domain[2] * o.cell};

    // --- Sparse ------------------------------------------------------------------------------
    billow::SparseSettings3D sparseSettings;
    sparseSettings.poolBricks = o.pool;
    billow::SparseSmokeSolver3D sparse(context, campfireSettings(o.domain, o, false), sparseSettings);
    sparse.setProfiling(true);
    const billow::Emitter3D fire = campfire(0.5f * world[0], 0.5f * world[2], 0.0f);
    sparse.setEmitters({&fire, 1});
    uint32_t grown = 0;
    auto growIfRefused = [&] {
        const std::optional<billow::SparsePoolReport> report = sparse.poolReport();
        if (report && report->refusedBricks > 0) {
            sparse.growPool(sparse.sparseSettings().poolBricks * 2);
            ++grown;
        }
    };
    for (uint32_t k = 0; k < o.steps; ++k) {
        sparse.step(kDt);
        growIfRefused();
    }
    std::map<std::string, std::vector<double>> passMs;
    uint32_t sparseDispatches = 0;
    const auto [sparseGpu, sparseWall] = timeSteps(sparse, o.repeat, &passMs, &sparseDispatches);
    const std::vector<std::array<uint32_t, 3>> bricks = sparse.activeBricks();
    std::array<uint32_t, 3> low{0, 0, 0}, high{0, 0, 0};
    if (!bricks.empty()) low = high = bricks[0];
    for (const auto& b : bricks)
        for (int a = 0; a < 3; ++a) {
            low[a] = std::min(low[a], b[a]);
            high[a] = std::max(high[a], b[a]);
        }
    const uint64_t usedBytes = sparse.fixedBytes() + uint64_t(bricks.size()) * sparse.bytesPerBrick();
    std::printf("{\"case\":\"sparse3d_campfire\",\"solver\":\"sparse\",\"domain\":[%u,%u,%u],\"cell_m\":%g,\"steps\":%u,"
                "\"active_bricks\":%zu,\"box_fraction\":%.3f,\"pool_bricks\":%u,\"pool_grown\":%u,\"brick_box\":[%u,%u,%u],"
                "\"median_ms_per_step\":%.4f,\"wall_ms_per_step\":%.4f,\"allocated_mib\":%.1f,\"used_mib\":%.1f,"
                "\"fixed_mib\":%.1f,\"bytes_per_brick\":%llu,\"bytes_per_cell\":%.1f,\"dispatches_per_step\":%u,\"passes\":{",
                o.domain[0], o.domain[1], o.domain[2], o.cell, o.steps, bricks.size(),
                double(bricks.size()) / (double(high[0] - low[0] + 1) * (high[1] - low[1] + 1) * (high[2] - low[2] + 1)),
                sparse.sparseSettings().poolBricks, grown,
                high[0] - low[0] + 1, high[1] - low[1] + 1, high[2] - low[2] + 1, sparseGpu, sparseWall,
                sparse.allocatedBytes() / 1048576.0, usedBytes / 1048576.0, sparse.fixedBytes() / 1048576.0,
                static_cast<unsigned long long>(sparse.bytesPerBrick()),
                double(sparse.bytesPerBrick()) / double(billow::SparseSmokeSolver3D::kBrickSize * billow::SparseSmokeSolver3D::kBrickSize *
                                                       billow::SparseSmokeSolver3D::kBrickSize),
                sparseDispatches);
    bool first = true;
    for (const auto& [name, ms] : passMs) {
        std::printf("%s\"%s\":%.4f", first ? "" : ",", name.c_str(), median(ms));
        first = false;
    }
    std::printf("}}\n");
    std::fflush(stdout);

    // --- Dense, just bounding the plume ------------------------------------------------------
    if (o.denseBox && !bricks.empty()) try {
        const std::array<uint32_t, 3> box{std::min((high[0] - low[0] + 1) * 8, o.domain[0]), std::min((high[1] - low[1] + 1) * 8, o.domain[1]),
                                          std::min((high[2] - low[2] + 1) * 8, o.domain[2])};
        billow::SmokeSolver3D dense(context, campfireSettings(box, o, true));
        dense.setProfiling(true);
        const billow::Emitter3D boxFire = campfire(0.5f * world[0] - low[0] * 8 * o.cell, 0.5f * world[2] - low[2] * 8 * o.cell,
                                                   -float(low[1] * 8) * o.cell);
        dense.setEmitters({&boxFire, 1});
        for (uint32_t k = 0; k < o.steps; ++k) dense.step(kDt);
        const auto [gpu, wall] = timeSteps(dense, o.repeat, nullptr);
        std::printf("{\"case\":\"sparse3d_campfire\",\"solver\":\"dense_box\",\"grid\":[%u,%u,%u],\"median_ms_per_step\":%.4f,"
                    "\"wall_ms_per_step\":%.4f,\"allocated_mib\":%.1f,\"sparse_time_ratio\":%.3f,\"sparse_memory_ratio\":%.3f,"
                    "\"sparse_used_memory_ratio\":%.3f}\n",
                    box[0], box[1], box[2], gpu, wall, dense.allocatedBytes() / 1048576.0, sparseGpu / gpu,
                    double(sparse.allocatedBytes()) / double(dense.allocatedBytes()),
                    double(usedBytes) / double(dense.allocatedBytes()));
        std::fflush(stdout);
    } catch (const billow::UnsupportedDevice& e) {
        std::printf("{\"case\":\"sparse3d_campfire\",\"solver\":\"dense_box\",\"fits\":false,\"reason\":\"%s\"}\n", e.what());
    }

    // --- Dense, the whole domain ---------------------------------------------------------------
    if (o.denseWhole) {
        try {
            billow::SmokeSolver3D dense(context, campfireSettings(o.domain, o, false));
            dense.setProfiling(true);
            dense.setEmitters({&fire, 1});
            for (uint32_t k = 0; k < std::min(o.steps, 20u); ++k) dense.step(kDt);
            const auto [gpu, wall] = timeSteps(dense, std::min(o.repeat, 10u), nullptr);
            std::printf("{\"case\":\"sparse3d_campfire\",\"solver\":\"dense_whole\",\"median_ms_per_step\":%.4f,"
                        "\"wall_ms_per_step\":%.4f,\"allocated_mib\":%.1f,\"sparse_time_ratio\":%.3f}\n",
                        gpu, wall, dense.allocatedBytes() / 1048576.0, sparseGpu / gpu);
        } catch (const billow::UnsupportedDevice& e) {
            std::printf("{\"case\":\"sparse3d_campfire\",\"solver\":\"dense_whole\",\"fits\":false,\"reason\":\"%s\"}\n", e.what());
        }
    }
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "sparse3d_bench: %s\n", e.what());
    return 1;
}
