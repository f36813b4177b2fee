// SparseSmokeSolver3D: creation, settings, host access and the order of a step. The passes are
// recorded by the files sparse3d_impl.hpp lists.
#include "billow/sparse_smoke3d_solver.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "billow/error.hpp"
#include "core/barriers.hpp"
#include "core/smoke_solver_calls.hpp"
#include "core/validation.hpp"
#include "smoke3d/emitter3d.hpp"
#include "smoke3d/smoke3d_buffers.hpp"
#include "sparse3d/sparse3d_impl.hpp"
#include "sparse3d/sparse3d_multigrid.hpp"
#include "sparse3d/sparse3d_settings.hpp"

namespace billow {

const char* passName(SparsePass3D pass) noexcept {
    static const char* names[] = {"topology", "colliders", "reflect",    "advect",   "emit",
                                  "combustion", "buoyancy", "vorticity", "diffuse",  "damping",
                                  "divergence", "pressure", "subtract_gradient"};
    static_assert(std::size(names) == static_cast<size_t>(SparsePass3D::Count));
    return static_cast<uint32_t>(pass) < static_cast<uint32_t>(SparsePass3D::Count) ? names[static_cast<uint32_t>(pass)] : "?";
}

const char* fieldName(SparseField3D field) noexcept {
    static const char* names[] = {"VelocityX", "VelocityY",      "VelocityZ",      "Density",        "Temperature",
                                  "Fuel",      "Colour",         "Pressure",       "Divergence",     "Solid",
                                  "OpenX",     "OpenY",          "OpenZ",          "SolidVelocityX", "SolidVelocityY",
                                  "SolidVelocityZ", "ExpansionSource"};
    return static_cast<uint32_t>(field) <= static_cast<uint32_t>(SparseField3D::ExpansionSource) ? names[static_cast<uint32_t>(field)] : "?";
}

SparseSmokeSolver3D::Impl::Impl(std::shared_ptr<Context> ctx, const SmokeSettings3D& s, const SparseSettings3D& sp)
    : SmokeCore(std::move(ctx), "SparseSmokeSolver3D", s), sparse(sp) {
    settings.validate();
    detail::requireSparseSupports(settings);
    sparse.validate();
    bricks = {(settings.nx + kBrickSize - 1) / kBrickSize, (settings.ny + kBrickSize - 1) / kBrickSize,
              (settings.nz + kBrickSize - 1) / kBrickSize};

    gridUniform = detail::UniformBuffer<gpu::Grid3DParams>(cs);
    emitters = detail::HostEditQueue<gpu::GpuEmitter3D>(cs, kMaxEmitters);
    kernels = std::make_unique<detail::KernelSet>(cs, std::initializer_list<detail::KernelGroup>{detail::KernelGroup::Sparse3d},
                                                  std::initializer_list<detail::KernelId>{detail::KernelId::HealthNonfiniteScan,
                                                                                           detail::KernelId::MassFactor},
                                                  gridUniform.handle(), gridUniform.size());
    timer = detail::GpuTimer(cs, static_cast<uint32_t>(SparsePass3D::Count));
    health = detail::HealthRing(cs, {"VelocityX", "VelocityY", "VelocityZ", "Density", "Temperature", "Fuel", "Colour", "Pressure"},
                                "SparseSmokeSolver3D");
    gridUniform.upload(gridParams());
    requirePoolFits(sparse.poolBricks, 0, "SparseSmokeSolver3D");
    try {
        allocatePools(sparse.poolBricks);
        createTopology();
    } catch (const VulkanError& e) {
        throw VulkanError(e.result(), "SparseSmokeSolver3D: allocating the pools of SparseSettings3D::poolBricks = " +
                                          std::to_string(sparse.poolBricks) + " bricks (" +
                                          std::to_string(uint64_t(sparse.poolBricks) * plannedBytesPerBrick()) + " bytes; " +
                                          e.what() + ")");
    }
    // Its sums stride over the whole pool, so the workgroup count of the first capacity serves a
    // grown pool too (sparse3d_transport.cpp).
    massCorrection = detail::MassCorrection(cs, size_t(capacity) * BILLOW_BRICK_CELLS);
    lostRing = detail::ResultRing(cs, 2 * 4 * massCorrection.groups());
    fixedBytes += gridUniform.size() + uint64_t(kMaxEmitters) * sizeof(gpu::GpuEmitter3D) + massCorrection.bytes() +
                  uint64_t(detail::ResultRing::kSlots) * (detail::ResultRing::kHeaderWords + lostRing.payloadWords()) * 4;
    // The largest download: a face pool, or the colour pool.
    readback = detail::FieldReadback(cs, uint64_t(capacity) * BILLOW_BRICK_FACES * sizeof(float) * (hasColour() ? 4 : 1));
}

gpu::Grid3DParams SparseSmokeSolver3D::Impl::gridParams() const { return detail::grid3DParams(settings); }

void SparseSmokeSolver3D::Impl::allocatePools(uint32_t slots) {
    capacity = slots;
    const size_t faces = size_t(slots) * BILLOW_BRICK_FACES, cells = size_t(slots) * BILLOW_BRICK_CELLS;
    detail::makePingPong(cs, u, faces, 2);
    detail::makePingPong(cs, v, faces, 2);
    detail::makePingPong(cs, w, faces, 2);
    detail::makePingPong(cs, density, cells, 2);
    detail::makePingPong(cs, temperature, cells, 2);
    detail::makePingPong(cs, fuel, cells, 2);
    detail::makePingPongOfBytes(cs, colour, hasColour() ? VkDeviceSize(cells) * 16 : 16, 2);
    pressure = detail::fieldBuffer(cs, cells);
    divergence = detail::fieldBuffer(cs, cells);
    expansionSource = detail::fieldBuffer(cs, cells);
    solid = detail::fieldBuffer(cs, cells);
    for (int a = 0; a < 3; ++a) {
        open[a] = detail::fieldBuffer(cs, faces);
        solidVelocity[a] = detail::fieldBuffer(cs, faces);
    }
    // One brick of every pool above (the topology and the pressure solver add theirs).
    brickBytes = poolBytesPerBrick(hasColour());
    allocatePressureLevels(slots);
}

void SparseSmokeSolver3D::Impl::barrier(VkCommandBuffer cmd) const { detail::computeBarrier(cs, cmd); }

void SparseSmokeSolver3D::Impl::recordPass(VkCommandBuffer cmd, SparsePass3D pass, float dt, bool fusedForces) {
    timer.begin(cmd, static_cast<uint32_t>(pass));
    switch (pass) {
    case SparsePass3D::Topology: recordTopology(cmd, dt); break;
    case SparsePass3D::Colliders: recordColliders(cmd); break;
    case SparsePass3D::Advect: recordAdvect(cmd, dt); break;
    case SparsePass3D::Emit: recordEmit(cmd, dt); break;
    case SparsePass3D::Combustion: recordCombustion(cmd, dt); break;
    // With fusedForces (smoke_core.hpp) the Vorticity pass records the velocity forces, Buoyancy
    // nothing and Damping only the cell fields.
    case SparsePass3D::Buoyancy: if (!fusedForces) recordBuoyancy(cmd, dt); break;
    case SparsePass3D::Vorticity: fusedForces ? recordVelocityForces(cmd, dt) : recordVorticity(cmd, dt); break;
    case SparsePass3D::Damping: recordDamping(cmd, dt, !fusedForces); break;
    case SparsePass3D::Divergence: recordDivergence(cmd); break;
    case SparsePass3D::PressureSolve: recordPressureSolve(cmd, dt); break;
    case SparsePass3D::SubtractGradient: recordSubtractGradient(cmd, dt); break;
    case SparsePass3D::Reflect: case SparsePass3D::Diffuse: case SparsePass3D::Count: break;  // refused settings
    }
    timer.end(cmd, static_cast<uint32_t>(pass));
}

void SparseSmokeSolver3D::Impl::recordHealthScan(VkCommandBuffer cmd) {
    // Whole pools: free slots hold finite leftovers or zeros, so a report names a real brick.
    const detail::ScannedField fields[] = {
        {u.now(), u.copies[0].size(), false, kHealthSpeedLimit},
        {v.now(), v.copies[0].size(), false, kHealthSpeedLimit},
        {w.now(), w.copies[0].size(), false, kHealthSpeedLimit},
        {density.now(), density.copies[0].size()},
        {temperature.now(), temperature.copies[0].size(), false, kHealthTemperatureLimit},
        {fuel.now(), fuel.copies[0].size()},
        {colour.now(), hasColour() ? colour.copies[0].size() : 0},
        {pressure.handle(), pressure.size()},
    };
    health.recordScan(cmd, *kernels, fields);
}

void SparseSmokeSolver3D::Impl::keepOwnState(detail::RecordSnapshot& saved) {
    for (PingPong* pair : {&u, &v, &w, &density, &temperature, &fuel, &colour}) saved.keep(pair->current);
    saved.keepStateOf(emitters);
    saved.keepStateOf(colliders);
    saved.keepStateOf(poolRing);
    saved.keepStateOf(lostRing);
    saved.keepStateOf(*multigrid);  // its residual reports
}

template class SmokeSolverCalls<SparsePass3D, SparsePassTiming3D>;

SparseSmokeSolver3D::SparseSmokeSolver3D(std::shared_ptr<Context> context, const SmokeSettings3D& settings,
                                         const SparseSettings3D& sparse)
    : SmokeSolverCalls(
          [&]() -> std::unique_ptr<detail::SolverCore> {
              if (!context) throw InvalidArgument("SparseSmokeSolver3D: context", "is null");
              return std::make_unique<Impl>(std::move(context), settings, sparse);
          }(),
          "SparseSmokeSolver3D") {}

detail::Entered<SparseSmokeSolver3D::Impl> SparseSmokeSolver3D::use(const char* call, detail::EntryCheck check) const {
    return detail::Entered<Impl>(core(call, check));
}
const SparseSmokeSolver3D::Impl* SparseSmokeSolver3D::state() const noexcept {
    return static_cast<const Impl*>(coreIfAny());
}

const SmokeSettings3D& SparseSmokeSolver3D::settings() const { return use("settings", detail::EntryCheck::EvenIfUnusable)->settings; }
const SparseSettings3D& SparseSmokeSolver3D::sparseSettings() const { return use("sparseSettings", detail::EntryCheck::EvenIfUnusable)->sparse; }

void SparseSmokeSolver3D::updateSettings(const SmokeSettings3D& settings) {
    const auto held = use("updateSettings");
    Impl& s = *held;
    settings.validate();
    detail::requireSparseSupports(settings);
    const SmokeSettings3D& old = s.settings;
    detail::requireUnchanged(settings.nx == old.nx && settings.ny == old.ny && settings.nz == old.nz,
                             "SmokeSettings3D::nx/ny/nz");
    detail::requireUnchanged(settings.colour == old.colour, "SmokeSettings3D::colour");
    if (settings.vorticity != 0.0f && old.vorticity == 0.0f) {
        // Confinement allocates its cells (vec4 per cell) with the pool's capacity: checked as a
        // pool of that size would be, the settings kept as they were if it does not fit.
        const SmokeSettings3D kept = old;
        s.settings = settings;
        try {
            s.requirePoolFits(s.capacity, 0, "updateSettings");
        } catch (...) {
            s.settings = kept;
            throw;
        }
    }
    s.settings = settings;
    s.gridUniform.upload(s.gridParams());
}

void SparseSmokeSolver3D::updateSparseSettings(const SparseSettings3D& sparse) {
    const auto held = use("updateSparseSettings");
    Impl& s = *held;
    sparse.validate();
    detail::requireUnchanged(sparse.poolBricks == s.sparse.poolBricks, "SparseSettings3D::poolBricks (use growPool)");
    s.sparse = sparse;
}

uint64_t SparseSmokeSolver3D::allocatedBytes() const noexcept {
    return state() ? state()->fixedBytes + uint64_t(state()->capacity) * bytesPerBrick() : 0;
}
uint64_t SparseSmokeSolver3D::fixedBytes() const noexcept { return state() ? state()->fixedBytes : 0; }
uint64_t SparseSmokeSolver3D::bytesPerBrick() const noexcept {
    if (!state()) return 0;
    // The confinement's cell buffers exist once a Vorticity pass ran (vorticity > 0).
    const Impl& s = *state();
    return s.brickBytes + (s.vorticityCells.size() + s.confinementCells.size()) / std::max(1u, s.capacity);
}

void SparseSmokeSolver3D::setEmitters(std::span<const Emitter3D> emitters) {
    const auto held = use("setEmitters");
    Impl& s = *held;
    const std::vector<gpu::GpuEmitter3D> converted = toGpuEmitters(emitters, s.hasColour());
    s.emitters.clear();
    for (const gpu::GpuEmitter3D& g : converted) s.emitters.push(g);
}

void SparseSmokeSolver3D::setColliders(std::span<const Collider> colliders) {
    const auto held = use("setColliders");
    Impl& s = *held;
    s.colliders.assign(colliders, detail::ColliderRotations::Any, "setColliders");
    if (!s.colliders.allocated() && s.colliders.count() > 0) s.colliders.allocate(s.cs);
}

std::optional<SparsePoolReport> SparseSmokeSolver3D::poolReport() const { return use("poolReport", detail::EntryCheck::EvenIfUnusable)->readPoolReport(); }

} // namespace billow
