// GPU benchmark of the 3D smoke and fire solver. Prints one JSON line per case with the median GPU
// time per step and per pass (Vulkan timestamp queries, after warm-up) and the bandwidth each
// pass reaches counted from the bytes it must read and write at least once ("compulsory
// traffic"). The step is the one the PyTorch peer (torch_fluid3d.py) times, plus what a game uses:
// MacCormack velocity advection, vorticity confinement, buoyancy, a hot emitter; combustion off
// and on (a fuel emitter that ignites).
//
//   smoke3d_bench [--sizes 64,128,256] [--repeat 20] [--warmup 5] [--iterations 40] [--cycles 2]
//                 [--solvers jacobi,mg] [--combustion off,on] [--interpolation linear,cubic] [--flow-storage f32|f16]
//                 [--reflection off|on] [--velocity-advection mc|sl] [--scalar-advection sl|mc]
//                 [--step-tolerance 0] [--max-cycles 16] [--incremental-pressure on|off]
//                 [--headroom 2]  (SmokeSettings3D::pressureIterationHeadroom; >= --max-cycles records
//                                  every cycle every step)
//                 [--open-prolong on|off]  (the prolongation between levels without obstacles reads
//                                           only the coarse sides' weights; off: every cell's)
//                 [--restrict-quads on|off]  (the restriction from a level of whole quads without
//                                             obstacles four fine cells a thread; off: eight a coarse cell)
//                 [--residual-quads on|off]  (the gate's residual of such a level four cells a thread)
//                 [--jacobi-smoothing N]  (the V-cycle smooths every level with N damped Jacobi sweeps,
//                                          0 with two red-black iterations; unset, the stencil picks
//                                          per level: four sweeps on levels of whole quads)
//                 [--sweep-column N]  (cells, or quads, along z a thread of the 3D sweeps relaxes; 0:
//                                      by the grid's size)
//                 [--spectral-fold on|off]  (the spectral solve's transforms fold on axes of alike
//                                            sides, at half the multiply-adds; off: full products)
//                 [--trace-steps off|on] [--viscosity 0] [--diffusion-solver jacobi|multigrid]
//                 [--mass-correction on|off]  (SmokeSettings3D::massCorrection, default on)
//                 [--peer-step off|on]  (exactly the peers' step, ../shared/peers: no velocity damping,
//                                        temperature relaxation or mass correction, the Euler
//                                        back-trace, and the emitter
//                                        only in the warm-up steps; pair it with --interpolation
//                                        linear --velocity-advection sl --combustion off --health off)
//                 [--fused-forces on|off]  (SmokeSettings3D::fuseVelocityForces, default on: the fused
//                                           pass is timed as "vorticity+velocity_forces")
// (semi-Lagrangian or MacCormack for the velocity, default mc, and for the scalars and colour,
// default sl)
// (--step-tolerance > 0: multigrid solvers stop on the GPU at that relative residual, at most
// --max-cycles; --incremental-pressure: SmokeSettings3D::incrementalPressure; --trace-steps on:
// one JSON line per timed step with the iterations, the relative residual and max |div u| after
// the projection, from an extra untimed Divergence pass; with a tolerance the smoke3d_step line
// gives the median iterations per step, the largest relative residual and the stalled steps)
// (--viscosity nu, m^2/s: viscosity and scalarDiffusion of the step, 0 skips Diffuse; its solve:
// diffusionSolver, docs/accuracy.md "Implicit diffusion")
// (--reflection on: SmokeSettings3D::advectionReflection, docs/accuracy.md)
//
// Runs on any Vulkan device (BILLOW_DEVICE picks one); CI runs it on lavapipe at a small size.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <billow/billow.hpp>

// The multigrid's switches measured both ways (--open-prolong, --restrict-quads, --residual-quads)
// and the experiments' settings (--sweep-column, --jacobi-smoothing).
#include "pressure/mac_stencil.hpp"
#include "pressure/spectral_solve.hpp"

namespace {

struct Options {
    std::vector<uint32_t> sizes{64, 128, 256};
    uint32_t repeat = 20;
    uint32_t warmup = 5;
    uint32_t iterations = 40;  // Jacobi sweeps
    uint32_t cycles = 2;       // multigrid V-cycles
    std::vector<std::string> solvers{"jacobi", "mg"};
    std::vector<std::string> combustion{"off", "on"};
    billow::FlowStorage flowStorage = billow::FlowStorage::Float32;
    bool reflection = false;
    float stepTolerance = 0.0f;  // multigrid solvers: SmokeSettings3D::pressureTolerance
    uint32_t maxCycles = 16;     // most V-cycles (CG iterations) of a solve stopped at the tolerance
    uint32_t headroom = 2;       // SmokeSettings3D::pressureIterationHeadroom
    bool incrementalPressure = true;
    bool fusedForces = true;
    bool massCorrection = true;  // SmokeSettings3D::massCorrection
    bool peerStep = false;       // the peers' step (--peer-step)
    bool traceSteps = false;
    std::vector<std::string> interpolation{"linear"};
    billow::AdvectionScheme velocityAdvection = billow::AdvectionScheme::MacCormack;
    billow::AdvectionScheme scalarAdvection = billow::AdvectionScheme::SemiLagrangian;  // and the colour  // advectionInterpolation: linear, cubic (MonotoneCubic)
    // The non-finite scan after each step (SmokeSettings3D::nonFiniteCheck): "report" (the
    // default setting) or "off"; its cost is the difference of wall_ms_per_step between the two.
    std::vector<std::string> health{"report"};
    float viscosity = 0.0f;
    billow::DiffusionSolverType diffusionSolver = billow::DiffusionSolverType::Jacobi;
};

std::vector<std::string> parseList(const std::string& v) {
    std::vector<std::string> out;
    std::stringstream ss(v);
    for (std::string item; std::getline(ss, item, ',');)
        if (!item.empty()) out.push_back(item);
    return out;
}

billow::AdvectionScheme parseScheme(const std::string& option, const std::string& v) {
    if (v == "sl") return billow::AdvectionScheme::SemiLagrangian;
    if (v == "mc") return billow::AdvectionScheme::MacCormack;
    throw std::runtime_error(option + ": sl or mc, not " + v);
}

Options parse(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        const std::string a = argv[k];
        if (k + 1 >= argc) throw std::runtime_error(a + " needs a value");
        const std::string v = argv[++k];
        if (a == "--sizes") {
            o.sizes.clear();
            for (const std::string& s : parseList(v)) o.sizes.push_back(static_cast<uint32_t>(std::stoul(s)));
        } else if (a == "--repeat") o.repeat = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--warmup") o.warmup = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--iterations") o.iterations = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--cycles") o.cycles = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--solvers") o.solvers = parseList(v);
        else if (a == "--combustion") o.combustion = parseList(v);
        else if (a == "--flow-storage") {
            if (v != "f32" && v != "f16") throw std::runtime_error("--flow-storage: f32 or f16, not " + v);
            o.flowStorage = v == "f16" ? billow::FlowStorage::Float16 : billow::FlowStorage::Float32;
        }
        else if (a == "--reflection") {
            if (v != "off" && v != "on") throw std::runtime_error("--reflection: off or on, not " + v);
            o.reflection = v == "on";
        }
        else if (a == "--interpolation") o.interpolation = parseList(v);
        else if (a == "--step-tolerance") o.stepTolerance = std::stof(v);
        else if (a == "--max-cycles") o.maxCycles = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--headroom") o.headroom = static_cast<uint32_t>(std::stoul(v));
        else if (a == "--open-prolong") {
            if (v != "off" && v != "on") throw std::runtime_error("--open-prolong: off or on, not " + v);
            billow::detail::setOpenProlongationForTesting(v == "on");
        } else if (a == "--restrict-quads") {
            if (v != "off" && v != "on") throw std::runtime_error("--restrict-quads: off or on, not " + v);
            billow::detail::setRestrictionInQuadsForTesting(v == "on");
        } else if (a == "--jacobi-smoothing") {
            billow::detail::setMultigridJacobiSmoothingForTesting(static_cast<uint32_t>(std::stoul(v)));
        } else if (a == "--spectral-fold") {
            if (v != "on" && v != "off") throw std::runtime_error("--spectral-fold: on or off, not " + v);
            billow::detail::setSpectralFoldingForTesting(v == "on");
        } else if (a == "--sweep-column") {
            billow::detail::setJacobiColumnForTesting(static_cast<uint32_t>(std::stoul(v)));
        } else if (a == "--residual-quads") {
            if (v != "off" && v != "on") throw std::runtime_error("--residual-quads: off or on, not " + v);
            billow::detail::setResidualInQuadsForTesting(v == "on");
        }
        else if (a == "--incremental-pressure" || a == "--trace-steps" || a == "--fused-forces" || a == "--mass-correction" ||
                 a == "--peer-step") {
            if (v != "off" && v != "on") throw std::runtime_error(a + ": off or on, not " + v);
            (a == "--trace-steps"       ? o.traceSteps
             : a == "--fused-forces"    ? o.fusedForces
             : a == "--mass-correction" ? o.massCorrection
             : a == "--peer-step"       ? o.peerStep
                                        : o.incrementalPressure) = v == "on";
        }
        else if (a == "--velocity-advection") o.velocityAdvection = parseScheme(a, v);
        else if (a == "--scalar-advection") o.scalarAdvection = parseScheme(a, v);
        else if (a == "--health") o.health = parseList(v);
        else if (a == "--viscosity") o.viscosity = std::stof(v);
        else if (a == "--diffusion-solver") {
            if (v != "jacobi" && v != "multigrid") throw std::runtime_error("--diffusion-solver: jacobi or multigrid, not " + v);
            o.diffusionSolver = v == "multigrid" ? billow::DiffusionSolverType::Multigrid : billow::DiffusionSolverType::Jacobi;
        }
        else throw std::runtime_error("unknown option " + a);
    }
    return o;
}

billow::PressureSolverType solverType(const std::string& name) {
    if (name == "jacobi") return billow::PressureSolverType::Jacobi;
    if (name == "sor") return billow::PressureSolverType::RedBlackSOR;
    if (name == "mg") return billow::PressureSolverType::Multigrid;
    if (name == "mgpcg") return billow::PressureSolverType::MultigridPCG;
    if (name == "spectral") return billow::PressureSolverType::Spectral;
    throw std::runtime_error("unknown solver " + name + " (jacobi, sor, mg, mgpcg, spectral)");
}

double median(std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Compulsory bytes of a pass on an n^3 grid, 4-byte floats, each buffer the pass must read or
// write counted once per element: C cells, F faces (all three axes). What each pass must touch:
//   Combustion: fuel, temperature, density read and written, the expansion source written.
//   Buoyancy: v read and written, its open fraction, density and temperature (vertical gravity).
//   Vorticity: u, v, w read; |omega| written (C) and read back with the edge curl (3 C) by the
//     force, which reads and writes u, v, w and their open fractions.
//   Advect: u, v, w read and written once; density, temperature (and fuel) read and written once.
//   Damping: u, v, w read and written, open fractions read.
//   Divergence: u, v, w, their open fractions and solid velocities read, the divergence written.
//   PressureSolve (Jacobi): per sweep p read and written, face weights and the right-hand side read.
//   SubtractGradient: u, v, w read and written, open fractions and pressure read.
// `fused`: the step fuses the velocity forces. Its Vorticity pass is the curl (the velocity in,
// three edge fields out), |omega| (three edge fields in, one cell field out) and one pass reading
// and writing the velocity and reading density, temperature, the curl, |omega| and the open
// fractions; its Damping pass damps the cell fields only (density, temperature, fuel).
double passBytes(billow::SmokePass3D pass, double n, uint32_t jacobiSweeps, bool combustion, bool fused) {
    const double C = n * n * n, F = 3.0 * n * n * (n + 1), f = 4.0;
    if (fused && pass == billow::SmokePass3D::Buoyancy) return 0.0;
    if (fused && pass == billow::SmokePass3D::Vorticity) return f * ((F + 3.0 * C) + (3.0 * C + C) + (3.0 * F + 6.0 * C));
    if (fused && pass == billow::SmokePass3D::Damping) return f * 2.0 * 3.0 * C;
    switch (pass) {
    case billow::SmokePass3D::Combustion: return combustion ? f * 7.0 * C : 0.0;
    case billow::SmokePass3D::Buoyancy: return f * (F / 3.0 * 3.0 + 2.0 * C);
    case billow::SmokePass3D::Vorticity: return f * (F + C + 4.0 * C + 3.0 * F);
    case billow::SmokePass3D::Advect: return f * (2.0 * F + 2.0 * (combustion ? 3.0 : 2.0) * C);
    case billow::SmokePass3D::Damping: return f * 3.0 * F;
    case billow::SmokePass3D::Divergence: return f * (3.0 * F + C);
    case billow::SmokePass3D::PressureSolve: return jacobiSweeps * f * (3.0 * C + F);
    case billow::SmokePass3D::SubtractGradient: return f * (3.0 * F + C);
    default: return 0.0;
    }
}

} // namespace

double maxAbs(const std::vector<float>& v) {
    double m = 0.0;
    for (float x : v) m = std::max(m, double(std::fabs(x)));
    return m;
}

// One line per timed step: the solve's report and the divergence the projection left (1/s).
void traceStep(billow::SmokeSolver3D& smoke, const std::string& solverName, uint32_t n, uint32_t step, double stepMs) {
    const billow::PressureResidual pr = smoke.pressureResidual();
    smoke.stepPass(billow::SmokePass3D::Divergence, 1.0f / 60.0f);
    const double divergence = maxAbs(smoke.download(billow::SmokeField3D::Divergence));
    std::printf("{\"case\":\"smoke3d_step_trace\",\"grid\":\"%ux%ux%u\",\"solver\":\"%s\",\"step\":%u,"
                "\"iterations\":%u,\"relative_residual\":%.3g,\"reached\":%s,\"stalled\":%s,\"max_div\":%.4g,"
                "\"ms\":%.4f}\n",
                n, n, n, solverName.c_str(), step, pr.iterations, pr.relative, pr.reachedTolerance ? "true" : "false",
                pr.stalled ? "true" : "false", divergence, stepMs);
    std::fflush(stdout);
}

int main(int argc, char** argv) try {
    const Options o = parse(argc, argv);
    auto context = billow::Context::createStandalone();
    const billow::DeviceInfo& device = context->deviceInfo();
    if (!context->supportsTimestamps()) throw std::runtime_error("device has no timestamp support");

    for (const std::string& interpolation : o.interpolation)
    for (const std::string& healthMode : o.health)
    for (const std::string& combustionMode : o.combustion)
    for (const std::string& solverName : o.solvers)
    for (uint32_t n : o.sizes) {
        const bool combustion = combustionMode == "on";
        if (!combustion && combustionMode != "off") throw std::runtime_error("--combustion: off or on, not " + combustionMode);
        billow::SmokeSettings3D s;
        s.nx = s.ny = s.nz = n;
        s.cellSize = 1.0f / static_cast<float>(n);
        s.pressureSolver = solverType(solverName);
        // The solvers that run cycles and can stop at a tolerance (the spectral solve is one of them).
        const bool multigrid = billow::solvesToTolerance(s.pressureSolver);
        s.pressureIterations = multigrid ? (o.stepTolerance > 0.0f ? o.maxCycles : o.cycles) : o.iterations;
        if (multigrid) s.pressureTolerance = o.stepTolerance;
        s.pressureIterationHeadroom = o.headroom;
        s.incrementalPressure = o.incrementalPressure;
        s.fuseVelocityForces = o.fusedForces;
        s.massCorrection = o.massCorrection;
        s.velocityAdvection = o.velocityAdvection;
        s.scalarAdvection = o.scalarAdvection;
        s.colourAdvection = o.scalarAdvection;
        if (interpolation != "linear" && interpolation != "cubic")
            throw std::runtime_error("--interpolation: linear or cubic, not " + interpolation);
        s.advectionInterpolation = interpolation == "cubic" ? billow::AdvectionInterpolation::MonotoneCubic
                                                            : billow::AdvectionInterpolation::Linear;
        s.vorticity = 0.2f;
        s.thermalExpansion = 0.01f;
        s.densityWeight = 0.05f;
        s.velocityDamping = 0.05f;
        s.temperatureRelaxation = 0.5f;
        if (o.peerStep) {
            s.velocityDamping = 0.0f;
            s.temperatureRelaxation = 0.0f;
            s.massCorrection = false;
            s.backTrace = billow::BackTrace::Euler;
        }
        s.combustion.enabled = combustion;
        s.flowStorage = o.flowStorage;
        s.advectionReflection = o.reflection;
        s.viscosity = o.viscosity;
        s.scalarDiffusion = o.viscosity;
        s.diffusionSolver = o.diffusionSolver;
        if (healthMode != "off" && healthMode != "report") throw std::runtime_error("--health: off or report, not " + healthMode);
        s.nonFiniteCheck = healthMode == "off" ? billow::NonFiniteCheck::Off : billow::NonFiniteCheck::Report;
        billow::SmokeSolver3D smoke(context, s);
        smoke.setProfiling(true);

        billow::Emitter3D source;
        source.centre = {0.5f, 0.12f, 0.5f};
        source.radius = 0.08f;
        source.velocity = {0.0f, 1.0f, 0.0f};
        source.velocityCoupling = 10.0f;
        source.density = combustion ? 0.0f : 2.0f;
        source.temperature = combustion ? 600.0f : 300.0f;
        source.fuel = combustion ? 3.0f : 0.0f;
        smoke.setEmitters({&source, 1});

        // Warm-up: at least `warmup` steps and half a second, so the GPU's clocks have ramped up
        // before the first timed step (a first case measured cold ran up to 3x slower).
        const auto warmupStart = std::chrono::steady_clock::now();
        for (uint32_t r = 0; r < o.warmup || std::chrono::steady_clock::now() - warmupStart < std::chrono::milliseconds(500);
             ++r)
            smoke.step(1.0f / 60.0f);
        if (o.peerStep) smoke.setEmitters({});  // the peers' step has no source: the warm-up made the flow
        std::vector<double> stepMs, wallMs, stepIterations;
        double worstRelative = 0.0;
        uint32_t stalledSteps = 0;
        std::map<billow::SmokePass3D, std::vector<double>> passMs;
        std::map<billow::SmokePass3D, uint32_t> passDispatches;
        for (uint32_t r = 0; r < o.repeat; ++r) {
            const auto start = std::chrono::steady_clock::now();
            smoke.step(1.0f / 60.0f);
            wallMs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
            double total = 0.0;
            for (const billow::SmokePassTiming3D& t : smoke.passTimings()) {
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
        std::printf("{\"case\":\"smoke3d_step\",\"velocity_advection\":\"%s\",\"scalar_advection\":\"%s\",",
                    o.velocityAdvection == billow::AdvectionScheme::MacCormack ? "mc" : "sl",
                    o.scalarAdvection == billow::AdvectionScheme::MacCormack ? "mc" : "sl");
        // Stopped at a tolerance: the median iterations the GPU ran per step (the "iterations"
        // below is the maximum), the largest relative residual and the steps that stalled.
        if (!stepIterations.empty())
            std::printf("\"median_iterations\":%g,\"max_relative_residual\":%.3g,\"stalled_steps\":%u,\"headroom\":%u,",
                        median(stepIterations), worstRelative, stalledSteps, s.pressureIterationHeadroom);
        std::printf("\"fused_forces\":%s,\"mass_correction\":%s,\"peer_step\":%s,", o.fusedForces ? "true" : "false",
                    o.massCorrection && !o.peerStep ? "true" : "false", o.peerStep ? "true" : "false");
        uint32_t stepDispatches = 0;
        for (const auto& [pass, count] : passDispatches) stepDispatches += count;
        std::printf("\"dispatches_per_step\":%u,\"bytes_per_cell\":%.1f,", stepDispatches,
                    double(smoke.allocatedBytes()) / (double(n) * n * n));
        std::printf("\"grid\":\"%ux%ux%u\",\"solver\":\"%s\",\"tolerance\":%g,\"incremental_pressure\":%s,"
                    "\"iterations\":%u,"
                    "\"combustion\":%s,\"reflection\":%s,\"interpolation\":\"%s\",\"health\":\"%s\",\"allocated_MiB\":%.1f,"
                    "\"median_ms_per_step\":%.4f,\"wall_ms_per_step\":%.4f,\"passes\":{",
                    n, n, n, solverName.c_str(), multigrid ? o.stepTolerance : 0.0f,
                    multigrid && o.incrementalPressure ? "true" : "false", s.pressureIterations, combustion ? "true" : "false",
                    o.reflection ? "true" : "false", interpolation.c_str(), healthMode.c_str(),
                    double(smoke.allocatedBytes()) / (1024.0 * 1024.0), median(stepMs), median(wallMs));
        bool first = true;
        for (auto& [pass, samples] : passMs) {
            const double ms = median(samples);
            const double bytes = multigrid && pass == billow::SmokePass3D::PressureSolve
                                     ? 0.0
                                     : passBytes(pass, n, s.pressureSolver == billow::PressureSolverType::Jacobi
                                                              ? o.iterations : 0, combustion, o.fusedForces);
            const bool fusedPass = o.fusedForces && pass == billow::SmokePass3D::Vorticity;
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
    return 0;
} catch (const std::exception& e) {
    std::fprintf(stderr, "smoke3d_bench: %s\n", e.what());
    return 1;
}
