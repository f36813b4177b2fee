// SmokeSolver: creation, settings, obstacles, host access, and a step's passes in their order.
// The passes are recorded in the files smoke_solver_impl.hpp lists, one per pass family.
#include "billow/smoke_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "core/barriers.hpp"
#include "core/half_float.hpp"
#include "core/quiet_wait.hpp"
#include "core/smoke_solver_calls.hpp"
#include "core/storage_range.hpp"
#include "core/validation.hpp"
#include "grid/corrected_advection.hpp"
#include "grid/mac_grid.hpp"
#include "grid/obstacles.hpp"
#include "grid/sides.hpp"
#include "pressure/mac_stencil.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

using detail::GpuBuffer;

const char* fieldName(SmokeField field) noexcept {
    switch (field) {
    case SmokeField::VelocityX: return "VelocityX";
    case SmokeField::VelocityY: return "VelocityY";
    case SmokeField::Density: return "Density";
    case SmokeField::Temperature: return "Temperature";
    case SmokeField::Dye: return "Dye";
    case SmokeField::Pressure: return "Pressure";
    case SmokeField::Divergence: return "Divergence";
    case SmokeField::Curl: return "Curl";
    case SmokeField::Solid: return "Solid";
    case SmokeField::OpenX: return "OpenX";
    case SmokeField::OpenY: return "OpenY";
    case SmokeField::SolidVelocityX: return "SolidVelocityX";
    case SmokeField::SolidVelocityY: return "SolidVelocityY";
    case SmokeField::MidpointPressure: return "MidpointPressure";
    case SmokeField::MidpointVelocityX: return "MidpointVelocityX";
    case SmokeField::MidpointVelocityY: return "MidpointVelocityY";
    }
    return "?";
}

const char* passName(SmokePass pass) noexcept {
    static const char* names[] = {"colliders", "reflect", "advect",     "inject",   "buoyancy",         "vorticity",
                                  "diffuse",   "damping", "divergence", "pressure", "subtract_gradient"};
    static_assert(std::size(names) == static_cast<size_t>(SmokePass::Count));
    return static_cast<uint32_t>(pass) < static_cast<uint32_t>(SmokePass::Count) ? names[static_cast<uint32_t>(pass)] : "?";
}

namespace {

// RGBA as 4 floats, or as 4 packed halves (dye_storage.glsl).
size_t dyeBytesPerCell(DyeStorage storage) { return storage == DyeStorage::Float16 ? 8 : 16; }
// The fields' scratch copies exist while a corrected scheme or diffusion needs them.
bool scratchNeeded(const SmokeSettings& s) { return detail::needsScratchCopies(s, s, s.dyeAdvection, s.dyeDiffusion); }

VkDeviceSize dyeBytes(const SmokeSettings& s) {
    return VkDeviceSize(s.effectiveDyeNx()) * s.effectiveDyeNy() * dyeBytesPerCell(s.dyeStorage);
}

// Checks that the largest fields (the nodes' curl; the dye) fit the device's storage-buffer range
// before allocating.
void checkBufferRange(const detail::ContextState& cs, const SmokeSettings& s) {
    detail::requireStorageRange(cs, uint64_t(detail::MacGrid{s.nx, s.ny}.nodes()) * sizeof(float), "SmokeSettings::nx/ny",
                                "a " + std::to_string(s.nx) + " x " + std::to_string(s.ny) + " grid", " per field");
    detail::requireStorageRange(cs, dyeBytes(s), "SmokeSettings::dyeNx/dyeNy", "the dye grid");
}

void requireValidSplat(const Splat& s) {
    detail::requireAllFinite({s.x, s.y}, "Splat::x/y");
    detail::requireFiniteAndPositive(s.radius, "Splat::radius", "m");
    detail::requireKnown(s.falloff, Falloff::Gaussian, "Splat::falloff", "unknown falloff");
    detail::requireAllBounded({s.velocity[0], s.velocity[1]}, "Splat::velocity");
    detail::requireBounded(s.density, "Splat::density");
    detail::requireBounded(s.temperature, "Splat::temperature");
    detail::requireAllBounded({s.dye[0], s.dye[1], s.dye[2], s.dye[3]}, "Splat::dye");
}

} // namespace

SmokeSolver::Impl::Impl(std::shared_ptr<Context> ctx, const SmokeSettings& s)
    : SmokeCore(std::move(ctx), "SmokeSolver", s) {
    settings.validate();
    checkBufferRange(cs, settings);
    nx = settings.nx;
    ny = settings.ny;
    dyeNx = settings.effectiveDyeNx();
    dyeNy = settings.effectiveDyeNy();
    const detail::MacGrid mac{nx, ny};

    // Every member is RAII: if anything below throws, what was built is released. Fields start
    // zero-filled.
    gridUniform = detail::UniformBuffer<gpu::GridParams>(cs);
    const int copies = scratchNeeded(settings) ? 3 : 2;
    detail::makePingPong(cs, u, mac.xFaces(), copies);
    detail::makePingPong(cs, v, mac.yFaces(), copies);
    detail::makePingPong(cs, density, mac.cells(), copies);
    detail::makePingPong(cs, temperature, mac.cells(), copies);
    detail::makePingPongOfBytes(cs, dye, dyeBytes(settings), copies);
    detail::makePingPong(cs, pressure, mac.cells(), 2);
    divergence = detail::fieldBuffer(cs, mac.cells());
    curl = detail::fieldBuffer(cs, mac.nodes());
    solid = detail::fieldBuffer(cs, mac.cells());
    openX = detail::fieldBuffer(cs, mac.xFaces());
    openY = detail::fieldBuffer(cs, mac.yFaces());
    splats = detail::HostEditQueue<gpu::GpuSplat>(cs, kMaxSplatsPerStep);
    // Every kernel of shaders/common and shaders/smoke (the pressure kernels belong to the
    // Poisson solver's own set).
    kernels = std::make_unique<detail::KernelSet>(
        cs, std::initializer_list<detail::KernelGroup>{detail::KernelGroup::Common, detail::KernelGroup::Smoke},
        std::initializer_list<detail::KernelId>{detail::KernelId::HealthNonfiniteScan, detail::KernelId::MassFactor,
                                                detail::KernelId::MassScale},
        gridUniform.handle(),
        gridUniform.size());
    timer = detail::GpuTimer(cs, static_cast<uint32_t>(SmokePass::Count));
    massCorrection = detail::MassCorrection(cs, mac.cells());
    health = detail::HealthRing(cs, {"VelocityX", "VelocityY", "Density", "Temperature", "Dye", "Pressure"}, "SmokeSolver");

    // Set temperature to ambient and compute the geometry.
    std::vector<float> ambient(mac.cells(), settings.ambientTemperature);
    detail::uploadBytes(cs, temperature.now(), std::as_bytes(std::span(ambient)));
    solidHost.assign(mac.cells(), 0.0f);
    gridUniform.upload(gridParams());
    poisson = std::make_unique<detail::PoissonSolver>(cs, pressureSystem(), detail::makeMacStencil(2, cs.workgroups));
    // The largest field a download copies: the nodes' curl, or the dye.
    readback = detail::FieldReadback(cs, std::max<VkDeviceSize>(VkDeviceSize(mac.nodes()) * sizeof(float), dyeBytes(settings)));
    if (settings.advectionReflection) allocateReflectionBuffers();
    prepareDiffusion(settings);
    refreshGeometry();
}

gpu::GridParams SmokeSolver::Impl::gridParams() const {
    gpu::GridParams g{};
    g.nx = static_cast<int>(nx);
    g.ny = static_cast<int>(ny);
    g.dyeNx = static_cast<int>(dyeNx);
    g.dyeNy = static_cast<int>(dyeNy);
    g.h = settings.cellSize;
    g.invH = 1.0f / settings.cellSize;
    g.dyeHx = settings.cellSize * static_cast<float>(nx) / static_cast<float>(dyeNx);
    g.dyeHy = settings.cellSize * static_cast<float>(ny) / static_cast<float>(dyeNy);
    g.dyeHalf = settings.dyeStorage == DyeStorage::Float16 ? 1 : 0;
    g.traceStages = settings.backTrace == BackTrace::Euler ? 1 : 2;
    int32_t* types = &g.sideType.x;
    float* tangent = &g.wallTangent.x;
    float* speed = &g.inflowSpeed.x;
    float* inflowDensity = &g.inflowDensity.x;
    float* inflowTemperature = &g.inflowTemperature.x;
    static_assert(int(BoundaryType::Wall) == BILLOW_WALL && int(BoundaryType::MovingWall) == BILLOW_MOVING_WALL &&
                      int(BoundaryType::Inflow) == BILLOW_INFLOW && int(BoundaryType::Outflow) == BILLOW_OUTFLOW &&
                      int(BoundaryType::Periodic) == BILLOW_PERIODIC,
                  "billow::BoundaryType must match the kernels' boundary types");
    for (size_t s = 0; s < detail::kSides; ++s) {  // per-side arrays are indexed by Side (grid/sides.hpp)
        const BoundarySide& b = settings.boundaries[s];
        types[s] = static_cast<int32_t>(b.type);
        tangent[s] = b.tangentialVelocity;
        speed[s] = b.normalVelocity;
        inflowDensity[s] = b.density;
        inflowTemperature[s] = b.temperature;
        g.inflowDye[s] = {b.dye[0], b.dye[1], b.dye[2], b.dye[3]};
    }
    return g;
}

void SmokeSolver::Impl::refreshGeometry() {
    solidEmpty = std::all_of(solidHost.begin(), solidHost.end(), [](float s) { return s == 0.0f; });
    detail::uploadBytes(cs, solid.handle(), std::as_bytes(std::span(solidHost)));
    if (colliders.allocated()) detail::uploadBytes(cs, staticSolid.handle(), std::as_bytes(std::span(solidHost)));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        recordFaceFractions(cmd);
        // The colliders on top of the new static geometry (and the coarse weights after them).
        colliders.invalidate();
        recordColliders(cmd);
        poisson->recordCoarsenWeights(cmd);
        // dt = 0: open faces are unchanged, closed faces receive their prescribed velocity (not
        // with VelocityMode::Prescribed: the engine's velocity is never written).
        recordSubtractGradientOf(cmd, 0.0f, pressure.now());
    });
}

void SmokeSolver::Impl::recordPass(VkCommandBuffer cmd, SmokePass pass, float dt, bool fusedForces) {
    timer.begin(cmd, static_cast<uint32_t>(pass));
    switch (pass) {
    case SmokePass::Colliders: recordColliders(cmd); break;
    case SmokePass::Inject: recordInject(cmd, dt); break;
    case SmokePass::Buoyancy:
        if (!fusedForces) recordBuoyancy(cmd, dt);
        break;
    case SmokePass::Vorticity: fusedForces ? recordVelocityForces(cmd, dt) : recordVorticity(cmd, dt); break;
    case SmokePass::Reflect: recordReflect(cmd, dt); break;
    case SmokePass::Advect: recordAdvect(cmd, dt); break;
    case SmokePass::Diffuse: recordDiffuse(cmd, dt); break;
    case SmokePass::Damping: recordDamping(cmd, dt, !fusedForces); break;
    case SmokePass::Divergence: recordDivergence(cmd); break;
    case SmokePass::PressureSolve: recordPressureSolve(cmd, dt); break;
    case SmokePass::SubtractGradient: recordSubtractGradient(cmd, dt); break;
    case SmokePass::Count: break;
    }
    timer.end(cmd, static_cast<uint32_t>(pass));
}

void SmokeSolver::Impl::recordHealthScan(VkCommandBuffer cmd) {
    const detail::ScannedField fields[] = {
        {u.now(), u.copies[0].size(), false, kHealthSpeedLimit},
        {v.now(), v.copies[0].size(), false, kHealthSpeedLimit},
        {density.now(), density.copies[0].size()},
        {temperature.now(), temperature.copies[0].size(), false, kHealthTemperatureLimit},
        {dye.now(), dye.copies[0].size(), settings.dyeStorage == DyeStorage::Float16},
        {pressure.now(), pressure.copies[0].size()},
    };
    health.recordScan(cmd, *kernels, fields);
}

void SmokeSolver::Impl::keepOwnState(detail::RecordSnapshot& saved) {
    for (PingPong* pair : {&u, &v, &density, &temperature, &dye, &pressure, &midpointPressure}) saved.keep(pair->current);
    saved.keepStateOf(splats);
    saved.keepStateOf(emitters);
    keepSmokeState(saved);
}

template class SmokeSolverCalls<SmokePass, SmokePassTiming>;

SmokeSolver::SmokeSolver(std::shared_ptr<Context> context, const SmokeSettings& settings)
    : SmokeSolverCalls(
          [&]() -> std::unique_ptr<detail::SolverCore> {
              if (!context) throw InvalidArgument("SmokeSolver: context", "is null");
              return std::make_unique<Impl>(std::move(context), settings);
          }(),
          "SmokeSolver") {}

detail::Entered<SmokeSolver::Impl> SmokeSolver::use(const char* call, detail::EntryCheck check) const {
    return detail::Entered<Impl>(core(call, check));
}
const SmokeSolver::Impl* SmokeSolver::state() const noexcept { return static_cast<const Impl*>(coreIfAny()); }

const SmokeSettings& SmokeSolver::settings() const { return use("settings", detail::EntryCheck::EvenIfUnusable)->settings; }

void SmokeSolver::updateSettings(const SmokeSettings& settings) {
    const auto held = use("updateSettings");
    Impl& s = *held;
    settings.validate();
    const SmokeSettings& old = s.settings;
    detail::requireUnchanged(settings.nx == old.nx && settings.ny == old.ny, "SmokeSettings::nx/ny");
    detail::requireUnchanged(settings.effectiveDyeNx() == old.effectiveDyeNx() &&
                                 settings.effectiveDyeNy() == old.effectiveDyeNy(),
                             "SmokeSettings::dyeNx/dyeNy");
    detail::requireUnchanged(settings.dyeStorage == old.dyeStorage, "SmokeSettings::dyeStorage");
    bool geometryChanged = settings.cellSize != old.cellSize ||
                           std::memcmp(&settings.boundaries, &old.boundaries, sizeof(settings.boundaries)) != 0;
    const bool traceChanged = settings.backTrace != old.backTrace;  // `old` is s.settings: compare before it changes
    if (settings.advectionReflection) s.allocateReflectionBuffers();  // before anything changes
    if (scratchNeeded(settings) && !s.u.hasScratch())  // a corrected scheme or diffusion from now on
        detail::addScratchCopies(s.cs, {&s.u, &s.v, &s.density, &s.temperature, &s.dye});
    s.prepareDiffusion(settings);
    s.settings = settings;
    s.midpointReady = false;
    if (geometryChanged || traceChanged) s.gridUniform.upload(s.gridParams());
    if (geometryChanged) {
        s.poisson->setBoundaries(s.poissonSides(), settings.cellSize);
        s.refreshGeometry();
    }
}

void SmokeSolver::addSplat(const Splat& splat) {
    const auto held = use("addSplat");
    Impl& s = *held;
    requireValidSplat(splat);
    if (s.splats.full())
        throw InvalidArgument("addSplat", "more than " + std::to_string(kMaxSplatsPerStep) + " splats queued in one step");
    gpu::GpuSplat g{};
    g.x = splat.x;
    g.y = splat.y;
    g.radius = splat.radius;
    static_assert(int(Falloff::Linear) == BILLOW_FALLOFF_LINEAR && int(Falloff::Gaussian) == BILLOW_FALLOFF_GAUSSIAN,
                  "billow::Falloff must match the splat kernel's falloffs");
    g.falloff = static_cast<int>(splat.falloff);
    g.vx = splat.velocity[0];
    g.vy = splat.velocity[1];
    g.density = splat.density;
    g.temperature = splat.temperature;
    g.dye = {splat.dye[0], splat.dye[1], splat.dye[2], splat.dye[3]};
    s.splats.push(g);
}

void SmokeSolver::setSolidMask(std::span<const float> solidFraction) {
    const auto held = use("setSolidMask");
    Impl& s = *held;
    const size_t cells = size_t(s.nx) * s.ny;
    if (solidFraction.size() != cells)
        throw InvalidArgument("setSolidMask: solidFraction.size()",
                              "must be nx * ny = " + std::to_string(cells) + " (got " + std::to_string(solidFraction.size()) + ")");
    for (size_t c = 0; c < cells; ++c)
        if (!(solidFraction[c] >= 0.0f && solidFraction[c] <= 1.0f))
            throw InvalidArgument("setSolidMask: solidFraction[" + std::to_string(c) + "]",
                                  "must be in [0, 1] (got " + std::to_string(solidFraction[c]) + ")");
    s.solidHost.assign(solidFraction.begin(), solidFraction.end());
    s.refreshGeometry();
}

void SmokeSolver::clearObstacles() {
    const auto held = use("clearObstacles");
    Impl& s = *held;
    std::fill(s.solidHost.begin(), s.solidHost.end(), 0.0f);
    s.refreshGeometry();
}

namespace {
void requireFiniteShape(std::initializer_list<float> values, const char* what) {
    detail::requireAllFinite(values, what, "coordinates must be finite");
}
} // namespace

void SmokeSolver::addCircleObstacle(float centreX, float centreY, float radius) {
    const auto held = use("addCircleObstacle");
    Impl& s = *held;
    requireFiniteShape({centreX, centreY, radius}, "addCircleObstacle");
    if (radius <= 0.0f) throw InvalidArgument("addCircleObstacle: radius", "must be > 0 m");
    detail::addCircle(s.solidHost, {s.nx, s.ny, s.settings.cellSize}, centreX, centreY, radius);
    s.refreshGeometry();
}

void SmokeSolver::addBoxObstacle(float minX, float minY, float maxX, float maxY) {
    const auto held = use("addBoxObstacle");
    Impl& s = *held;
    requireFiniteShape({minX, minY, maxX, maxY}, "addBoxObstacle");
    if (maxX <= minX || maxY <= minY) throw InvalidArgument("addBoxObstacle", "needs minX < maxX and minY < maxY");
    detail::addBox(s.solidHost, {s.nx, s.ny, s.settings.cellSize}, minX, minY, maxX, maxY);
    s.refreshGeometry();
}

void SmokeSolver::addWallObstacles(float thickness, std::array<bool, 4> sides) {
    const auto held = use("addWallObstacles");
    Impl& s = *held;
    requireFiniteShape({thickness}, "addWallObstacles");
    if (thickness <= 0.0f) throw InvalidArgument("addWallObstacles: thickness", "must be > 0 m");
    detail::addWalls(s.solidHost, {s.nx, s.ny, s.settings.cellSize}, thickness, sides);
    s.refreshGeometry();
}

const std::vector<float>& SmokeSolver::solidMask() const { return use("solidMask", detail::EntryCheck::EvenIfUnusable)->solidHost; }

namespace {
void requireField(SmokeField field, const char* call) {
    detail::requireKnown(field, SmokeField::MidpointVelocityY, std::string(call) + ": field",
                         "unknown field (" + std::to_string(static_cast<uint32_t>(field)) + ")");
}
} // namespace

size_t SmokeSolver::fieldSize(SmokeField field) const noexcept {
    if (!state()) return 0;
    const detail::MacGrid mac{state()->nx, state()->ny};
    switch (field) {
    case SmokeField::VelocityX: case SmokeField::OpenX: case SmokeField::SolidVelocityX: return mac.xFaces();
    case SmokeField::VelocityY: case SmokeField::OpenY: case SmokeField::SolidVelocityY: return mac.yFaces();
    case SmokeField::Curl: return mac.nodes();
    case SmokeField::MidpointVelocityX: return mac.xFaces();
    case SmokeField::MidpointVelocityY: return mac.yFaces();
    case SmokeField::Dye: return size_t(state()->dyeNx) * state()->dyeNy * 4;
    case SmokeField::Density: case SmokeField::Temperature: case SmokeField::Pressure: case SmokeField::Divergence: case SmokeField::Solid:
    case SmokeField::MidpointPressure:
        return mac.cells();
    }
    return 0;  // an unknown field
}

VkBuffer SmokeSolver::buffer(SmokeField field) const noexcept {
    if (!state()) return VK_NULL_HANDLE;
    const Impl& s = *state();
    switch (field) {
    case SmokeField::VelocityX: return s.u.now();
    case SmokeField::VelocityY: return s.v.now();
    case SmokeField::Density: return s.density.now();
    case SmokeField::Temperature: return s.temperature.now();
    case SmokeField::Dye: return s.dye.now();
    case SmokeField::Pressure: return s.pressure.now();
    case SmokeField::Divergence: return s.divergence.handle();
    case SmokeField::Curl: return s.curl.handle();
    case SmokeField::Solid: return s.solid.handle();
    case SmokeField::OpenX: return s.openX.handle();
    case SmokeField::OpenY: return s.openY.handle();
    case SmokeField::SolidVelocityX: return s.solidVelocityX.handle();
    case SmokeField::SolidVelocityY: return s.solidVelocityY.handle();
    case SmokeField::MidpointPressure: return s.midpointPressure.now();
    case SmokeField::MidpointVelocityX: return s.midpointU.handle();
    case SmokeField::MidpointVelocityY: return s.midpointV.handle();
    }
    return VK_NULL_HANDLE;
}

VkDeviceSize SmokeSolver::bufferSize(SmokeField field) const noexcept {
    if (state() && field == SmokeField::Dye) return dyeBytes(state()->settings);
    return fieldSize(field) * sizeof(float);
}

std::vector<float> SmokeSolver::download(SmokeField field) {
    const auto held = use("download");
    Impl& s = *held;
    requireField(field, "download");
    std::vector<float> out(fieldSize(field));
    if (buffer(field) == VK_NULL_HANDLE) return out;  // the solid velocities before any collider, ...
    if (field == SmokeField::Dye && s.settings.dyeStorage == DyeStorage::Float16) {
        std::vector<uint16_t> halves(out.size());
        detail::downloadBytes(s.cs, buffer(field), std::as_writable_bytes(std::span(halves)));
        std::transform(halves.begin(), halves.end(), out.begin(), detail::halfToFloat);
        return out;
    }
    detail::downloadBytes(s.cs, buffer(field), std::as_writable_bytes(std::span(out)));
    return out;
}

uint64_t SmokeSolver::recordDownload(VkCommandBuffer cmd, SmokeField field) {
    const auto held = use("recordDownload");
    Impl& s = *held;
    requireField(field, "recordDownload");
    const VkBuffer source = buffer(field);  // none: the solid velocities before any collider, ...
    return s.recordDownloadCall(cmd, source, source ? bufferSize(field) : 0, static_cast<uint32_t>(field));
}

std::optional<std::vector<float>> SmokeSolver::collectDownload(uint64_t ticket) {
    const auto held = use("collectDownload");
    Impl& s = *held;
    std::optional<detail::FieldReadback::Collected> copy = s.collectDownloadCall(ticket);
    if (!copy) return std::nullopt;
    const SmokeField field = static_cast<SmokeField>(copy->tag);
    std::vector<float> out(fieldSize(field));
    if (copy->bytes.empty()) return out;
    if (field == SmokeField::Dye && s.settings.dyeStorage == DyeStorage::Float16) {
        const auto* halves = reinterpret_cast<const uint16_t*>(copy->bytes.data());
        std::transform(halves, halves + out.size(), out.begin(), detail::halfToFloat);
        return out;
    }
    std::memcpy(out.data(), copy->bytes.data(), out.size() * sizeof(float));
    return out;
}

void SmokeSolver::upload(SmokeField field, std::span<const float> values) {
    const auto held = use("upload");
    Impl& s = *held;
    requireField(field, "upload");
    if (field == SmokeField::Solid || field == SmokeField::OpenX || field == SmokeField::OpenY || field == SmokeField::Curl ||
        field == SmokeField::SolidVelocityX || field == SmokeField::SolidVelocityY || field == SmokeField::MidpointVelocityX ||
        field == SmokeField::MidpointVelocityY)
        throw InvalidArgument(std::string("upload: field ") + fieldName(field),
                              "is derived by the solver (use setSolidMask for obstacles, setColliders for colliders)");
    if (buffer(field) == VK_NULL_HANDLE)
        throw InvalidArgument(std::string("upload: field ") + fieldName(field),
                              "has no buffer yet (SmokeSettings::advectionReflection was never enabled)");
    if (values.size() != fieldSize(field))
        throw InvalidArgument(std::string("upload(") + fieldName(field) + "): values.size()",
                              "must be " + std::to_string(fieldSize(field)) + " (got " + std::to_string(values.size()) + ")");
    detail::requireUploadable(values, std::string("upload(") + fieldName(field) + ")");
    // A new velocity or pressure replaces what a pending increment was the change of.
    if (field == SmokeField::VelocityX || field == SmokeField::VelocityY || field == SmokeField::Pressure) s.incrementPending = false;
    if (field == SmokeField::Dye && s.settings.dyeStorage == DyeStorage::Float16) {
        // Packed halves, in the order packHalf2x16 writes them (r, g, b, a: low half first).
        std::vector<uint16_t> halves(values.size());
        for (size_t k = 0; k < values.size(); ++k) {
            if (std::abs(values[k]) > detail::kHalfMax)
                throw InvalidArgument("upload(Dye): values[" + std::to_string(k) + "]",
                                      "must be within +-65504 with dyeStorage Float16 (got " + std::to_string(values[k]) + ")");
            halves[k] = detail::floatToHalf(values[k]);
        }
        detail::uploadBytes(s.cs, buffer(field), std::as_bytes(std::span(halves)));
        return;
    }
    // On a periodic axis the last face and face 0 are one face: keep them equal, as the kernels do.
    const bool wrapsX = field == SmokeField::VelocityX && s.settings.boundaries[0].type == BoundaryType::Periodic;
    const bool wrapsY = field == SmokeField::VelocityY && s.settings.boundaries[2].type == BoundaryType::Periodic;
    if (wrapsX || wrapsY) {
        const detail::MacGrid mac{s.nx, s.ny};
        std::vector<float> consistent(values.begin(), values.end());
        if (wrapsX)
            for (size_t j = 0; j < s.ny; ++j) consistent[mac.xFaceIndex(s.nx, j)] = consistent[mac.xFaceIndex(0, j)];
        else
            for (size_t i = 0; i < s.nx; ++i) consistent[mac.yFaceIndex(i, s.ny)] = consistent[mac.yFaceIndex(i, 0)];
        detail::uploadBytes(s.cs, buffer(field), std::as_bytes(std::span(consistent)));
        return;
    }
    detail::uploadBytes(s.cs, buffer(field), std::as_bytes(values));
}

uint64_t SmokeSolver::allocatedBytes() const noexcept {
    const Impl* s = state();
    if (!s) return 0;
    uint64_t total = s->gridUniform.size() + s->poisson->allocatedBytes() + (s->diffusion ? s->diffusion->allocatedBytes() : 0);
    for (const detail::PingPong* p : {&s->u, &s->v, &s->density, &s->temperature, &s->dye, &s->pressure, &s->midpointPressure})
        for (const detail::GpuBuffer& copy : p->copies) total += copy.size();
    for (const detail::GpuBuffer* b : {&s->divergence, &s->curl, &s->solid, &s->openX, &s->openY, &s->staticSolid,
                                       &s->solidVelocityX, &s->solidVelocityY, &s->midpointU, &s->midpointV})
        total += b->size();
    return total;
}

} // namespace billow
