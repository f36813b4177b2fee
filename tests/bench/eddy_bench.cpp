// GPU benchmark of the smoke solver. Prints one JSON line per case with the median GPU time per
// step and per pass (Vulkan timestamp queries, after warm-up) and the bandwidth each pass reaches
// counted from the bytes it must read and write at least once ("compulsory traffic").
//
//   eddy_bench [--sizes 256,1024,2048,4096] [--repeat 20] [--warmup 5] [--iterations 40]
//
// Runs on any Vulkan device (EDDY_DEVICE picks one); CI runs it on lavapipe at a small size.
#include <algorithm>
#include <cstdio>
#include <map>
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
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        std::string a = argv[k];
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        std::string v = argv[++k];
        if (a == "--sizes") {
            o.sizes.clear();
            std::stringstream ss(v);
            for (std::string item; std::getline(ss, item, ',');) o.sizes.push_back(static_cast<uint32_t>(std::stoul(item)));
        } else if (a == "--repeat") o.repeat = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--warmup") o.warmup = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--iterations") o.iterations = static_cast<uint32_t>(std::stoul(v));
        else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Compulsory bytes per pass for an n x n grid (dye on the same grid, 4 floats per cell), 4-byte
// floats: each buffer a pass reads or writes counted once per element.
double passBytes(eddy::Pass pass, double n, uint32_t iterations) {
    const double cells = n * n, faces = 2.0 * n * (n + 1), f = 4.0;
    switch (pass) {
    case eddy::Pass::Buoyancy: return f * (faces * 3 + cells * 2);                 // u,v rw + open, rho, T
    case eddy::Pass::Vorticity: return f * (faces * 2 + cells + faces * 3 + cells); // curl, then force
    case eddy::Pass::Advect: return f * (faces * 3 + cells * 5 + cells * 4 * 2);    // velocity, scalars, dye
    case eddy::Pass::Damping: return f * faces * 3;
    case eddy::Pass::Divergence: return f * (faces * 2 + cells * 2);
    case eddy::Pass::PressureSolve: return iterations * f * (cells * 2 + faces + cells);  // p in/out, open, div
    case eddy::Pass::SubtractGradient: return f * (faces * 3 + cells);
    default: return 0.0;
    }
}

} // namespace

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    auto context = eddy::Context::createStandalone();
    const eddy::DeviceInfo& device = context->deviceInfo();
    if (!context->supportsTimestamps()) throw std::runtime_error("device has no timestamp support");

    for (uint32_t n : o.sizes) {
        eddy::SmokeSettings s;
        s.nx = n;
        s.ny = n;
        s.cellSize = 1.0f / static_cast<float>(n);
        s.vorticity = 0.2f;
        s.thermalExpansion = 0.02f;
        s.velocityDamping = 0.05f;
        s.pressureIterations = o.iterations;
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

        std::printf("{\"case\":\"smoke_step\",\"grid\":\"%ux%u\",\"solver\":\"jacobi\",\"iterations\":%u,"
                    "\"median_ms_per_step\":%.4f,\"passes\":{",
                    n, n, o.iterations, median(stepMs));
        bool first = true;
        for (auto& [pass, samples] : passMs) {
            double ms = median(samples);
            double bytes = passBytes(pass, n, o.iterations);
            std::printf("%s\"%s\":{\"ms\":%.4f", first ? "" : ",", eddy::passName(pass), ms);
            if (bytes > 0.0 && ms > 0.0) std::printf(",\"GBps\":%.1f", bytes / (ms * 1e-3) / 1e9);
            std::printf("}");
            first = false;
        }
        std::printf("},\"device\":\"%s\",\"driver\":%u,\"api\":\"%u.%u\"}\n", device.name.c_str(), device.driverVersion,
                    VK_API_VERSION_MAJOR(device.apiVersion), VK_API_VERSION_MINOR(device.apiVersion));
        std::fflush(stdout);
    }
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "eddy_bench: %s\n", e.what());
    return 1;
}
