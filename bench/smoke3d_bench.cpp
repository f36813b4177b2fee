// GPU benchmark of the 3D smoke and fire solver: one full step of a burning plume (an emitter of
// fuel and heat, combustion, buoyancy, vorticity confinement, MacCormack scalars, the pressure
// solve), per grid size. Prints one JSON line per size with the median GPU time per step and per
// pass (Vulkan timestamp queries, after warm-up) and allocatedBytes(). Never asserted.
//
//   smoke3d_bench [--sizes 64,128,256] [--repeat 10] [--warmup 3] [--solver mgpcg|mg|jacobi|sor]
//                 [--iterations 8] [--colour 0|1]
#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <billow/billow.hpp>

namespace {

struct Options {
    std::vector<uint32_t> sizes{64, 128, 256};
    uint32_t repeat = 10;
    uint32_t warmup = 3;
    std::string solver = "mgpcg";
    uint32_t iterations = 8;
    bool colour = false;
};

billow::PressureSolverType solverType(const std::string& name) {
    if (name == "jacobi") return billow::PressureSolverType::Jacobi;
    if (name == "sor") return billow::PressureSolverType::RedBlackSOR;
    if (name == "mg") return billow::PressureSolverType::Multigrid;
    return billow::PressureSolverType::MultigridPCG;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void runSize(const std::shared_ptr<billow::Context>& context, uint32_t n, const Options& o) {
    billow::SmokeSettings3D s;
    s.nx = s.ny = s.nz = n;
    s.cellSize = 1.0f / static_cast<float>(n);
    s.colour = o.colour;
    s.thermalExpansion = 0.004f;
    s.vorticity = 0.3f;
    s.scalarAdvection = billow::AdvectionScheme::MacCormack;
    s.pressureSolver = solverType(o.solver);
    s.pressureIterations = o.iterations;
    s.temperatureRelaxation = 0.5f;
    s.combustion.enabled = true;
    s.boundaries[3].type = billow::BoundaryType::Outflow;
    billow::SmokeSolver3D smoke(context, s);
    billow::Emitter3D burner;
    burner.centre = {0.5f, 0.1f, 0.5f};
    burner.radius = 0.06f;
    burner.fuel = 20.0f;
    burner.temperature = 20000.0f;
    burner.colour = {1.0f, 0.6f, 0.2f, 1.0f};
    smoke.setEmitters(std::span(&burner, 1));
    smoke.setProfiling(true);
    const float dt = 1.0f / 60.0f;
    for (uint32_t k = 0; k < o.warmup; ++k) smoke.step(dt);
    std::map<billow::Pass3D, std::vector<double>> perPass;
    std::vector<double> steps;
    for (uint32_t k = 0; k < o.repeat; ++k) {
        smoke.step(dt);
        double total = 0.0;
        for (const billow::PassTiming3D& t : smoke.passTimings()) {
            perPass[t.pass].push_back(t.milliseconds);
            total += t.milliseconds;
        }
        steps.push_back(total);
    }
    std::printf("{\"case\": \"smoke3d_step\", \"n\": %u, \"solver\": \"%s\", \"iterations\": %u, \"colour\": %d, "
                "\"allocated_mib\": %.1f, \"step_ms\": %.3f, \"passes_ms\": {",
                n, o.solver.c_str(), o.iterations, o.colour ? 1 : 0, smoke.allocatedBytes() / 1048576.0, median(steps));
    bool first = true;
    for (const auto& [pass, times] : perPass) {
        std::printf("%s\"%s\": %.3f", first ? "" : ", ", billow::passName(pass), median(times));
        first = false;
    }
    std::printf("}}\n");
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    Options o;
    for (int a = 1; a + 1 < argc; a += 2) {
        const std::string key = argv[a], value = argv[a + 1];
        if (key == "--sizes") {
            o.sizes.clear();
            std::stringstream ss(value);
            for (std::string item; std::getline(ss, item, ',');) o.sizes.push_back(static_cast<uint32_t>(std::stoul(item)));
        } else if (key == "--repeat") o.repeat = static_cast<uint32_t>(std::stoul(value));
        else if (key == "--warmup") o.warmup = static_cast<uint32_t>(std::stoul(value));
        else if (key == "--solver") o.solver = value;
        else if (key == "--iterations") o.iterations = static_cast<uint32_t>(std::stoul(value));
        else if (key == "--colour") o.colour = value == "1";
        else {
            std::fprintf(stderr, "unknown option %s\n", key.c_str());
            return 2;
        }
    }
    auto context = billow::Context::createStandalone();
    std::fprintf(stderr, "device: %s\n", context->deviceInfo().name.c_str());
    for (uint32_t n : o.sizes) runSize(context, n, o);
    return 0;
}
