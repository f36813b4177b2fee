// SmokeSolver3D: creation, settings, host access, recording and the convenience step(). The
// passes are recorded in the files smoke3d_solver_impl.hpp lists.
#include "billow/smoke3d_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "core/barriers.hpp"
#include "core/half_float.hpp"
#include "core/quiet_wait.hpp"
#include "core/smoke_solver_calls.hpp"
#include "core/validation.hpp"
#include "grid/sides.hpp"
#include "smoke3d/smoke3d_buffers.hpp"
#include "smoke3d/smoke3d_solver_impl.hpp"

namespace billow {

const char* fieldName(SmokeField3D field) noexcept {
    switch (field) {
    case SmokeField3D::VelocityX: return "VelocityX";
    case SmokeField3D::VelocityY: return "VelocityY";
    case SmokeField3D::VelocityZ: return "VelocityZ";
    case SmokeField3D::Density: return "Density";
    case SmokeField3D::Temperature: return "Temperature";
    case SmokeField3D::Fuel: return "Fuel";
    case SmokeField3D::Colour: return "Colour";
    case SmokeField3D::Pressure: return "Pressure";
    case SmokeField3D::Divergence: return "Divergence";
    case SmokeField3D::Vorticity: return "Vorticity";
    case SmokeField3D::Solid: return "Solid";
    case SmokeField3D::OpenX: return "OpenX";
    case SmokeField3D::OpenY: return "OpenY";
    case SmokeField3D::OpenZ: return "OpenZ";
    case SmokeField3D::SolidVelocityX: return "SolidVelocityX";
    case SmokeField3D::SolidVelocityY: return "SolidVelocityY";
    case SmokeField3D::SolidVelocityZ: return "SolidVelocityZ";
    case SmokeField3D::ExpansionSource: return "ExpansionSource";
    case SmokeField3D::MidpointPressure: return "MidpointPressure";
    case SmokeField3D::MidpointVelocityX: return "MidpointVelocityX";
    case SmokeField3D::MidpointVelocityY: return "MidpointVelocityY";
    case SmokeField3D::MidpointVelocityZ: return "MidpointVelocityZ";
    }
    return "?";
}

const char* passName(SmokePass3D pass) noexcept {
    static const char* names[] = {"colliders", "reflect", "advect",  "emit",       "combustion", "buoyancy",
                                  "vorticity", "diffuse", "damping", "divergence", "pressure",   "subtract_gradient"};
    static_assert(std::size(names) == static_cast<size_t>(SmokePass3D::Count));
    return static_cast<uint32_t>(pass) < static_cast<uint32_t>(SmokePass3D::Count) ? names[static_cast<uint32_t>(pass)] : "?";
}

namespace {

bool isDerived(SmokeField3D field) {
    switch (field) {
    case SmokeField3D::Vorticity: case SmokeField3D::Solid: case SmokeField3D::OpenX: case SmokeField3D::OpenY: case SmokeField3D::OpenZ:
    case SmokeField3D::SolidVelocityX: case SmokeField3D::SolidVelocityY: case SmokeField3D::SolidVelocityZ:
    case SmokeField3D::ExpansionSource: case SmokeField3D::MidpointVelocityX: case SmokeField3D::MidpointVelocityY:
    case SmokeField3D::MidpointVelocityZ:
        return true;
    default:
        return false;
    }
}

// The face axis of a velocity component (0, 1, 2), or -1 for other fields.
int velocityAxis(SmokeField3D field) {
    return field == SmokeField3D::VelocityX ? 0 : field == SmokeField3D::VelocityY ? 1 : field == SmokeField3D::VelocityZ ? 2 : -1;
}

// Whether `field` is one of the flow's, stored as the settings' FlowStorage: the velocity (and its
// midpoint copy), density, temperature and fuel.
bool isFlowField(SmokeField3D field) {
    switch (field) {
    case SmokeField3D::VelocityX: case SmokeField3D::VelocityY: case SmokeField3D::VelocityZ: case SmokeField3D::Density:
    case SmokeField3D::Temperature: case SmokeField3D::Fuel: case SmokeField3D::MidpointVelocityX:
    case SmokeField3D::MidpointVelocityY: case SmokeField3D::MidpointVelocityZ:
        return true;
    default:
        return false;
    }
}

// The face axis of a midpoint velocity component, or -1.
int midpointAxis(SmokeField3D field) {
    return field == SmokeField3D::MidpointVelocityX   ? 0
           : field == SmokeField3D::MidpointVelocityY ? 1
           : field == SmokeField3D::MidpointVelocityZ ? 2
                                                 : -1;
}

} // namespace

SmokeSolver3D::Impl::Impl(std::shared_ptr<Context> ctx, const SmokeSettings3D& s)
    : SmokeCore(std::move(ctx), "SmokeSolver3D", s) {
    settings.validate();
    detail::requireDeviceFits(cs, settings);
    mac = {settings.nx, settings.ny, settings.nz};

    // Every member is RAII: if anything below throws, what was built is released. Fields start
    // zero-filled.
    gridUniform = detail::UniformBuffer<gpu::Grid3DParams>(cs);
    const size_t cells = mac.cells();
    const int copies = static_cast<int>(detail::fieldCopies(settings));
    const FlowStorage storage = settings.flowStorage;
    temperatureOrigin = float16Flow() ? settings.ambientTemperature : 0.0f;
    detail::makePingPongOfBytes(cs, u, detail::flowBytes(storage, mac.xFaces()), copies);
    detail::makePingPongOfBytes(cs, v, detail::flowBytes(storage, mac.yFaces()), copies);
    detail::makePingPongOfBytes(cs, w, detail::flowBytes(storage, mac.zFaces()), copies);
    detail::makePingPongOfBytes(cs, density, detail::flowBytes(storage, cells), copies);
    detail::makePingPongOfBytes(cs, temperature, detail::flowBytes(storage, cells), copies);
    detail::makePingPongOfBytes(cs, fuel, detail::flowBytes(storage, cells), copies);
    detail::makePingPongOfBytes(cs, colour, hasColour() ? VkDeviceSize(cells) * 16 : 16, copies);
    detail::makePingPong(cs, pressure, cells, 2);
    divergence = detail::fieldBuffer(cs, cells);
    expansionSource = detail::fieldBuffer(cs, cells);
    vorticity = detail::fieldBuffer(cs, cells);
    confinement = detail::fieldBuffer(cs, size_t(cells) * 4);
    curl[0] = detail::fieldBuffer(cs, size_t(mac.nx) * (mac.ny + 1) * (mac.nz + 1));
    curl[1] = detail::fieldBuffer(cs, size_t(mac.nx + 1) * mac.ny * (mac.nz + 1));
    curl[2] = detail::fieldBuffer(cs, size_t(mac.nx + 1) * (mac.ny + 1) * mac.nz);
    geometry.solid = detail::fieldBuffer(cs, cells);
    for (int a = 0; a < 3; ++a) {
        geometry.open[a] = detail::fieldBuffer(cs, mac.faces(a));
        geometry.solidVelocity[a] = detail::fieldBuffer(cs, mac.faces(a));
    }
    emitters = detail::HostEditQueue<gpu::GpuEmitter3D>(cs, kMaxEmitters);
    // The reflection's buffers count when they are allocated (allocateReflectionBuffers).
    SmokeSettings3D withoutReflection = settings;
    withoutReflection.advectionReflection = false;
    fieldBytes = detail::plannedBytes(detail::plannedBuffers(withoutReflection)) + gridUniform.size() +
                 uint64_t(kMaxEmitters) * sizeof(gpu::GpuEmitter3D);

    kernels = std::make_unique<detail::KernelSet>(cs, std::initializer_list<detail::KernelGroup>{detail::KernelGroup::Smoke3d},
                                                  std::initializer_list<detail::KernelId>{detail::KernelId::HealthNonfiniteScan,
                                                                                         detail::KernelId::MassFactor,
                                                                                         detail::KernelId::MassScale},
                                                  gridUniform.handle(), gridUniform.size(), float16Flow());
    timer = detail::GpuTimer(cs, static_cast<uint32_t>(SmokePass3D::Count));
    massCorrection = detail::MassCorrection(cs, cells);
    health = detail::HealthRing(cs, {"VelocityX", "VelocityY", "VelocityZ", "Density", "Temperature", "Fuel", "Colour", "Pressure"},
                                "SmokeSolver3D");

    // The temperature starts at ambient everywhere (with 16-bit storage its origin: the zeros the
    // buffer starts with).
    if (!float16Flow()) {
        std::vector<float> ambient(cells, settings.ambientTemperature);
        detail::uploadBytes(cs, temperature.now(), std::as_bytes(std::span(ambient)));
    }
    solidHost.assign(cells, 0.0f);
    gridUniform.upload(gridParams());
    poisson = createPoissonSolver();
    // The largest field a download copies: a face grid, or the colour (4 floats a cell).
    readback = detail::FieldReadback(
        cs, sizeof(float) * std::max({mac.xFaces(), mac.yFaces(), mac.zFaces(), hasColour() ? 4 * mac.cells() : 0}));
    if (settings.advectionReflection) allocateReflectionBuffers();
    prepareDiffusion(settings);
    refreshGeometry();
}

gpu::Grid3DParams SmokeSolver3D::Impl::gridParams() const { return detail::grid3DParams(settings, temperatureOrigin); }

void SmokeSolver3D::Impl::recordPass(VkCommandBuffer cmd, SmokePass3D pass, float dt, bool fusedForces) {
    timer.begin(cmd, static_cast<uint32_t>(pass));
    switch (pass) {
    case SmokePass3D::Colliders: recordColliders(cmd); break;
    case SmokePass3D::Emit: recordEmit(cmd, dt); break;
    case SmokePass3D::Combustion: recordCombustion(cmd, dt); break;
    case SmokePass3D::Buoyancy:
        if (!fusedForces) recordBuoyancy(cmd, dt);
        break;
    case SmokePass3D::Vorticity: fusedForces ? recordVelocityForces(cmd, dt) : recordVorticity(cmd, dt); break;
    case SmokePass3D::Reflect: recordReflect(cmd, dt); break;
    case SmokePass3D::Advect: recordAdvect(cmd, dt); break;
    case SmokePass3D::Diffuse: recordDiffuse(cmd, dt); break;
    case SmokePass3D::Damping: recordDamping(cmd, dt, !fusedForces); break;
    case SmokePass3D::Divergence: recordDivergence(cmd); break;
    case SmokePass3D::PressureSolve: recordPressureSolve(cmd, dt); break;
    case SmokePass3D::SubtractGradient: recordSubtractGradient(cmd, dt); break;
    case SmokePass3D::Count: break;
    }
    timer.end(cmd, static_cast<uint32_t>(pass));
}

void SmokeSolver3D::Impl::recordHealthScan(VkCommandBuffer cmd) {
    // 16-bit fields are scanned as halves, with no physical limit: beyond a half's 65504 a value
    // is stored as infinity, which the scan reports.
    const bool halves = float16Flow();
    const detail::ScannedField fields[] = {
        {u.now(), u.copies[0].size(), halves, kHealthSpeedLimit},
        {v.now(), v.copies[0].size(), halves, kHealthSpeedLimit},
        {w.now(), w.copies[0].size(), halves, kHealthSpeedLimit},
        {density.now(), density.copies[0].size(), halves},
        {temperature.now(), temperature.copies[0].size(), halves, kHealthTemperatureLimit},
        {fuel.now(), fuel.copies[0].size(), halves},
        {colour.now(), hasColour() ? colour.copies[0].size() : 0},
        {pressure.now(), pressure.copies[0].size()},
    };
    health.recordScan(cmd, *kernels, fields);
}

void SmokeSolver3D::Impl::keepOwnState(detail::RecordSnapshot& saved) {
    for (PingPong* pair : {&u, &v, &w, &density, &temperature, &fuel, &colour, &pressure, &midpointPressure})
        saved.keep(pair->current);
    saved.keepStateOf(emitters);
    keepSmokeState(saved);
}

template class SmokeSolverCalls<SmokePass3D, SmokePassTiming3D>;

SmokeSolver3D::SmokeSolver3D(std::shared_ptr<Context> context, const SmokeSettings3D& settings)
    : SmokeSolverCalls(
          [&]() -> std::unique_ptr<detail::SolverCore> {
              if (!context) throw InvalidArgument("SmokeSolver3D: context", "is null");
              return std::make_unique<Impl>(std::move(context), settings);
          }(),
          "SmokeSolver3D") {}

detail::Entered<SmokeSolver3D::Impl> SmokeSolver3D::use(const char* call, detail::EntryCheck check) const {
    return detail::Entered<Impl>(core(call, check));
}
const SmokeSolver3D::Impl* SmokeSolver3D::state() const noexcept { return static_cast<const Impl*>(coreIfAny()); }

const SmokeSettings3D& SmokeSolver3D::settings() const { return use("settings", detail::EntryCheck::EvenIfUnusable)->settings; }

void SmokeSolver3D::updateSettings(const SmokeSettings3D& settings) {
    const auto held = use("updateSettings");
    Impl& s = *held;
    settings.validate();
    const SmokeSettings3D& old = s.settings;
    detail::requireUnchanged(settings.nx == old.nx && settings.ny == old.ny && settings.nz == old.nz,
                             "SmokeSettings3D::nx/ny/nz");
    detail::requireUnchanged(settings.colour == old.colour, "SmokeSettings3D::colour");
    detail::requireUnchanged(settings.flowStorage == old.flowStorage, "SmokeSettings3D::flowStorage");
    const bool geometryChanged = settings.cellSize != old.cellSize ||
                                 std::memcmp(&settings.boundaries, &old.boundaries, sizeof(settings.boundaries)) != 0;
    const bool traceChanged = settings.backTrace != old.backTrace;  // `old` is s.settings: compare before it changes
    if (settings.advectionReflection) {  // before anything changes: nothing half-changed if it throws
        SmokeSettings3D withReflection = s.settings;
        withReflection.advectionReflection = true;
        detail::requireDeviceFits(s.cs, withReflection);
        s.allocateReflectionBuffers();
    }
    if (detail::fieldCopies(settings) == 3 && !s.u.hasScratch()) {  // a corrected scheme or diffusion from now on
        detail::requireDeviceFits(s.cs, settings);
        s.fieldBytes += detail::addScratchCopies(s.cs, {&s.u, &s.v, &s.w, &s.density, &s.temperature, &s.fuel, &s.colour});
    }
    s.prepareDiffusion(settings);
    s.settings = settings;
    s.midpointReady = false;
    if (geometryChanged || traceChanged) s.gridUniform.upload(s.gridParams());
    if (geometryChanged) {
        s.poisson->setBoundaries(s.poissonSides(), settings.cellSize);
        s.refreshGeometry();
    }
}

uint64_t SmokeSolver3D::allocatedBytes() const noexcept {
    if (!state()) return 0;
    return state()->fieldBytes + state()->poisson->allocatedBytes() +
           (state()->diffusion ? state()->diffusion->allocatedBytes() : 0);
}

size_t SmokeSolver3D::fieldSize(SmokeField3D field) const noexcept {
    if (!state()) return 0;
    const detail::MacGrid3D& mac = state()->mac;
    switch (field) {
    case SmokeField3D::VelocityX: case SmokeField3D::OpenX: case SmokeField3D::SolidVelocityX: return mac.xFaces();
    case SmokeField3D::VelocityY: case SmokeField3D::OpenY: case SmokeField3D::SolidVelocityY: return mac.yFaces();
    case SmokeField3D::VelocityZ: case SmokeField3D::OpenZ: case SmokeField3D::SolidVelocityZ: return mac.zFaces();
    case SmokeField3D::Colour: return state()->hasColour() ? mac.cells() * 4 : 0;
    case SmokeField3D::Density: case SmokeField3D::Temperature: case SmokeField3D::Fuel: case SmokeField3D::Pressure:
    case SmokeField3D::Divergence: case SmokeField3D::Vorticity: case SmokeField3D::Solid: case SmokeField3D::ExpansionSource:
        return mac.cells();
    case SmokeField3D::MidpointPressure: return state()->midpointPressure.now() != VK_NULL_HANDLE ? mac.cells() : 0;
    case SmokeField3D::MidpointVelocityX: case SmokeField3D::MidpointVelocityY: case SmokeField3D::MidpointVelocityZ:
        return state()->midpoint[0].handle() != VK_NULL_HANDLE ? mac.faces(midpointAxis(field)) : 0;
    }
    return 0;  // an unknown field
}

VkBuffer SmokeSolver3D::buffer(SmokeField3D field) const noexcept {
    if (!state()) return VK_NULL_HANDLE;
    const Impl& s = *state();
    switch (field) {
    case SmokeField3D::VelocityX: return s.u.now();
    case SmokeField3D::VelocityY: return s.v.now();
    case SmokeField3D::VelocityZ: return s.w.now();
    case SmokeField3D::Density: return s.density.now();
    case SmokeField3D::Temperature: return s.temperature.now();
    case SmokeField3D::Fuel: return s.fuel.now();
    case SmokeField3D::Colour: return s.hasColour() ? s.colour.now() : VK_NULL_HANDLE;
    case SmokeField3D::Pressure: return s.pressure.now();
    case SmokeField3D::Divergence: return s.divergence.handle();
    case SmokeField3D::Vorticity: return s.vorticity.handle();
    case SmokeField3D::Solid: return s.geometry.solid.handle();
    case SmokeField3D::OpenX: return s.geometry.open[0].handle();
    case SmokeField3D::OpenY: return s.geometry.open[1].handle();
    case SmokeField3D::OpenZ: return s.geometry.open[2].handle();
    case SmokeField3D::SolidVelocityX: return s.geometry.solidVelocity[0].handle();
    case SmokeField3D::SolidVelocityY: return s.geometry.solidVelocity[1].handle();
    case SmokeField3D::SolidVelocityZ: return s.geometry.solidVelocity[2].handle();
    case SmokeField3D::ExpansionSource: return s.expansionSource.handle();
    case SmokeField3D::MidpointPressure: return s.midpointPressure.now();
    case SmokeField3D::MidpointVelocityX: case SmokeField3D::MidpointVelocityY: case SmokeField3D::MidpointVelocityZ:
        return s.midpoint[midpointAxis(field)].handle();
    }
    return VK_NULL_HANDLE;
}

VkDeviceSize SmokeSolver3D::bufferSize(SmokeField3D field) const noexcept {
    if (!state()) return 0;
    const FlowStorage storage = isFlowField(field) ? state()->settings.flowStorage : FlowStorage::Float32;
    return detail::flowBytes(storage, fieldSize(field));
}

float SmokeSolver3D::storedTemperatureOrigin() const noexcept { return state() ? state()->temperatureOrigin : 0.0f; }

namespace {
// The values of a 16-bit flow field's bytes (halves, low half of each word first), plus `origin`.
void valuesFromHalves(std::span<const std::byte> bytes, float origin, std::vector<float>& out) {
    for (size_t k = 0; k < out.size(); ++k) {
        uint16_t half = 0;
        std::memcpy(&half, bytes.data() + 2 * k, sizeof half);
        out[k] = detail::halfToFloat(half) + origin;
    }
}
} // namespace

namespace {
void requireKnownField(SmokeField3D field, const char* call) {
    if (static_cast<uint32_t>(field) > static_cast<uint32_t>(SmokeField3D::MidpointVelocityZ))
        throw InvalidArgument(std::string(call) + ": field", "unknown field");
}
} // namespace

std::vector<float> SmokeSolver3D::download(SmokeField3D field) {
    const auto held = use("download");
    Impl& s = *held;
    requireKnownField(field, "download");
    std::vector<float> out(fieldSize(field));
    if (out.empty()) return out;
    if (isFlowField(field) && s.float16Flow()) {
        std::vector<std::byte> bytes(bufferSize(field));
        detail::downloadBytes(s.cs, buffer(field), bytes);
        valuesFromHalves(bytes, field == SmokeField3D::Temperature ? s.temperatureOrigin : 0.0f, out);
        return out;
    }
    detail::downloadBytes(s.cs, buffer(field), std::as_writable_bytes(std::span(out)));
    return out;
}

uint64_t SmokeSolver3D::recordDownload(VkCommandBuffer cmd, SmokeField3D field) {
    const auto held = use("recordDownload");
    Impl& s = *held;
    requireKnownField(field, "recordDownload");
    const VkBuffer source = buffer(field);
    return s.recordDownloadCall(cmd, source, source ? bufferSize(field) : 0, static_cast<uint32_t>(field));
}

std::optional<std::vector<float>> SmokeSolver3D::collectDownload(uint64_t ticket) {
    const auto held = use("collectDownload");
    Impl& s = *held;
    std::optional<detail::FieldReadback::Collected> copy = s.collectDownloadCall(ticket);
    if (!copy) return std::nullopt;
    const auto field = static_cast<SmokeField3D>(copy->tag);
    std::vector<float> out(fieldSize(field));
    if (copy->bytes.empty()) return out;
    if (isFlowField(field) && s.float16Flow())
        valuesFromHalves(copy->bytes, field == SmokeField3D::Temperature ? s.temperatureOrigin : 0.0f, out);
    else
        std::memcpy(out.data(), copy->bytes.data(), out.size() * sizeof(float));
    return out;
}

void SmokeSolver3D::upload(SmokeField3D field, std::span<const float> values) {
    const auto held = use("upload");
    Impl& s = *held;
    requireKnownField(field, "upload");
    const std::string what = std::string("upload(") + fieldName(field) + ")";
    if (isDerived(field))
        throw InvalidArgument(what + ": field", "is derived by the solver and cannot be uploaded (use setSolidMask "
                                                "for obstacles)");
    if (field == SmokeField3D::Colour && !s.hasColour())
        throw InvalidArgument(what + ": field", "the solver has no colour field (SmokeSettings3D::colour is false)");
    if (field == SmokeField3D::MidpointPressure && s.midpointPressure.now() == VK_NULL_HANDLE)
        throw InvalidArgument(what + ": field", "has no buffer yet (SmokeSettings3D::advectionReflection was never enabled)");
    if (values.size() != fieldSize(field))
        throw InvalidArgument(what + ": values.size()",
                              "must be " + std::to_string(fieldSize(field)) + " (got " + std::to_string(values.size()) + ")");
    detail::requireUploadable(values, what);
    if (isFlowField(field) && s.float16Flow()) s.requireHalfRange(field, values, what);  // before anything changes
    // A new velocity or pressure replaces what a pending increment was the change of.
    if (velocityAxis(field) >= 0 || field == SmokeField3D::Pressure) s.incrementPending = false;
    // On a periodic axis the last face layer and layer 0 are one face: keep them equal, as the
    // kernels do.
    const int axis = velocityAxis(field);
    if (axis >= 0 && s.settings.boundaries[2 * axis].type == BoundaryType::Periodic) {
        std::vector<float> consistent(values.begin(), values.end());
        const detail::MacGrid3D& m = s.mac;
        const uint32_t counts[3][3] = {{m.nx + 1, m.ny, m.nz}, {m.nx, m.ny + 1, m.nz}, {m.nx, m.ny, m.nz + 1}};
        const uint32_t* n = counts[axis];
        for (uint32_t k = 0; k < n[2]; ++k)
            for (uint32_t j = 0; j < n[1]; ++j)
                for (uint32_t i = 0; i < n[0]; ++i) {
                    const uint32_t index[3] = {i, j, k};
                    if (index[axis] != n[axis] - 1) continue;
                    uint32_t first[3] = {i, j, k};
                    first[axis] = 0;
                    auto flat = [&](const uint32_t* c) { return c[0] + size_t(n[0]) * (c[1] + size_t(n[1]) * c[2]); };
                    consistent[flat(index)] = consistent[flat(first)];
                }
        s.uploadField(buffer(field), field, consistent);
        return;
    }
    s.uploadField(buffer(field), field, values);
}

void SmokeSolver3D::Impl::requireHalfRange(SmokeField3D field, std::span<const float> values, const std::string& what) const {
    const float origin = field == SmokeField3D::Temperature ? temperatureOrigin : 0.0f;
    for (size_t k = 0; k < values.size(); ++k)
        if (std::abs(values[k] - origin) > detail::kHalfMax)
            throw InvalidArgument(what + ": values[" + std::to_string(k) + "]",
                                  "must be within +-65504" + std::string(origin != 0.0f ? " of the stored origin " +
                                                                                         std::to_string(origin) + " K"
                                                                                   : "") +
                                      " with flowStorage Float16 (got " + std::to_string(values[k]) + ")");
}

void SmokeSolver3D::Impl::uploadField(VkBuffer target, SmokeField3D field, std::span<const float> values) {
    if (!(isFlowField(field) && float16Flow())) {
        detail::uploadBytes(cs, target, std::as_bytes(values));
        return;
    }
    const float origin = field == SmokeField3D::Temperature ? temperatureOrigin : 0.0f;
    std::vector<uint16_t> halves((values.size() + 1) / 2 * 2, 0);  // whole words
    for (size_t k = 0; k < values.size(); ++k) halves[k] = detail::floatToHalf(values[k] - origin);
    detail::uploadBytes(cs, target, std::as_bytes(std::span(halves)));
}

} // namespace billow
