// GPU benchmark of the smoke solver. Prints one JSON line per case with the median GPU time per
// step and per pass (Vulkan timestamp queries, after warm-up) and the bandwidth each pass reaches
// counted from the bytes it must read and write at least once ("compulsory traffic").
//
//   billow_bench [--sizes 256,1024,2048,4096] [--repeat 20] [--warmup 5] [--iterations 40]
//              [--solvers jacobi,sor,mg,mgpcg] [--converge-sizes 256,1024] [--max-iterations 32768]
//              [--cycles 2] [--step-tolerance 1e-4] [--max-cycles 16] [--dye-storage fp32|fp16]
//              [--headroom 2]  (SmokeSettings::pressureIterationHeadroom of smoke_step; >= --max-cycles
//              records every cycle every step)
//              [--reflection off|on]   (smoke_step with advection-reflection: docs/accuracy.md)
//              [--interpolation linear|cubic]
//              [--viscosity 0] [--diffusion-solver jacobi|multigrid]   (smoke_step's viscosity, m^2/s,
//              0 skips Diffuse, and its solve: diffusionSolver, docs/accuracy.md "Implicit diffusion")
//              [--incremental-pressure on|off]  (SmokeSettings::incrementalPressure, every case)
//              [--fused-forces on|off]  (smoke_step: SmokeSettings::fuseVelocityForces; on, the default,
//                                        times the fused pass as "vorticity+velocity_forces")
//              [--mass-correction on|off]  (smoke_step: SmokeSettings::massCorrection, default on)
//              [--peer-step off|on]  (smoke_step: exactly the peers' step, ../shared/peers: no velocity
//                                     damping, no mass correction, the Euler back-trace, and the splat only in the warm-up
//                                     steps, so the timed steps inject nothing; pair it with
//                                     --interpolation linear --velocity-advection sl)
//              [--trace-steps off|on]  (smoke_step: one JSON line per step with the iterations, the
//                                       relative residual and max |div u| after the projection)
//              [--velocity-advection sl|mc] [--scalar-advection sl|mc]  (semi-Lagrangian or
//              MacCormack for the velocity, and for the scalars and the dye; default sl for both)
//
// Cases: "smoke_step" (a full step with each solver: Jacobi and SOR at --iterations; Multigrid and
// MultigridPCG stopped on the GPU at --step-tolerance with --max-cycles at most, reporting the
// median iterations and the largest relative residual over the steps; --step-tolerance 0 runs
// --cycles) and "pressure_to_tolerance" (a projection of a random velocity field: Jacobi and SOR
// with 10, 20, 40, ... iterations until the relative residual ||div after|| / ||div before||
// reaches 1e-4 and 1e-6, or --max-iterations; Multigrid and MultigridPCG in one solve each,
// stopped on the GPU at 1e-4 and 1e-6 of the relative residual max|r| / max|rhs| with
// --max-cycles at most, reporting the iterations it took, both residual measures, the time, and
// the time of a fixed count of as many iterations: the cost of stopping on the GPU).
//
// Runs on any Vulkan device (BILLOW_DEVICE picks one); CI runs it on lavapipe at a small size.
#include <algorithm>
#include <cstdio>
#include <cmath>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <billow/billow.hpp>

namespace {

struct Options {
    std::vector<uint32_t> sizes{256, 1024, 2048, 4096};
    uint32_t repeat = 20;
    uint32_t warmup = 5;
    uint32_t iterations = 40;
    uint32_t cycles = 2;  // multigrid V-cycles per step in the smoke_step case with no tolerance
    float stepTolerance = 1e-4f;  // multigrid solvers' tolerance in the smoke_step case
    uint32_t maxCycles = 16;      // most multigrid iterations of a solve stopped at a tolerance
    uint32_t headroom = 2;        // SmokeSettings::pressureIterationHeadroom of smoke_step
    std::vector<std::string> solvers{"jacobi", "sor", "mg", "mgpcg"};
    std::vector<uint32_t> convergeSizes{256, 1024};
    uint32_t maxIterations = 32768;
    billow::DyeStorage dyeStorage = billow::DyeStorage::Float32;  // smoke_step's dye buffer
    bool reflection = false;  // smoke_step's SmokeSettings::advectionReflection
    // smoke_step's advectionInterpolation (linear: bilinear, cubic: MonotoneCubic)
    billow::AdvectionInterpolation interpolation = billow::AdvectionInterpolation::Linear;
    float viscosity = 0.0f;
    billow::DiffusionSolverType diffusionSolver = billow::DiffusionSolverType::Jacobi;
    // smoke_step: after each step, the divergence of the projected velocity (an extra Divergence
    // pass, untimed) and the solve's report, one line per step.
    bool traceSteps = false;
    bool incrementalPressure = true;  // SmokeSettings::incrementalPressure of every case
    bool fusedForces = true;          // SmokeSettings::fuseVelocityForces of smoke_step
    bool massCorrection = true;       // SmokeSettings::massCorrection of smoke_step
    bool peerStep = false;            // smoke_step as the peers compute it (--peer-step)
    billow::AdvectionScheme velocityAdvection = billow::AdvectionScheme::SemiLagrangian;
    billow::AdvectionScheme scalarAdvection = billow::AdvectionScheme::SemiLagrangian;  // and the dye
};

billow::AdvectionScheme parseScheme(const std::string& option, const std::string& v) {
    if (v == "sl") return billow::AdvectionScheme::SemiLagrangian;
    if (v == "mc") return billow::AdvectionScheme::MacCormack;
    throw std::runtime_error(option + ": sl or mc, not " + v);
}

std::vector<uint32_t> parseSizes(const std::string& v) {
    std::vector<uint32_t> out;
    std::stringstream ss(v);
    for (std::string item; std::getline(ss, item, ',');)
        if (!item.empty()) out.push_back(static_cast<uint32_t>(std::stoul(item)));
    return out;
}

billow::PressureSolverType solverType(const std::string& name) {
    if (name == "jacobi") return billow::PressureSolverType::Jacobi;
    if (name == "sor") return billow::PressureSolverType::RedBlackSOR;
    if (name == "mg") return billow::PressureSolverType::Multigrid;
    if (name == "mgpcg") return billow::PressureSolverType::MultigridPCG;
    throw std::runtime_error("unknown solver " + name + " (jacobi, sor, mg, mgpcg)");
}

const char* schemeName(billow::AdvectionScheme scheme) {
    return scheme == billow::AdvectionScheme::MacCormack ? "mc" : "sl";
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
            o.dyeStorage = v == "fp16" ? billow::DyeStorage::Float16 : billow::DyeStorage::Float32;
        }
        else if (a == "--viscosity") o.viscosity = std::stof(v);
        else if (a == "--diffusion-solver") {
            if (v != "jacobi" && v != "multigrid") throw std::runtime_error("--diffusion-solver: jacobi or multigrid, not " + v);
            o.diffusionSolver = v == "multigrid" ? billow::DiffusionSolverType::Multigrid : billow::DiffusionSolverType::Jacobi;
        }
        else if (a == "--interpolation") {
            if (v != "linear" && v != "cubic") throw std::runtime_error("--interpolation: linear or cubic, not " + v);
            o.interpolation = v == "cubic" ? billow::AdvectionInterpolation::MonotoneCubic : billow::AdvectionInterpolation::Linear;
        }
        else if (a == "--step-tolerance") o.stepTolerance = std::stof(v);
        else if (a == "--reflection") {
            if (v != "off" && v != "on") throw std::runtime_error("--reflection: off or on, not " + v);
            o.reflection = v == "on";
        }
        else if (a == "--trace-steps") {
            if (v != "off" && v != "on") throw std::runtime_error("--trace-steps: off or on, not " + v);
            o.traceSteps = v == "on";
        }
        else if (a == "--peer-step") {
            if (v != "off" && v != "on") throw std::runtime_error("--peer-step: off or on, not " + v);
            o.peerStep = v == "on";
        }
        else if (a == "--mass-correction") {
            if (v != "off" && v != "on") throw std::runtime_error("--mass-correction: off or on, not " + v);
            o.massCorrection = v == "on";
        }
        else if (a == "--fused-forces") {
            if (v != "off" && v != "on") throw std::runtime_error("--fused-forces: off or on, not " + v);
            o.fusedForces = v == "on";
        }
        else if (a == "--incremental-pressure") {
            if (v != "off" && v != "on") throw std::runtime_error("--incremental-pressure: off or on, not " + v);
            o.incrementalPressure = v == "on";
        }
        else if (a == "--velocity-advection") o.velocityAdvection = parseScheme(a, v);
        else if (a == "--scalar-advection") o.scalarAdvection = parseScheme(a, v);
        else if (a == "--max-cycles") o.maxCycles = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--headroom") o.headroom = static_cast<uint32_t>(std::stoul(v));
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
// `fused`: the step fuses the velocity forces (its Vorticity pass is the curl and one pass that
// reads u, v, density, temperature, the curl and the open fractions and writes u, v; its Damping
// pass damps only the scalars and dye, none in this bench).
double passBytes(billow::SmokePass pass, double n, uint32_t iterations, double dyeBytes, bool fused) {
    const double cells = n * n, faces = 2.0 * n * (n + 1), f = 4.0;
    if (fused && (pass == billow::SmokePass::Buoyancy || pass == billow::SmokePass::Damping)) return 0.0;
    if (fused && pass == billow::SmokePass::Vorticity) return f * (faces * 2 + cells + faces * 5 + cells * 3);
    switch (pass) {
    // The bench's gravity is vertical, and buoyancy skips the faces without a gravity component:
    // v read + written + its open fraction, density and temperature.
    case billow::SmokePass::Buoyancy: return f * (faces / 2 * 3 + cells * 2);
    case billow::SmokePass::Vorticity: return f * (faces * 2 + cells + faces * 3 + cells); // curl, then force
    case billow::SmokePass::Advect: return f * (faces * 3 + cells * 5) + cells * dyeBytes * 2;  // velocity, scalars, dye
    case billow::SmokePass::Damping: return f * faces * 3;
    case billow::SmokePass::Divergence: return f * (faces * 2 + cells * 2);
    // Jacobi runs up to 8 sweeps per dispatch in shared memory (BILLOW_JACOBI_SWEEPS): each dispatch
    // moves p in/out, the open fractions and the divergence once.
    case billow::SmokePass::PressureSolve: return ((iterations + 7) / 8) * f * (cells * 2 + faces + cells);
    case billow::SmokePass::SubtractGradient: return f * (faces * 3 + cells);
    default: return 0.0;
    }
}

double maxAbs(const std::vector<float>& v) {
    double m = 0.0;
    for (float x : v) m = std::max(m, double(std::fabs(x)));
    return m;
}

double l2(const std::vector<float>& v) {
    double sum = 0.0;
    for (float x : v) sum += double(x) * x;
    return std::sqrt(sum);
}

// The random projection problem of the pressure_to_tolerance case: an n x n box with an outflow
// top and a circular obstacle, velocities in [-1, 1] m/s.
struct ProjectionProblem {
    billow::SmokeSettings settings;
    std::vector<float> u, v;
};

ProjectionProblem projectionProblem(billow::PressureSolverType solver, uint32_t n, bool incrementalPressure) {
    ProjectionProblem p;
    billow::SmokeSettings& s = p.settings;
    s.incrementalPressure = incrementalPressure;
    s.nx = n;
    s.ny = n;
    s.cellSize = 1.0f / static_cast<float>(n);
    s.pressureSolver = solver;
    s.sorRelaxation = 2.0f / (1.0f + std::sin(3.14159265f / static_cast<float>(n)));  // optimal for a square
    s.boundaries[static_cast<int>(billow::Side::Top)].type = billow::BoundaryType::Outflow;
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    p.u.resize(size_t(n + 1) * n);
    p.v.resize(size_t(n) * (n + 1));
    for (float& x : p.u) x = d(rng);
    for (float& x : p.v) x = d(rng);
    return p;
}

// Multigrid and MultigridPCG: one solve per tolerance from p = 0, stopped on the GPU.
void convergenceStopped(const billow::Context& info, std::shared_ptr<billow::Context> context, const std::string& solverName,
                        uint32_t n, uint32_t maxCycles, bool incrementalPressure) {
    ProjectionProblem problem = projectionProblem(solverType(solverName), n, incrementalPressure);
    billow::SmokeSettings& s = problem.settings;
    s.pressureIterations = maxCycles;
    s.pressureTolerance = 1e-4f;
    billow::SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(0.5f, 0.5f, 0.1f);
    smoke.setProfiling(true);
    const std::vector<float> zero(smoke.fieldSize(billow::SmokeField::Pressure), 0.0f);
    const float dt = 1.0f / 60.0f;
    for (float tolerance : {1e-4f, 1e-6f}) {
        s.pressureTolerance = tolerance;
        smoke.updateSettings(s);
        // Twice: the first solve also creates descriptor sets and buffers; the second is timed.
        double ms = 0.0, before = 0.0;
        for (int run = 0; run < 2; ++run) {
            smoke.upload(billow::SmokeField::VelocityX, problem.u);
            smoke.upload(billow::SmokeField::VelocityY, problem.v);
            smoke.upload(billow::SmokeField::Pressure, zero);
            smoke.stepPass(billow::SmokePass::SubtractGradient, dt);  // prescribed velocity on closed faces
            smoke.stepPass(billow::SmokePass::Divergence, dt);
            before = l2(smoke.download(billow::SmokeField::Divergence));
            smoke.stepPass(billow::SmokePass::PressureSolve, dt);
            for (const billow::SmokePassTiming& t : smoke.passTimings())
                if (t.pass == billow::SmokePass::PressureSolve) ms = t.milliseconds;
        }
        const billow::PressureResidual r = smoke.pressureResidual();
        smoke.stepPass(billow::SmokePass::SubtractGradient, dt);
        smoke.stepPass(billow::SmokePass::Divergence, dt);
        const double divergenceRatio = l2(smoke.download(billow::SmokeField::Divergence)) / before;
        // The cost of stopping on the GPU: the same number of iterations as a fixed count (no
        // residual measurements, checks or indirect dispatches), timed the same way.
        billow::SmokeSettings fixed = s;
        fixed.pressureTolerance = 0.0f;
        fixed.pressureIterations = r.iterations;
        smoke.updateSettings(fixed);
        double fixedMs = 0.0;
        for (int run = 0; run < 2; ++run) {
            smoke.upload(billow::SmokeField::Pressure, zero);
            smoke.stepPass(billow::SmokePass::PressureSolve, dt);
            for (const billow::SmokePassTiming& t : smoke.passTimings())
                if (t.pass == billow::SmokePass::PressureSolve) fixedMs = t.milliseconds;
        }
        std::printf("{\"case\":\"pressure_to_tolerance\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"tolerance\":%g,"
                    "\"reached\":%s,\"stalled\":%s,\"iterations\":%u,\"relative_residual\":%.3g,"
                    "\"divergence_ratio\":%.3g,\"ms\":%.4f,\"fixed_count_ms\":%.4f,\"device\":\"%s\"}\n",
                    n, n, solverName.c_str(), tolerance, r.reachedTolerance ? "true" : "false", r.stalled ? "true" : "false",
                    r.iterations, r.relative,
                    divergenceRatio, ms, fixedMs, info.deviceInfo().name.c_str());
        std::fflush(stdout);
    }
}

// Projects the same random velocity field with 10, 20, 40, ... pressure iterations (from p = 0)
// and reports the first count that reaches each relative residual ||div after|| / ||div before||.
void convergence(const billow::Context& info, std::shared_ptr<billow::Context> context, const std::string& solverName,
                 uint32_t n, uint32_t maxIterations) {
    ProjectionProblem problem = projectionProblem(solverType(solverName), n, false);  // Jacobi, SOR: whole pressure
    billow::SmokeSettings& s = problem.settings;
    billow::SmokeSolver smoke(context, s);
    smoke.addCircleObstacle(0.5f, 0.5f, 0.1f);
    smoke.setProfiling(true);
    const std::vector<float>& u = problem.u;
    const std::vector<float>& v = problem.v;
    const std::vector<float> zero(smoke.fieldSize(billow::SmokeField::Pressure), 0.0f);
    const float dt = 1.0f / 60.0f;
    const double targets[] = {1e-4, 1e-6};
    size_t next = 0;
    for (uint32_t iterations = 10; iterations <= maxIterations && next < 2; iterations *= 2) {
        s.pressureIterations = iterations;
        smoke.updateSettings(s);
        smoke.upload(billow::SmokeField::VelocityX, u);
        smoke.upload(billow::SmokeField::VelocityY, v);
        smoke.upload(billow::SmokeField::Pressure, zero);
        smoke.stepPass(billow::SmokePass::SubtractGradient, dt);  // prescribed velocity on closed faces
        smoke.stepPass(billow::SmokePass::Divergence, dt);
        const double before = l2(smoke.download(billow::SmokeField::Divergence));
        smoke.stepPass(billow::SmokePass::PressureSolve, dt);
        double ms = 0.0;
        for (const billow::SmokePassTiming& t : smoke.passTimings())
            if (t.pass == billow::SmokePass::PressureSolve) ms = t.milliseconds;
        smoke.stepPass(billow::SmokePass::SubtractGradient, dt);
        smoke.stepPass(billow::SmokePass::Divergence, dt);
        const double residual = l2(smoke.download(billow::SmokeField::Divergence)) / before;
        while (next < 2 && residual <= targets[next]) {
            std::printf("{\"case\":\"pressure_to_tolerance\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"tolerance\":%g,"
                        "\"iterations\":%u,\"relative_residual\":%.3g,\"ms\":%.4f,\"device\":\"%s\"}\n",
                        n, n, solverName.c_str(), targets[next], iterations, residual, ms, info.deviceInfo().name.c_str());
            ++next;
        }
        if (iterations * 2 > maxIterations && next < 2)
            std::printf("{\"case\":\"pressure_to_tolerance\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"tolerance\":%g,"
                        "\"reached\":false,\"iterations\":%u,\"relative_residual\":%.3g,\"ms\":%.4f,\"device\":\"%s\"}\n",
                        n, n, solverName.c_str(), targets[next], iterations, residual, ms, info.deviceInfo().name.c_str());
        std::fflush(stdout);
    }
}

// One line per step of the smoke_step case: the solve's report and the divergence the projection
// left, max |div u| (1/s) and relative to the velocity's own scale max |u| / h (float32 cannot
// resolve much below ~1e-6 of that).
void traceStep(billow::SmokeSolver& smoke, const std::string& solverName, uint32_t n, uint32_t step, double stepMs) {
    const billow::PressureResidual pr = smoke.pressureResidual();
    smoke.stepPass(billow::SmokePass::Divergence, 1.0f / 60.0f);
    const double divergence = maxAbs(smoke.download(billow::SmokeField::Divergence));
    const double speed = std::max(maxAbs(smoke.download(billow::SmokeField::VelocityX)),
                                  maxAbs(smoke.download(billow::SmokeField::VelocityY)));
    const double h = 1.0 / double(n);
    std::printf("{\"case\":\"smoke_step_trace\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"step\":%u,\"iterations\":%u,"
                "\"relative_residual\":%.3g,\"reached\":%s,\"stalled\":%s,\"max_div\":%.4g,\"max_speed\":%.4g,"
                "\"max_div_h_over_speed\":%.3g,\"ms\":%.4f}\n",
                n, n, solverName.c_str(), step, pr.iterations, pr.relative, pr.reachedTolerance ? "true" : "false",
                pr.stalled ? "true" : "false", divergence, speed, speed > 0.0 ? divergence * h / speed : 0.0, stepMs);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    // A software device (lavapipe) may take more than the default 10 s over one 1024^2 step.
    billow::StandaloneSettings standalone;
    standalone.waitTimeoutSeconds = 600.0f;
    auto context = billow::Context::createStandalone(standalone);
    const billow::DeviceInfo& device = context->deviceInfo();
    if (!context->supportsTimestamps()) throw std::runtime_error("device has no timestamp support");

    for (const std::string& solverName : o.solvers)
    for (uint32_t n : o.sizes) {
        billow::SmokeSettings s;
        s.pressureSolver = solverType(solverName);
        s.sorRelaxation = 1.9f;
        s.nx = n;
        s.ny = n;
        s.cellSize = 1.0f / static_cast<float>(n);
        s.vorticity = 0.2f;
        s.thermalExpansion = 0.02f;
        s.velocityDamping = 0.05f;
        s.dyeStorage = o.dyeStorage;
        s.advectionReflection = o.reflection;
        s.advectionInterpolation = o.interpolation;
        s.viscosity = o.viscosity;
        s.diffusionSolver = o.diffusionSolver;
        s.incrementalPressure = o.incrementalPressure;
        s.fuseVelocityForces = o.fusedForces;
        s.massCorrection = o.massCorrection;
        if (o.peerStep) {
            s.velocityDamping = 0.0f;
            s.massCorrection = false;
            s.backTrace = billow::BackTrace::Euler;
        }
        s.velocityAdvection = o.velocityAdvection;
        s.scalarAdvection = o.scalarAdvection;
        s.dyeAdvection = o.scalarAdvection;
        const bool multigrid = billow::solvesToTolerance(s.pressureSolver);
        const uint32_t iterations = multigrid ? (o.stepTolerance > 0.0f ? o.maxCycles : o.cycles) : o.iterations;
        s.pressureIterations = iterations;
        if (multigrid) s.pressureTolerance = o.stepTolerance;
        s.pressureIterationHeadroom = o.headroom;
        billow::SmokeSolver smoke(context, s);
        smoke.setProfiling(true);

        std::vector<double> stepMs, stepIterations;
        double worstRelative = 0.0;
        uint32_t stalledSteps = 0;
        std::map<billow::SmokePass, std::vector<double>> passMs;
        std::map<billow::SmokePass, uint32_t> passDispatches;
        for (uint32_t r = 0; r < o.warmup + o.repeat; ++r) {
            billow::Splat splat;
            splat.x = 0.5f;
            splat.y = 0.2f;
            splat.radius = 0.05f;
            splat.temperature = 5.0f;
            splat.velocity = {0.0f, 1.0f};
            splat.dye = {1.0f, 0.5f, 0.2f, 1.0f};
            if (!o.peerStep || r < o.warmup) smoke.addSplat(splat);  // the peers' step has no source
            smoke.step(1.0f / 60.0f);
            if (r < o.warmup) continue;
            double total = 0.0;
            for (const billow::SmokePassTiming& t : smoke.passTimings()) {
                passMs[t.pass].push_back(t.milliseconds);
                passDispatches[t.pass] = t.dispatches;
                total += t.milliseconds;
            }
            stepMs.push_back(total);
            if (multigrid && o.stepTolerance > 0.0f) {
                const billow::PressureResidual pr = smoke.pressureResidual();
                stepIterations.push_back(pr.iterations);
                worstRelative = std::max(worstRelative, double(pr.relative));
                stalledSteps += pr.stalled ? 1 : 0;
            }
            if (o.traceSteps) traceStep(smoke, solverName, n, r, total);
        }

        std::printf("{\"case\":\"smoke_step\",\"grid\":\"%ux%u\",\"solver\":\"%s\",\"incremental_pressure\":%s,"
                    "\"fused_forces\":%s,\"mass_correction\":%s,\"peer_step\":%s,",
                    n, n, solverName.c_str(), o.incrementalPressure && multigrid ? "true" : "false",
                    o.fusedForces ? "true" : "false", o.massCorrection && !o.peerStep ? "true" : "false",
                    o.peerStep ? "true" : "false");
        if (stepIterations.empty()) std::printf("\"iterations\":%u,", iterations);
        else
            std::printf("\"tolerance\":%g,\"max_iterations\":%u,\"median_iterations\":%g,\"max_relative_residual\":%.3g,"
                        "\"stalled_steps\":%u,\"headroom\":%u,",
                        o.stepTolerance, iterations, median(stepIterations), worstRelative, stalledSteps,
                        s.pressureIterationHeadroom);
        std::printf("\"velocity_advection\":\"%s\",\"scalar_advection\":\"%s\",",
                    schemeName(o.velocityAdvection), schemeName(o.scalarAdvection));
        uint32_t stepDispatches = 0;
        for (const auto& [pass, count] : passDispatches) stepDispatches += count;
        std::printf("\"dispatches_per_step\":%u,\"bytes_per_cell\":%.1f,", stepDispatches,
                    double(smoke.allocatedBytes()) / (double(n) * n));
        std::printf("\"dye\":\"%s\",\"reflection\":%s,\"interpolation\":\"%s\",\"median_ms_per_step\":%.4f,\"passes\":{",
                    o.dyeStorage == billow::DyeStorage::Float16 ? "fp16" : "fp32", o.reflection ? "true" : "false",
                    o.interpolation == billow::AdvectionInterpolation::MonotoneCubic ? "cubic" : "linear", median(stepMs));
        bool first = true;
        const double dyeBytes = o.dyeStorage == billow::DyeStorage::Float16 ? 8.0 : 16.0;
        for (auto& [pass, samples] : passMs) {
            double ms = median(samples);
            double bytes = multigrid && pass == billow::SmokePass::PressureSolve ? 0.0 : passBytes(pass, n, o.iterations, dyeBytes, o.fusedForces);
            // SOR: two dispatches per iteration (one per colour), each reading the whole stencil.
            if (pass == billow::SmokePass::PressureSolve && solverName == "sor")
                bytes = 2.0 * o.iterations * 4.0 * (n * n * 2 + 2.0 * n * (n + 1) + n * n);
            const bool fusedPass = o.fusedForces && pass == billow::SmokePass::Vorticity;
            std::printf("%s\"%s%s\":{\"ms\":%.4f,\"dispatches\":%u", first ? "" : ",", billow::passName(pass),
                        fusedPass ? "+velocity_forces" : "", ms, passDispatches[pass]);
            if (bytes > 0.0 && ms > 0.0) std::printf(",\"GBps\":%.1f", bytes / (ms * 1e-3) / 1e9);
            std::printf("}");
            first = false;
        }
        std::printf("},\"device\":\"%s\",\"driver\":%u,\"api\":\"%u.%u\"}\n", device.name.c_str(), device.driverVersion,
                    VK_API_VERSION_MAJOR(device.apiVersion), VK_API_VERSION_MINOR(device.apiVersion));
        std::fflush(stdout);
    }
    for (const std::string& solverName : o.solvers)
        for (uint32_t n : o.convergeSizes)
            if (billow::solvesToTolerance(solverType(solverName))) convergenceStopped(*context, context, solverName, n, o.maxCycles, o.incrementalPressure);
            else convergence(*context, context, solverName, n, o.maxIterations);
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "billow_bench: %s\n", e.what());
    return 1;
}
