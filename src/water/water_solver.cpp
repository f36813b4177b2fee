// WaterSolver: creation, settings, brushes, host access and the blocking step(). Frames are
// recorded in water_frame.cpp.
#include "billow/water_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/barriers.hpp"
#include "core/quiet_wait.hpp"
#include "core/storage_range.hpp"
#include "core/validation.hpp"
#include "grid/mac_grid.hpp"
#include "water/water_boundary_table.hpp"
#include "water/water_solver_impl.hpp"

namespace billow {

using detail::GpuBuffer;

const char* waterFieldName(WaterField field) noexcept {
    switch (field) {
    case WaterField::Depth: return "Depth";
    case WaterField::Terrain: return "Terrain";
    case WaterField::FlowX: return "FlowX";
    case WaterField::FlowY: return "FlowY";
    case WaterField::Velocity: return "Velocity";
    case WaterField::Dye: return "Dye";
    case WaterField::FaceVelocityX: return "FaceVelocityX";
    case WaterField::FaceVelocityY: return "FaceVelocityY";
    case WaterField::FlowZ: return "FlowZ";
    case WaterField::Sediment: return "Sediment";
    case WaterField::Hardness: return "Hardness";
    }
    return "?";
}

namespace {

// Checks that the largest field (the per-cell velocity, two floats a cell) fits the device's
// storage-buffer range before allocating.
void checkBufferRange(const detail::ContextState& cs, const WaterSettings& s) {
    detail::requireStorageRange(cs, uint64_t(detail::MacGrid{s.nx, s.ny}.cells()) * 2 * sizeof(float),
                                "WaterSettings::nx/ny", "a " + std::to_string(s.nx) + " x " + std::to_string(s.ny) + " grid",
                                " for its velocity field");
}

// Floats of `field` on the settings' lattice (billow/water_solver.hpp has the layouts).
size_t fieldFloats(const WaterSettings& s, WaterField field) {
    const detail::MacGrid mac{s.nx, s.ny};
    const bool triangle = s.lattice == WaterLattice::Triangle;
    const size_t diagonalEdges = size_t(s.nx + 1) * (s.ny + 1);  // Triangle: flowY and flowZ
    switch (field) {
    case WaterField::FlowX: case WaterField::FaceVelocityX: return mac.xFaces();
    case WaterField::FlowY: return triangle ? diagonalEdges : mac.yFaces();
    case WaterField::FaceVelocityY: return mac.yFaces();
    case WaterField::FlowZ: return triangle ? diagonalEdges : 0;
    case WaterField::Velocity: return 2 * mac.cells();
    case WaterField::Depth: case WaterField::Terrain: case WaterField::Dye: case WaterField::Sediment:
    case WaterField::Hardness: return mac.cells();
    }
    return 0;  // an unknown field
}

} // namespace

WaterSolver::Impl::Impl(std::shared_ptr<Context> ctx, const WaterSettings& s)
    : SolverCore(std::move(ctx), "WaterSolver"), settings(s) {
    settings.validate();
    checkBufferRange(cs, settings);
    nx = settings.nx;
    ny = settings.ny;
    const detail::MacGrid mac{nx, ny};

    // Every member is RAII: if anything below throws, what was built is released. Fields start
    // zero-filled.
    params = detail::UniformBuffer<gpu::WaterParams>(cs);
    boundaryTable = GpuBuffer(cs, 2 * (size_t(nx) + ny) * sizeof(gpu::WaterBoundaryFace),
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              GpuBuffer::Kind::DeviceLocal);
    terrain = detail::fieldBuffer(cs, mac.cells());
    depth = detail::fieldBuffer(cs, mac.cells());
    flowX = detail::fieldBuffer(cs, mac.xFaces());
    flowY = detail::fieldBuffer(cs, fieldFloats(settings, WaterField::FlowY));
    flowXUnscaled = detail::fieldBuffer(cs, mac.xFaces());
    flowYUnscaled = detail::fieldBuffer(cs, fieldFloats(settings, WaterField::FlowY));
    const size_t flowZFloats = std::max<size_t>(1, fieldFloats(settings, WaterField::FlowZ));
    flowZ = detail::fieldBuffer(cs, flowZFloats);
    flowZUnscaled = detail::fieldBuffer(cs, flowZFloats);
    detail::makePingPong(cs, sediment, mac.cells(), 2);
    hardness = detail::fieldBuffer(cs, mac.cells());
    scale = detail::fieldBuffer(cs, mac.cells());
    velocity = detail::fieldBuffer(cs, 2 * mac.cells());
    detail::makePingPong(cs, dye, mac.cells(), 2);
    detail::makePingPong(cs, faceVelocityX, mac.xFaces(), 2);
    detail::makePingPong(cs, faceVelocityY, mac.yFaces(), 2);
    brushes = detail::HostEditQueue<gpu::WaterBrushGpu>(cs, kMaxBrushesPerFrame);
    floatingBodies = detail::FloatingBodySet(cs);
    displacement = detail::fieldBuffer(cs, mac.cells());
    bodyReports = detail::ResultRing(cs, kMaxFloatingBodies * BILLOW_BODY_REPORT_WORDS);
    stats = detail::ReadbackRing(cs, BILLOW_WATER_STAT_SLOTS, BILLOW_WATER_STAT_WORDS);
    // The largest field a download copies: the cells' velocity (2 floats a cell), or a face grid.
    readback = detail::FieldReadback(cs, sizeof(float) * std::max({2 * mac.cells(), mac.xFaces(),
                                                                   fieldFloats(settings, WaterField::FlowY)}));
    // Every kernel of shaders/water.
    kernels = std::make_unique<detail::KernelSet>(
        cs, std::initializer_list<detail::KernelGroup>{detail::KernelGroup::Water},
        std::initializer_list<detail::KernelId>{detail::KernelId::HealthNonfiniteScan}, params.handle(), params.size());
    timer = detail::GpuTimer(cs, 1);
    health = detail::HealthRing(cs, {"Depth", "FlowX", "FlowY", "FaceVelocityX", "FaceVelocityY", "Dye", "FlowZ", "Sediment", "Bodies"},
                                "WaterSolver");
    uploadParams();
}

void WaterSolver::Impl::uploadParams() {
    gpu::WaterParams p{};
    p.nx = static_cast<int>(nx);
    p.ny = static_cast<int>(ny);
    p.h = settings.cellSize;
    p.invH = 1.0f / settings.cellSize;
    p.gravity = settings.gravity;
    p.pipeDepth = settings.pipeDepth;
    p.viscosity = settings.viscosity;
    p.dryDepth = settings.dryDepth;
    static_assert(int(WaterModel::VirtualPipes) == BILLOW_WATER_VIRTUAL_PIPES &&
                      int(WaterModel::DepthPipes) == BILLOW_WATER_DEPTH_PIPES &&
                      int(WaterModel::Momentum) == BILLOW_WATER_MOMENTUM,
                  "billow::WaterModel must match the water kernels' models");
    p.model = static_cast<int>(settings.model);
    static_assert(int(WaterLattice::Square) == BILLOW_WATER_SQUARE && int(WaterLattice::Triangle) == BILLOW_WATER_TRIANGLE,
                  "billow::WaterLattice must match the water kernels' lattices");
    p.lattice = static_cast<int>(settings.lattice);
    const std::vector<gpu::WaterBoundaryFace> table = detail::buildWaterBoundaryTable(settings);
    detail::uploadBytes(cs, boundaryTable.handle(), std::as_bytes(std::span(table)));
    params.upload(p);
}

namespace {

// The largest of a host bound (while fresh: fewer frames recorded since it was set than the ring
// has slots) and the GPU's measurements of `word` in every slot of the ring.
float knownMaximum(const detail::ReadbackRing& stats, uint32_t word, float hostBound, uint64_t hostFrame,
                   uint64_t framesRecorded) {
    float largest = framesRecorded < hostFrame + stats.slots() ? hostBound : 0.0f;
    for (uint32_t slot = 0; slot < stats.slots(); ++slot) largest = std::max(largest, stats.floatAt(slot, word));
    return largest;
}

} // namespace

float WaterSolver::Impl::knownMaxDepth() const {
    return knownMaximum(stats, BILLOW_WATER_STAT_MAX_DEPTH, hostDepthBound, hostBoundFrame, framesRecorded);
}

float WaterSolver::Impl::knownMaxSpeed() const {
    return knownMaximum(stats, BILLOW_WATER_STAT_MAX_SPEED, hostSpeedBound, hostSpeedFrame, framesRecorded);
}

double WaterSolver::Impl::waveSpeed() const {
    switch (settings.model) {
    case WaterModel::VirtualPipes: return std::sqrt(double(settings.gravity) * settings.pipeDepth);
    case WaterModel::DepthPipes: return std::sqrt(double(settings.gravity) * knownMaxDepth());
    case WaterModel::Momentum:  // the fastest flow carrying the fastest wave
        return double(knownMaxSpeed()) + std::sqrt(double(settings.gravity) * knownMaxDepth());
    }
    return 0.0;
}

double WaterSolver::Impl::stableTimeStep() const {
    const double c = waveSpeed();
    return c > 0.0 ? settings.courant * settings.cellSize / c : std::numeric_limits<double>::infinity();
}

void WaterSolver::Impl::recordHealthScan(VkCommandBuffer cmd) {
    if (settings.nonFiniteCheck == NonFiniteCheck::Off) return;
    const bool momentum = settings.model == WaterModel::Momentum;  // the face velocities are its state
    const detail::ScannedField fields[] = {
        {depth.handle(), depth.size(), false, kHealthDepthLimit},
        {flowX.handle(), flowX.size()},
        {flowY.handle(), flowY.size()},
        {faceVelocityX.now(), momentum ? faceVelocityX.copies[0].size() : 0, false, kHealthSpeedLimit},
        {faceVelocityY.now(), momentum ? faceVelocityY.copies[0].size() : 0, false, kHealthSpeedLimit},
        {dye.now(), dye.copies[0].size()},
        {flowZ.handle(), settings.lattice == WaterLattice::Triangle ? flowZ.size() : 0},
        {sediment.now(), settings.erosion.hydraulic.enabled ? sediment.copies[0].size() : 0},
        // The floating bodies' state after the frame (shaders/water/water_types.h GpuFloatingBody):
        // what the GPU integrates from the engine's bodies; firstIndex / 36 is the body.
        {floatingBodies.buffer(), VkDeviceSize(floatingBodies.count()) * sizeof(gpu::GpuFloatingBody)},
    };
    health.recordScan(cmd, *kernels, fields);
}

void WaterSolver::Impl::keepOwnState(detail::RecordSnapshot& saved) {
    for (detail::PingPong* pair : {&dye, &faceVelocityX, &faceVelocityY, &sediment}) saved.keep(pair->current);
    saved.keep(time);
    saved.keep(lastSubsteps);
    saved.keep(framesRecorded);
    saved.keepStateOf(brushes);
    saved.keep(hostDepthBound);
    saved.keep(hostBoundFrame);
    saved.keepStateOf(probes);
    saved.keepStateOf(floatingBodies);
    saved.keepStateOf(bodyReports);
    saved.keepStateOf(particles);
}

WaterSolver::WaterSolver(std::shared_ptr<Context> context, const WaterSettings& settings)
    : Solver(
          [&]() -> std::unique_ptr<detail::SolverCore> {
              if (!context) throw InvalidArgument("WaterSolver: context", "is null");
              return std::make_unique<Impl>(std::move(context), settings);
          }(),
          "WaterSolver") {}

detail::Entered<WaterSolver::Impl> WaterSolver::use(const char* call, detail::EntryCheck check) const {
    return detail::Entered<Impl>(core(call, check));
}
const WaterSolver::Impl* WaterSolver::state() const noexcept { return static_cast<const Impl*>(coreIfAny()); }

const WaterSettings& WaterSolver::settings() const { return use("settings", detail::EntryCheck::EvenIfUnusable)->settings; }

void WaterSolver::updateSettings(const WaterSettings& settings) {
    const auto held = use("updateSettings");
    Impl& s = *held;
    settings.validate();
    detail::requireUnchanged(settings.nx == s.nx && settings.ny == s.ny, "WaterSettings::nx/ny");
    // The flow buffers are sized per lattice.
    detail::requireUnchanged(settings.lattice == s.settings.lattice, "WaterSettings::lattice");
    // The bodies' bounds depend on the cell size, the density and gravity.
    s.floatingBodies.check(Impl::bodyWater(settings), "updateSettings");
    s.settings = settings;
    s.uploadParams();
}

double WaterSolver::stableTimeStep() const { return use("stableTimeStep", detail::EntryCheck::EvenIfUnusable)->stableTimeStep(); }

namespace {
// The substeps a frame of dt needs now (dt checked), for substepsFor and step's check.
template <class Impl>
uint32_t substepsNow(const Impl& s, float dt) {
    detail::requireTimeStep(dt);
    const double n = std::ceil(double(dt) / s.stableTimeStep());
    return n > 4e9 ? UINT32_MAX : std::max(1u, static_cast<uint32_t>(n));
}
} // namespace

uint32_t WaterSolver::substepsFor(float dt) const {
    return substepsNow(*use("substepsFor", detail::EntryCheck::EvenIfUnusable), dt);
}

uint32_t WaterSolver::record(VkCommandBuffer cmd, float dt) {
    const auto held = use("record");
    Impl& s = *held;
    s.recordCall(cmd, dt);
    return s.lastSubsteps;
}

uint32_t WaterSolver::step(float dt) {
    const auto held = use("step");
    Impl& s = *held;
    (void)substepsNow(s, dt);  // validates dt (and the substep count) before anything is recorded
    (void)s.bodySubsteps(dt);
    s.stepCall(dt, 1);
    return s.lastSubsteps;
}

uint64_t WaterSolver::allocatedBytes() const noexcept {
    const Impl* s = state();
    if (!s) return 0;
    uint64_t total = s->params.size();
    for (const detail::PingPong* p : {&s->sediment, &s->dye, &s->faceVelocityX, &s->faceVelocityY})
        for (const detail::GpuBuffer& copy : p->copies) total += copy.size();
    for (const detail::GpuBuffer* b : {&s->boundaryTable, &s->terrain, &s->depth, &s->flowX, &s->flowY, &s->scale,
                                       &s->velocity, &s->flowXUnscaled, &s->flowYUnscaled, &s->flowZ,
                                       &s->flowZUnscaled, &s->hardness, &s->displacement})
        total += b->size();
    return total;
}

uint32_t WaterSolver::lastSubsteps() const noexcept { return state() ? state()->lastSubsteps : 0; }
double WaterSolver::time() const noexcept { return state() ? state()->time : 0.0; }

void WaterSolver::addBrush(const WaterBrush& brush) {
    const auto held = use("addBrush");
    Impl& s = *held;
    detail::requireFinite(brush.x, "WaterBrush::x");
    detail::requireFinite(brush.y, "WaterBrush::y");
    for (auto [value, field] : {std::pair{brush.water, "WaterBrush::water"}, std::pair{brush.terrain, "WaterBrush::terrain"},
                                std::pair{brush.dye, "WaterBrush::dye"}})
        detail::requireBounded(value, field);
    detail::requireFiniteAndPositive(brush.radius, "WaterBrush::radius", "m");
    if (s.brushes.full())
        throw InvalidArgument("addBrush", "more than " + std::to_string(kMaxBrushesPerFrame) + " brushes queued in one frame");
    s.brushes.push({brush.x, brush.y, brush.radius, brush.water, brush.terrain, brush.dye, 0.0f, 0.0f});
    if (brush.water > 0.0f) {
        // The brush may deepen the deepest cell: keep the stability bound ahead of it.
        s.hostDepthBound = s.knownMaxDepth() + brush.water;
        s.hostBoundFrame = s.framesRecorded;
    }
}

void WaterSolver::setRain(const WaterRain& rain) {
    const auto held = use("setRain");
    Impl& s = *held;
    detail::requireNonNegative(rain.rate, "WaterRain::rate");
    if (rain.rate > kMaxRainRate)
        throw InvalidArgument("WaterRain::rate", "must be at most kMaxRainRate = " + std::to_string(kMaxRainRate) +
                                                     " m/s (got " + std::to_string(rain.rate) + ")");
    detail::requireNonNegative(rain.dye, "WaterRain::dye");
    for (auto [value, field] : {std::pair{rain.minX, "WaterRain::minX"}, std::pair{rain.minY, "WaterRain::minY"},
                                std::pair{rain.maxX, "WaterRain::maxX"}, std::pair{rain.maxY, "WaterRain::maxY"}})
        detail::requireFinite(value, field);
    if (!(rain.minX <= rain.maxX && rain.minY <= rain.maxY))
        throw InvalidArgument("WaterRain::minX/maxX/minY/maxY", "the region's minimum must not exceed its maximum");
    s.rain = rain;
}

const WaterRain& WaterSolver::rain() const { return use("rain", detail::EntryCheck::EvenIfUnusable)->rain; }

double WaterSolver::rainArea() const {
    const auto held = use("rainArea", detail::EntryCheck::EvenIfUnusable);
    const Impl& s = *held;
    const WaterSettings& w = s.settings;
    const bool triangle = w.lattice == WaterLattice::Triangle;
    const double h = w.cellSize, rowHeight = triangle ? h * std::sqrt(3.0) / 2.0 : h;
    // The columns' centres as the GPU computes them (water/lattice.glsl's cellCentre), in float.
    const float hf = w.cellSize, sqrt3 = 1.7320508f;
    uint64_t columns = 0;
    for (uint32_t j = 0; j < s.ny; ++j) {
        const float y = triangle ? (float(j) + 0.5f) * 0.5f * sqrt3 * hf : (float(j) + 0.5f) * hf;
        if (!(y >= s.rain.minY && y < s.rain.maxY)) continue;
        for (uint32_t i = 0; i < s.nx; ++i) {
            const float x = (float(i) + 0.5f + (triangle ? 0.5f * float(j & 1) : 0.0f)) * hf;
            if (x >= s.rain.minX && x < s.rain.maxX) ++columns;
        }
    }
    return double(columns) * h * rowHeight;
}

size_t WaterSolver::fieldSize(WaterField field) const noexcept {
    return state() ? fieldFloats(state()->settings, field) : 0;
}

VkBuffer WaterSolver::buffer(WaterField field) const noexcept {
    if (!state()) return VK_NULL_HANDLE;
    const Impl& s = *state();
    switch (field) {
    case WaterField::Depth: return s.depth.handle();
    case WaterField::Terrain: return s.terrain.handle();
    case WaterField::FlowX: return s.flowX.handle();
    case WaterField::FlowY: return s.flowY.handle();
    case WaterField::Velocity: return s.velocity.handle();
    case WaterField::Dye: return s.dye.now();
    case WaterField::FaceVelocityX: return s.faceVelocityX.now();
    case WaterField::FaceVelocityY: return s.faceVelocityY.now();
    case WaterField::FlowZ: return s.settings.lattice == WaterLattice::Triangle ? s.flowZ.handle() : VK_NULL_HANDLE;
    case WaterField::Sediment: return s.sediment.now();
    case WaterField::Hardness: return s.hardness.handle();
    }
    return VK_NULL_HANDLE;
}

namespace {
void requireField(WaterField field, const char* call) {
    detail::requireKnown(field, WaterField::Hardness, std::string(call) + ": field",
                         "unknown field (" + std::to_string(static_cast<uint32_t>(field)) + ")");
}
} // namespace

std::vector<float> WaterSolver::Impl::download(VkBuffer buffer, size_t floats) {
    std::vector<float> out(floats);
    detail::downloadBytes(cs, buffer, std::as_writable_bytes(std::span(out)));
    return out;
}

uint64_t WaterSolver::recordDownload(VkCommandBuffer cmd, WaterField field) {
    const auto held = use("recordDownload");
    Impl& s = *held;
    requireField(field, "recordDownload");
    if (fieldSize(field) == 0)
        throw InvalidArgument("recordDownload: field", std::string(waterFieldName(field)) + " exists on the Triangle lattice only");
    return s.recordDownloadCall(cmd, buffer(field), bufferSize(field), static_cast<uint32_t>(field));
}

std::optional<std::vector<float>> WaterSolver::collectDownload(uint64_t ticket) {
    const auto held = use("collectDownload");
    Impl& s = *held;
    std::optional<detail::FieldReadback::Collected> copy = s.collectDownloadCall(ticket);
    if (!copy) return std::nullopt;
    std::vector<float> out(fieldSize(static_cast<WaterField>(copy->tag)));
    std::memcpy(out.data(), copy->bytes.data(), out.size() * sizeof(float));
    return out;
}

std::vector<float> WaterSolver::download(WaterField field) {
    const auto held = use("download");
    Impl& s = *held;
    requireField(field, "download");
    if (fieldSize(field) == 0) return {};  // FlowZ on the Square lattice
    return s.download(buffer(field), fieldSize(field));
}

void WaterSolver::upload(WaterField field, std::span<const float> values) {
    const auto held = use("upload");
    Impl& s = *held;
    requireField(field, "upload");
    const std::string what = std::string("upload(") + waterFieldName(field) + ")";
    if (field == WaterField::Velocity) throw InvalidArgument(what, "Velocity is derived from the flows; upload FlowX/FlowY");
    if (field == WaterField::FlowZ && s.settings.lattice != WaterLattice::Triangle)
        throw InvalidArgument(what, "FlowZ exists on the Triangle lattice only");
    if (values.size() != fieldSize(field))
        throw InvalidArgument(what + ": values.size()", "must be " + std::to_string(fieldSize(field)) + " (got " +
                                                            std::to_string(values.size()) + ")");
    const bool nonNegative = field == WaterField::Depth || field == WaterField::Dye || field == WaterField::Sediment;
    detail::requireUploadable(values, what);
    float largest = 0.0f;  // of the magnitudes
    for (size_t k = 0; k < values.size(); ++k) {
        if (nonNegative && values[k] < 0.0f)
            throw InvalidArgument(what + ": values[" + std::to_string(k) + "]",
                                  "must be >= 0 (got " + std::to_string(values[k]) + ")");
        if (field == WaterField::Hardness && !(values[k] >= 0.0f && values[k] <= 1.0f))
            throw InvalidArgument(what + ": values[" + std::to_string(k) + "]",
                                  "must be in [0, 1] (got " + std::to_string(values[k]) + ")");
        largest = std::max(largest, std::abs(values[k]));
    }
    detail::uploadBytes(s.cs, buffer(field), std::as_bytes(values));
    if (field == WaterField::Depth) {
        // The uploaded field replaces the depths the GPU measured before.
        s.stats.clearWordInEverySlot(BILLOW_WATER_STAT_MAX_DEPTH);
        s.hostDepthBound = largest;
        s.hostBoundFrame = s.framesRecorded;
    }
    if (field == WaterField::FaceVelocityX || field == WaterField::FaceVelocityY) {
        // The measurements also cover the other axis's velocities, which stay: keep them.
        s.hostSpeedBound = std::max(s.knownMaxSpeed(), largest);
        s.hostSpeedFrame = s.framesRecorded;
    }
}

double WaterSolver::totalVolume() {
    const auto held = use("totalVolume");
    Impl& s = *held;
    const std::vector<float> d = s.download(buffer(WaterField::Depth), fieldSize(WaterField::Depth));
    double sum = 0.0;
    for (float v : d) sum += v;
    const double h = s.settings.cellSize;
    // A vertex of the Triangle lattice holds a hexagon of area sqrt(3)/2 h^2.
    const double area = s.settings.lattice == WaterLattice::Triangle ? 0.5 * std::sqrt(3.0) * h * h : h * h;
    return sum * area;
}

VkDeviceSize WaterSolver::bufferSize(WaterField field) const noexcept { return fieldSize(field) * sizeof(float); }

std::vector<WaterPassTiming> WaterSolver::passTimings() { return use("passTimings", detail::EntryCheck::EvenIfUnusable)->passTimings<WaterPassTiming>(); }

double WaterSolver::lastFrameMilliseconds() {
    const detail::GpuTimer& timer = use("lastFrameMilliseconds", detail::EntryCheck::EvenIfUnusable)->timer;
    if (!timer.wasRecorded(0)) return -1.0;
    return timer.milliseconds(0).value_or(-1.0);  // -1 while the frame has not finished: never wait
}

} // namespace billow
