// GPU benchmark of the smoke solver. Prints one JSON line per case with the median GPU time per
// step and per pass (Vulkan timestamp queries, after warm-up) and the bandwidth each pass reaches
// counted from the bytes it must read and write at least once ("compulsory traffic").
//
//   eddy_bench [--sizes 256,1024,2048,4096] [--repeat 20] [--warmup 5] [--iterations 40]
//              [--solvers jacobi,sor] [--converge-sizes 256,1024] [--max-iterations 32768]
//              [--dye-storage fp32|fp16]
//
// Cases: "smoke_step" (a full step with each solver at --iterations) and "pressure_to_tolerance"
// (a projection of a random velocity field with 10, 20, 40, ... iterations until the relative
// residual ||div after|| / ||div before|| reaches 1e-4 and 1e-6, or --max-iterations).
//
// Runs on any Vulkan device (EDDY_DEVICE picks one); CI runs it on lavapipe at a small size.
#include <algorithm>
#include <cstdio>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <eddy/eddy.hpp>

namespace {

struct Options {
    std::vector<uint32_t> sizes{256, 1024, 2048, 4096};
    uint32_t repeat = 20;
    uint32_t warmup = 5;
    uint32_t iterations = 40;
    uint32_t cycles = 2;  // multigrid V-cycles per step in the smoke_step case
    std::vector<std::string> solvers{"jacobi", "sor"};
    std::vector<uint32_t> convergeSizes{256, 1024};
    uint32_t maxIterations = 32768;
    eddy::DyeStorage dyeStorage = eddy::DyeStorage::Float32;  // smoke_step's dye buffer
};

std::vector<uint32_t> parseSizes(const std::string& v) {
    std::vector<uint32_t> out;
    std::stringstream ss(v);
    for (std::string item; std::getline(ss, item, ',');)
        if (!item.empty()) out.push_back(static_cast<uint32_t>(std::stoul(item)));
    return out;
}

eddy::PressureSolverType solverType(const std::string& name) {
    if (name == "jacobi") return eddy::PressureSolverType::Jacobi;
    if (name == "sor") return eddy::PressureSolverType::RedBlackSOR;
    if (name == "mg") return eddy::PressureSolverType::Multigrid;
    throw std::runtime_error("unknown solver " + name + " (jacobi, sor, mg)");
}

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        std::string a = argv[k];
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        std::string v = argv[++k];
        if (a == "--sizes") o.sizes = parseSizes(v);
        else if (a == "--converge-sizes") o.convergeSizes = parseSizes(v);
        else if (a == "--max-iterations") o.maxIterations = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--solvers") {
            o.solvers.clear();
            std::stringstream ss(v);
            for (std::string item; std::getline(ss, item, ',');) o.solvers.push_back(item);
        } else if (a == "--repeat") o.repeat = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--warmup") o.warmup = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--iterations") o.iterations = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--cycles") o.cycles = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--dye-storage") {
            if (v != "fp32" && v != "fp16") throw std::runtime_error("--dye-storage: fp32 or fp16, not " + v);
            o.dyeStorage = v == "fp16" ? eddy::DyeStorage::Float16 : eddy::DyeStorage::Float32;
        }
        else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Compulsory bytes per pass for an n x n grid (dye on the same grid, `dyeBytes` per cell: 16 as
// floats, 8 as halves), 4-byte floats: each buffer a pass reads or writes counted once per element.
double passBytes(eddy::Pass pass, double n, uint32_t iterations, double dyeBytes) {
    const double cells = n * n, faces = 2.0 * n * (n + 1), f = 4.0;
    switch (pass) {
    case eddy::Pass::Buoyancy: return f * (faces * 3 + cells * 2);                 // u,v rw + open, rho, T
    case eddy::Pass::Vorticity: return f * (faces * 2 + cells + faces * 3 + cells); // curl, then force
    case eddy::Pass::Advect: return f * (faces * 3 + cells * 5) + cells * dyeBytes * 2;  // velocity, scalars, dye
    case eddy::Pass::Damping: return f * faces * 3;
    case eddy::Pass::Divergence: return f * (faces * 2 + cells * 2);
    // Jacobi runs up to 8 sweeps per dispatch in shared memory (EDDY_JACOBI_SWEEPS): each dispatch
    // moves p in/out, the open fractions and the divergence once.
    case eddy::Pass::PressureSolve: return ((iterations + 7) / 8) * f * (cells * 2 + faces + cells);
    case eddy::Pass::SubtractGradient: return f * (faces * 3 + cells);
    default: return 0.0;
    }
}

double l2(const std::vector<float>& v) {
    double sum = 0.0;
    for (float x : v) sum += double(x) * x;
    return std::sqrt(sum);
}

// Projects the same random velocity field with 10, 20, 40, ... pressure iterations (from p = 0)
// and reports the first count that reaches each relative residual ||div after|| / ||div before||.
void convergence(const eddy::Context& info, std::shared_ptr<eddy::Context> context, const std::string& solverName,
                 uint32_t n, uint32_t maxIterations) {
    eddy::SmokeSettings s;
    s.nx = n;
    s.ny = n;
    s.cellSize = 1.0f / static_cast<float>(n);
    s.pressureSolver = solverType(solverName);
    s.sorRelaxation = 2.0f / (1.0f + std::sin(3.14159265f / static_cast<float>(n)));  // optimal for a square
    s.boundaries[static_cast<int>(eddy::Side::Top)].type = eddy::BoundaryType::Outflow;
    eddy::SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(0.5f, 0.5f, 0.1f);
    smoke.setProfiling(true);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    std::vector<float> u(smoke.fieldSize(eddy::Field::VelocityX)), v(smoke.fieldSize(eddy::Field::VelocityY));
    for (float& x : u) x = d(rng);
    for (float& x : v) x = d(rng);
    const std::vector<float> zero(smoke.fieldSize(eddy::Field::Pressure), 0.0f);
    const float dt = 1.0f / 60.0f;
    const double targets[] = {1e-4, 1e-6};
    size_t next = 0;
    const bool multigrid = s.pressureSolver == eddy::PressureSolverType::Multigrid;
    for (uint32_t iterations = multigrid ? 1 : 10; iterations <= maxIterations && next < 2;
         iterations = multigrid ? iterations + 1 : iterations * 2) {
        s.pressureIterations = iterations;
        smoke.updateSettings(s);
        smoke.upload(eddy::Field::VelocityX, u);
        smoke.upload(eddy::Field::VelocityY, v);
        smoke.upload(eddy::Field::Pressure, zero);
        smoke.stepPass(eddy::Pass::SubtractGradient, dt);  // prescribed velocity on closed faces
        smoke.stepPass(eddy::Pass::Divergence, dt);
        const double before = l2(smoke.download(eddy::Field::Divergence));
        smoke.stepPass(eddy::Pass::PressureSolve, dt);
        double ms = 0.0;
        for (const eddy::PassTiming& t : smoke.passTimings())
            if (t.pass == eddy::Pass::PressureSolve) ms = t.milliseconds;
        smoke.stepPass(eddy::Pass::SubtractGradient, dt);
        smoke.stepPass(eddy::Pass::Divergence, dt);
        const double residual = l2(smoke.download(eddy::Field::Divergence)) / before;
        while (next < 2 && residual <= targets[next]) {
            std::printf("{\"case\":\"pressure_to_tolerance\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"tolerance\":%g,"
                        "\"iterations\":%u,\"relative_residual\":%.3g,\"ms\":%.4f,\"device\":\"%s\"}\n",
                        n, n, solverName.c_str(), targets[next], iterations, residual, ms, info.deviceInfo().name.c_str());
            ++next;
        }
        const uint32_t following = multigrid ? iterations + 1 : iterations * 2;
        if (following > maxIterations && next < 2)
            std::printf("{\"case\":\"pressure_to_tolerance\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"tolerance\":%g,"
                        "\"reached\":false,\"iterations\":%u,\"relative_residual\":%.3g,\"ms\":%.4f,\"device\":\"%s\"}\n",
                        n, n, solverName.c_str(), targets[next], iterations, residual, ms, info.deviceInfo().name.c_str());
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    auto context = eddy::Context::createStandalone();
    const eddy::DeviceInfo& device = context->deviceInfo();
    if (!context->supportsTimestamps()) throw std::runtime_error("device has no timestamp support");

    for (const std::string& solverName : o.solvers)
    for (uint32_t n : o.sizes) {
        eddy::SmokeSettings s;
        s.pressureSolver = solverType(solverName);
        s.sorRelaxation = 1.9f;
        s.nx = n;
        s.ny = n;
        s.cellSize = 1.0f / static_cast<float>(n);
        s.vorticity = 0.2f;
        s.thermalExpansion = 0.02f;
        s.velocityDamping = 0.05f;
        s.dyeStorage = o.dyeStorage;
        const uint32_t iterations = s.pressureSolver == eddy::PressureSolverType::Multigrid ? o.cycles : o.iterations;
        s.pressureIterations = iterations;
        eddy::SmokeSolver smoke(context, s);
        smoke.setProfiling(true);

        std::vector<double> stepMs;
        std::map<eddy::Pass, std::vector<double>> passMs;
        for (uint32_t r = 0; r < o.warmup + o.repeat; ++r) {
            eddy::Splat splat;
            splat.x = 0.5f;
            splat.y = 0.2f;
            splat.radius = 0.05f;
            splat.temperature = 5.0f;
            splat.velocity = {0.0f, 1.0f};
            splat.dye = {1.0f, 0.5f, 0.2f, 1.0f};
            smoke.addSplat(splat);
            smoke.step(1.0f / 60.0f);
            if (r < o.warmup) continue;
            double total = 0.0;
            for (const eddy::PassTiming& t : smoke.passTimings()) {
                passMs[t.pass].push_back(t.milliseconds);
                total += t.milliseconds;
            }
            stepMs.push_back(total);
        }

        std::printf("{\"case\":\"smoke_step\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"iterations\":%u,"
                    "\"dye\":\"%s\",\"median_ms_per_step\":%.4f,\"passes\":{",
                    n, n, solverName.c_str(), iterations, o.dyeStorage == eddy::DyeStorage::Float16 ? "fp16" : "fp32", median(stepMs));
        bool first = true;
        const double dyeBytes = o.dyeStorage == eddy::DyeStorage::Float16 ? 8.0 : 16.0;
        for (auto& [pass, samples] : passMs) {
            double ms = median(samples);
            double bytes = solverName == "mg" && pass == eddy::Pass::PressureSolve ? 0.0 : passBytes(pass, n, o.iterations, dyeBytes);
            // SOR: two dispatches per iteration (one per colour), each reading the whole stencil.
            if (pass == eddy::Pass::PressureSolve && solverName == "sor")
                bytes = 2.0 * o.iterations * 4.0 * (n * n * 2 + 2.0 * n * (n + 1) + n * n);
            std::printf("%s\"%s\":{\"ms\":%.4f", first ? "" : ",", eddy::passName(pass), ms);
            if (bytes > 0.0 && ms > 0.0) std::printf(",\"GBps\":%.1f", bytes / (ms * 1e-3) / 1e9);
            std::printf("}");
            first = false;
        }
        std::printf("},\"device\":\"%s\",\"driver\":%u,\"api\":\"%u.%u\"}\n", device.name.c_str(), device.driverVersion,
                    VK_API_VERSION_MAJOR(device.apiVersion), VK_API_VERSION_MINOR(device.apiVersion));
        std::fflush(stdout);
    }
    for (const std::string& solverName : o.solvers)
        for (uint32_t n : o.convergeSizes) convergence(*context, context, solverName, n, o.maxIterations);
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "eddy_bench: %s\n", e.what());
    return 1;
}
