// GPU benchmark of the pressure component on a 3D grid (PoissonSolver with the 7-point MacStencil) on its own:
// n^3 cells of the unit cube, every inner face open, closed sides or an outflow top, a random
// right-hand side (summing to 0 where singular), each solve from p = 0. Per size, sides and method
// it prints one JSON line: the median GPU time of the solve (Vulkan timestamps) over `repeat`
// solves after `warmup`, and the iterations the last one ran. Never asserted.
//
//   poisson3d_bench --sizes 64,128,256 --repeat 20 --warmup 3 [--interior-open on|off]
//                   [--open-prolong on|off] [--restrict-quads on|off] [--residual-quads on|off]
//
// --interior-open (default on): the solver is promised that every face between two cells is open
// (PoissonSolver::setInteriorOpen, as the smoke solver promises for a box without obstacles), so
// its kernels read the weights of the grid's sides only; off: every weight is read.
// --open-prolong (default on): the prolongation between levels without obstacles reads only the
// coarse sides' weights (pressure3d/mg_prolong.comp's kInteriorOpen variant); off: every cell's.
// --restrict-quads (default on): the restriction from such a level of whole quads takes four fine
// cells a thread (pressure3d/mg_restrict_quads.comp); off: eight a coarse cell.
// --residual-quads (default on): the residual of such a level measured four cells a thread
// (pressure3d/residual_quads.comp); off: one.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "billow/context.hpp"
#include "core/context_state.hpp"
#include "core/gpu_timer.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/poisson_solver.hpp"
#include "pressure/mac_stencil.hpp"

using namespace billow;

namespace {

struct Options {
    std::vector<uint32_t> sizes{64, 128};
    int repeat = 10, warmup = 2;
    bool interiorOpen = true;
};

// An on|off option's value; anything else ends the program with a message naming the option.
bool onOrOff(const std::string& key, const std::string& value) {
    if (value != "on" && value != "off") {
        std::fprintf(stderr, "%s: on or off, not %s\n", key.c_str(), value.c_str());
        std::exit(2);
    }
    return value == "on";
}

Options parse(int argc, char** argv) {
    Options o;
    for (int a = 1; a + 1 < argc; a += 2) {
        const std::string key = argv[a], value = argv[a + 1];
        if (key == "--sizes") {
            o.sizes.clear();
            for (size_t p = 0; p < value.size();) {
                const size_t comma = value.find(',', p);
                o.sizes.push_back(uint32_t(std::stoul(value.substr(p, comma - p))));
                p = comma == std::string::npos ? value.size() : comma + 1;
            }
        } else if (key == "--repeat") o.repeat = std::stoi(value);
        else if (key == "--warmup") o.warmup = std::stoi(value);
        else if (key == "--jacobi-smoothing") detail::setMultigridJacobiSmoothingForTesting(uint32_t(std::stoul(value)));
        else if (key == "--open-prolong") detail::setOpenProlongationForTesting(onOrOff(key, value));
        else if (key == "--restrict-quads") detail::setRestrictionInQuadsForTesting(onOrOff(key, value));
        else if (key == "--residual-quads") detail::setResidualInQuadsForTesting(onOrOff(key, value));
        else if (key == "--interior-open") o.interiorOpen = onOrOff(key, value);
        else {
            std::fprintf(stderr, "unknown option %s\n", key.c_str());
            std::exit(2);
        }
    }
    return o;
}

struct Method {
    const char* name;
    PressureSolverType type;
    uint32_t iterations;
    float tolerance;
};

void run(detail::ContextState& cs, uint32_t n, bool outflowTop, const Options& o) {
    const detail::GridShape shape{n, n, n};
    detail::PoissonSides sides{};
    if (outflowTop) sides[3] = detail::PoissonBoundary::Outflow;
    // Face weights: 1 inside, 0 on closed sides (outflow faces stay open).
    std::array<detail::GpuBuffer, 3> open;
    for (int axis = 0; axis < 3; ++axis) {
        std::vector<float> w(shape.faces(axis), 1.0f);
        const uint32_t m[3] = {n + (axis == 0), n + (axis == 1), n + (axis == 2)};
        for (uint32_t k = 0; k < m[2]; ++k)
            for (uint32_t j = 0; j < m[1]; ++j)
                for (uint32_t i = 0; i < m[0]; ++i) {
                    const uint32_t index[3] = {i, j, k};
                    const bool low = index[axis] == 0, high = index[axis] == n;
                    const bool outflow = outflowTop && axis == 1 && high;
                    if ((low || high) && !outflow) w[i + m[0] * (j + size_t(m[1]) * k)] = 0.0f;
                }
        open[axis] = detail::fieldBuffer(cs, w.size());
        detail::uploadBytes(cs, open[axis].handle(), std::as_bytes(std::span(w)));
    }
    std::mt19937 rng(1);
    std::uniform_real_distribution<float> value(-1.0f, 1.0f);
    std::vector<float> rhs(shape.cells());
    double sum = 0.0;
    for (float& r : rhs) sum += (r = value(rng));
    if (!outflowTop)
        for (float& r : rhs) r -= float(sum / double(rhs.size()));
    detail::GpuBuffer rhsBuffer = detail::fieldBuffer(cs, rhs.size());
    detail::uploadBytes(cs, rhsBuffer.handle(), std::as_bytes(std::span(rhs)));
    detail::PingPong pressure;
    for (int c = 0; c < 2; ++c) pressure.copies[c] = detail::fieldBuffer(cs, shape.cells());

    detail::PoissonSystem system;
    system.shape = shape;
    system.cellSize = 1.0f / float(n);
    system.sides = sides;
    system.weights = {open[0].handle(), open[1].handle(), open[2].handle()};
    system.unknown = &pressure;
    system.rhs = rhsBuffer.handle();
    detail::PoissonSolver solver(cs, system, detail::makeMacStencil(3, cs.workgroups));
    cs.submitAndWait([&](VkCommandBuffer cmd) { solver.recordCoarsenWeights(cmd); });
    solver.setInteriorOpen(o.interiorOpen);

    detail::GpuTimer timer(cs, 1);
    timer.setEnabled(true);
    const std::vector<float> zero(shape.cells(), 0.0f);
    const Method methods[] = {
        {"jacobi x40", PressureSolverType::Jacobi, 40, 0.0f},
        {"sor x10", PressureSolverType::RedBlackSOR, 10, 0.0f},
        {"mg x1", PressureSolverType::Multigrid, 1, 0.0f},
        {"mg x4", PressureSolverType::Multigrid, 4, 0.0f},
        {"mg to 1e-4", PressureSolverType::Multigrid, 20, 1e-4f},
        {"mgpcg x1", PressureSolverType::MultigridPCG, 1, 0.0f},
        {"mgpcg to 1e-4", PressureSolverType::MultigridPCG, 20, 1e-4f},
        {"spectral x1", PressureSolverType::Spectral, 1, 0.0f},
        {"spectral to 1e-4", PressureSolverType::Spectral, 20, 1e-4f},
    };
    for (const Method& m : methods) {
        detail::PoissonSolveSettings s;
        s.method = m.type;
        s.iterations = m.iterations;
        s.tolerance = m.tolerance;
        s.sorRelaxation = 1.0f;
        std::vector<double> times;
        for (int r = 0; r < o.warmup + o.repeat; ++r) {
            detail::uploadBytes(cs, pressure.now(), std::as_bytes(std::span(zero)));
            cs.submitAndWait([&](VkCommandBuffer cmd) {
                timer.begin(cmd, 0);
                solver.recordSolve(cmd, s, 1.0f / float(n * n));
                timer.end(cmd, 0);
            });
            if (r >= o.warmup) times.push_back(timer.milliseconds(0).value_or(-1.0));
        }
        std::sort(times.begin(), times.end());
        const PressureResidual report = solver.residual();
        std::printf("{\"n\": %u, \"sides\": \"%s\", \"interior_open\": %s, \"method\": \"%s\", \"ms\": %.4f, "
                    "\"iterations\": %u, \"relative\": %.3g}\n",
                    n, outflowTop ? "outflow top" : "closed", o.interiorOpen ? "true" : "false", m.name, times[times.size() / 2],
                    m.tolerance > 0.0f ? report.iterations : m.iterations, m.tolerance > 0.0f ? report.relative : 0.0);
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    auto context = Context::createStandalone();
    for (uint32_t n : o.sizes)
        for (bool outflowTop : {false, true}) run(context->state(), n, outflowTop, o);
    return 0;
}
