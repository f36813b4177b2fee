// GPU benchmark of the water solver: the median GPU time (Vulkan timestamp queries around each
// frame, after warm-up) of one water step at the given size: one substep (accelerate, outflow
// scaling in two passes, depth + velocity; the Momentum model replaces accelerate with its
// momentum and flow passes) plus the dye advection, on a wet random landscape with open sides.
// Prints one JSON line per case.
//
//   water_bench [--size 2048] [--repeat 50] [--warmup 10] [--models pipes,depth,momentum] [--health report|off]
//
// Models: pipes (WaterModel::VirtualPipes), depth (DepthPipes), momentum (Momentum), each on the
// Square lattice; a "triangle-" prefix runs a pipe model on the Triangle lattice
// (triangle-pipes, triangle-depth), and an "+erosion" suffix adds hydraulic and thermal erosion
// and evaporation (the sediment carried every substep, then the frame's erosion passes), e.g.
// pipes+erosion, triangle-pipes+erosion. The same nx x ny count of columns on both lattices.
//
// Runs on any Vulkan device (BILLOW_DEVICE picks one); CTest runs it at --size 128 on lavapipe.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <billow/billow.hpp>

namespace {

struct Options {
    uint32_t size = 2048, repeat = 50, warmup = 10;
    std::vector<std::string> models{"pipes", "depth", "momentum"};
    // The library's default scans the state for non-finite values every step (a pass over every
    // field); "off" measures the step without it.
    std::string health = "report";
};

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        const std::string v = argv[++k];
        if (a == "--size") o.size = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--repeat") o.repeat = std::max(1u, static_cast<uint32_t>(std::stoul(v)));
        else if (a == "--warmup") o.warmup = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--models") {
            o.models.clear();
            std::stringstream ss(v);
            for (std::string item; std::getline(ss, item, ',');) o.models.push_back(item);
        } else if (a == "--health") {
            if (v != "off" && v != "report") throw std::runtime_error("--health: off or report, not " + v);
            o.health = v;
        } else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

void run(const std::shared_ptr<billow::Context>& context, const Options& o, const std::string& name) {
    billow::WaterSettings s;
    s.nx = s.ny = o.size;
    s.cellSize = 1.0f;
    std::string model = name;
    const bool erosion = model.size() > 8 && model.ends_with("+erosion");
    if (erosion) {
        model.resize(model.size() - 8);
        s.erosion.hydraulic.enabled = true;
        s.erosion.thermal.enabled = true;
        s.evaporation = 0.001f;
    }
    if (model.starts_with("triangle-")) {
        model = model.substr(9);
        s.lattice = billow::WaterLattice::Triangle;
    }
    if (model == "depth") s.model = billow::WaterModel::DepthPipes;
    else if (model == "momentum") s.model = billow::WaterModel::Momentum;
    else if (model != "pipes") throw std::runtime_error("unknown model " + model + " (pipes, depth, momentum)");
    s.friction = 0.05f;
    s.boundaries[0] = {billow::WaterBoundaryType::WaveMaker, 0.2f, 0.5f, 4.0f};
    s.boundaries[1] = {billow::WaterBoundaryType::Outflow};
    s.nonFiniteCheck = o.health == "off" ? billow::NonFiniteCheck::Off : billow::NonFiniteCheck::Report;
    billow::WaterSolver solver(context, s);
    const size_t cells = size_t(o.size) * o.size;
    std::vector<float> terrain(cells), depth(cells), dye(cells);
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    for (uint32_t j = 0; j < o.size; ++j)
        for (uint32_t i = 0; i < o.size; ++i) {
            const size_t c = i + size_t(j) * o.size;
            terrain[c] = std::sin(0.05f * i) * std::cos(0.04f * j) + 0.1f * unit(rng);
            depth[c] = std::max(0.6f - terrain[c], 0.0f);  // wet and dry land both present
            dye[c] = unit(rng);
        }
    solver.upload(billow::WaterField::Terrain, terrain);
    solver.upload(billow::WaterField::Depth, depth);
    solver.upload(billow::WaterField::Dye, dye);
    solver.setProfiling(true);
    std::vector<double> ms;
    for (uint32_t k = 0; k < o.warmup + o.repeat; ++k) {
        const float dt = 0.95f * static_cast<float>(solver.stableTimeStep());
        if (solver.step(dt) != 1) throw std::runtime_error("expected one substep per step");
        const double t = solver.lastFrameMilliseconds();
        if (k >= o.warmup && t >= 0.0) ms.push_back(t);
    }
    if (ms.empty()) throw std::runtime_error("no timestamps (device without timestamp support?)");
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    // Compulsory traffic of a step (one substep), in floats per cell. Pipe models: the flow pass
    // reads terrain, depth and both flow fields and writes the unscaled flows and the scale (7);
    // the depth pass reads the unscaled flows and the scale, reads/writes depth, writes the scaled
    // flows and the velocity (2) (9); dye reads velocity (2) and depth, reads/writes dye (5): 21.
    // Momentum: instead of the flow pass, the momentum pass reads terrain, depth, both face
    // velocities and both flows and writes both velocities (8), and its flow pass reads depth and
    // both velocities and writes the unscaled flows and the scale (6): 28.
    // Triangle lattice: three edge flows per vertex instead of two, so the flow pass moves 9 floats
    // a vertex and the depth pass 11: 25. Erosion's traffic is not counted (its time is the
    // difference from the case without it).
    const bool triangle = s.lattice == billow::WaterLattice::Triangle;
    const double floatsPerCell = s.model == billow::WaterModel::Momentum ? 28.0 : triangle ? 25.0 : 21.0;
    const double bytes = floatsPerCell * 4.0 * double(cells);
    uint32_t dispatches = 0;
    for (const billow::WaterPassTiming& t : solver.passTimings()) dispatches += t.dispatches;
    std::printf("{\"case\": \"water_step\", \"model\": \"%s\", \"device\": \"%s\", \"size\": %u, \"repeat\": %zu, "
                "\"health\": \"%s\", \"median_ms\": %.4f, \"min_ms\": %.4f, \"max_ms\": %.4f, \"bandwidth_gbs\": %.1f, "
                "\"dispatches_per_step\": %u, \"bytes_per_cell\": %.1f}\n",
                name.c_str(), context->deviceInfo().name.c_str(), o.size, ms.size(), o.health.c_str(), median, ms.front(),
                ms.back(), bytes / (median * 1e-3) * 1e-9, dispatches, double(solver.allocatedBytes()) / double(cells));
}

} // namespace

int main(int argc, char** argv) {
    try {
        const Options o = parse(argc, argv);
        auto context = billow::Context::createStandalone();
        for (const std::string& model : o.models) run(context, o, model);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "water_bench: %s\n", e.what());
        return 1;
    }
}
