// WaterSolver: creation, settings, brushes, host access and the blocking step(). Frames are
// recorded in water_frame.cpp.
#include "billow/water_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "core/barriers.hpp"
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
    }
    return "?";
}

namespace {

constexpr VkBufferUsageFlags kFieldUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

GpuBuffer fieldBuffer(detail::ContextState& cs, size_t floats) {
    return GpuBuffer(cs, floats * sizeof(float), kFieldUsage, GpuBuffer::Kind::DeviceLocal);
}

void checkBufferRange(const detail::ContextState& cs, const WaterSettings& s) {
    const uint64_t limit = cs.properties.limits.maxStorageBufferRange;
    const uint64_t bytes = uint64_t(s.nx) * s.ny * 2 * sizeof(float);  // the velocity field, the largest
    if (bytes > limit)
        throw InvalidArgument("WaterSettings::nx/ny", "a " + std::to_string(s.nx) + " x " + std::to_string(s.ny) +
                              " grid needs " + std::to_string(bytes) + " bytes for its velocity field, above this "
                              "device's maxStorageBufferRange of " + std::to_string(limit));
}

} // namespace

WaterSolver::Impl::Impl(std::shared_ptr<Context> ctx, const WaterSettings& s)
    : context(std::move(ctx)), cs(context->state()), settings(s) {
    settings.validate();
    checkBufferRange(cs, settings);
    nx = settings.nx;
    ny = settings.ny;
    const size_t cells = size_t(nx) * ny;

    // Every member is RAII: if anything below throws, what was built is released.
    params = GpuBuffer(cs, sizeof(gpu::WaterParams), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       GpuBuffer::Kind::DeviceLocal);
    boundaryTable = GpuBuffer(cs, 2 * (size_t(nx) + ny) * sizeof(gpu::WaterBoundaryFace),
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                              GpuBuffer::Kind::DeviceLocal);
    terrain = fieldBuffer(cs, cells);
    depth = fieldBuffer(cs, cells);
    flowX = fieldBuffer(cs, size_t(nx + 1) * ny);
    flowY = fieldBuffer(cs, size_t(nx) * (ny + 1));
    flowXUnscaled = fieldBuffer(cs, flowX.size() / sizeof(float));
    flowYUnscaled = fieldBuffer(cs, flowY.size() / sizeof(float));
    scale = fieldBuffer(cs, cells);
    velocity = fieldBuffer(cs, 2 * cells);
    for (GpuBuffer& d : dye) d = fieldBuffer(cs, cells);
    for (GpuBuffer& u : faceVelocityX) u = fieldBuffer(cs, size_t(nx + 1) * ny);
    for (GpuBuffer& v : faceVelocityY) v = fieldBuffer(cs, size_t(nx) * (ny + 1));
    brushes = GpuBuffer(cs, kMaxBrushesPerFrame * sizeof(gpu::WaterBrushGpu),
                        VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                        GpuBuffer::Kind::DeviceLocal);
    depthStats = GpuBuffer(cs, 2 * kDepthSlots * sizeof(uint32_t),
                           VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                           GpuBuffer::Kind::Staging);
    std::memset(depthStats.mapped(), 0, depthStats.size());
    // Every kernel of shaders/water.
    kernels = std::make_unique<detail::KernelSet>(
        cs, std::initializer_list<detail::KernelGroup>{detail::KernelGroup::Water}, params.handle(),
        sizeof(gpu::WaterParams));
    if (context->supportsTimestamps()) {
        VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        info.queryCount = 2;
        BILLOW_VK(cs.vk.vkCreateQueryPool(cs.device, &info, cs.allocator, &queryPool));
    }
    for (GpuBuffer* b : {&terrain, &depth, &flowX, &flowY, &flowXUnscaled, &flowYUnscaled, &scale, &velocity, &dye[0],
                         &dye[1], &brushes, &faceVelocityX[0], &faceVelocityX[1], &faceVelocityY[0], &faceVelocityY[1]})
        detail::fillZero(cs, b->handle(), b->size());
    uploadParams();
}

WaterSolver::Impl::~Impl() {
    if (queryPool) cs.vk.vkDestroyQueryPool(cs.device, queryPool, cs.allocator);
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
    p.model = static_cast<int>(settings.model);
    const std::vector<gpu::WaterBoundaryFace> table = detail::buildWaterBoundaryTable(settings);
    detail::uploadBytes(cs, boundaryTable.handle(), std::as_bytes(std::span(table)));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        detail::memoryBarrier(cs, cmd, detail::kComputeReadWrite, detail::kTransferWrite);
        cs.vk.vkCmdUpdateBuffer(cmd, params.handle(), 0, sizeof(p), &p);
        detail::memoryBarrier(cs, cmd, detail::kTransferWrite,
                              {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_UNIFORM_READ_BIT});
    });
}

namespace {

// The largest of a host bound (while fresh: fewer than `slots` frames recorded since it was set)
// and the GPU's measurements in slots [first, first + slots) of the stats buffer.
float knownMaximum(const detail::GpuBuffer& stats, uint32_t first, uint32_t slots, float hostBound,
                   uint64_t hostFrame, uint64_t framesRecorded) {
    float largest = framesRecorded < hostFrame + slots ? hostBound : 0.0f;
    const auto* bits = static_cast<const uint32_t*>(stats.mapped());
    for (uint32_t slot = first; slot < first + slots; ++slot) {
        float measured;
        std::memcpy(&measured, &bits[slot], sizeof(float));
        largest = std::max(largest, measured);
    }
    return largest;
}

} // namespace

float WaterSolver::Impl::knownMaxDepth() const {
    return knownMaximum(depthStats, 0, kDepthSlots, hostDepthBound, hostBoundFrame, framesRecorded);
}

float WaterSolver::Impl::knownMaxSpeed() const {
    return knownMaximum(depthStats, kDepthSlots, kDepthSlots, hostSpeedBound, hostSpeedFrame, framesRecorded);
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

WaterSolver::WaterSolver(std::shared_ptr<Context> context, const WaterSettings& settings) {
    if (!context) throw InvalidArgument("WaterSolver: context", "is null");
    impl_ = std::make_unique<Impl>(std::move(context), settings);
}

WaterSolver::~WaterSolver() {
    if (impl_) {
        try {
            impl_->context->waitIdle();
        } catch (const Error&) {
            // The device is lost: nothing more can be waited for; release regardless.
        }
    }
}

const WaterSettings& WaterSolver::settings() const noexcept { return impl_->settings; }

void WaterSolver::updateSettings(const WaterSettings& settings) {
    settings.validate();
    if (settings.nx != impl_->nx || settings.ny != impl_->ny)
        throw InvalidArgument("WaterSettings::nx/ny", "cannot change on an existing solver; create a new one");
    impl_->settings = settings;
    impl_->uploadParams();
}

double WaterSolver::stableTimeStep() const { return impl_->stableTimeStep(); }

uint32_t WaterSolver::substepsFor(float dt) const {
    if (!std::isfinite(dt) || dt <= 0.0f) throw InvalidArgument("dt", "must be finite and > 0 s (got " + std::to_string(dt) + ")");
    const double n = std::ceil(double(dt) / impl_->stableTimeStep());
    return n > 4e9 ? UINT32_MAX : std::max(1u, static_cast<uint32_t>(n));
}

uint32_t WaterSolver::record(VkCommandBuffer cmd, float dt) {
    if (!cmd) throw InvalidArgument("record: cmd", "is VK_NULL_HANDLE");
    return impl_->recordFrame(cmd, dt);
}

void WaterSolver::recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const {
    detail::memoryBarrier(impl_->cs, cmd, detail::kComputeReadWrite, {dstStage, dstAccess});
}

uint32_t WaterSolver::step(float dt) {
    uint32_t substeps = substepsFor(dt);  // validates dt before anything is recorded
    impl_->cs.submitAndWait([&](VkCommandBuffer cmd) { substeps = impl_->recordFrame(cmd, dt); });
    return substeps;
}

uint32_t WaterSolver::lastSubsteps() const noexcept { return impl_->lastSubsteps; }
double WaterSolver::time() const noexcept { return impl_->time; }

void WaterSolver::addBrush(const WaterBrush& brush) {
    for (auto [value, field] : {std::pair{brush.x, "WaterBrush::x"}, std::pair{brush.y, "WaterBrush::y"},
                                std::pair{brush.water, "WaterBrush::water"}, std::pair{brush.terrain, "WaterBrush::terrain"},
                                std::pair{brush.dye, "WaterBrush::dye"}})
        if (!std::isfinite(value)) throw InvalidArgument(field, "must be finite");
    if (!std::isfinite(brush.radius) || brush.radius <= 0.0f) throw InvalidArgument("WaterBrush::radius", "must be finite and > 0 m");
    Impl& s = *impl_;
    if (s.pendingBrushes.size() >= kMaxBrushesPerFrame)
        throw InvalidArgument("addBrush", "more than " + std::to_string(kMaxBrushesPerFrame) + " brushes queued in one frame");
    s.pendingBrushes.push_back({brush.x, brush.y, brush.radius, brush.water, brush.terrain, brush.dye, 0.0f, 0.0f});
    if (brush.water > 0.0f) {
        // The brush may deepen the deepest cell: keep the stability bound ahead of it.
        s.hostDepthBound = s.knownMaxDepth() + brush.water;
        s.hostBoundFrame = s.framesRecorded;
    }
}

size_t WaterSolver::fieldSize(WaterField field) const noexcept {
    const size_t nx = impl_->nx, ny = impl_->ny;
    switch (field) {
    case WaterField::FlowX: return (nx + 1) * ny;
    case WaterField::FlowY: return nx * (ny + 1);
    case WaterField::FaceVelocityX: return (nx + 1) * ny;
    case WaterField::FaceVelocityY: return nx * (ny + 1);
    case WaterField::Velocity: return 2 * nx * ny;
    default: return nx * ny;
    }
}

VkBuffer WaterSolver::buffer(WaterField field) const noexcept {
    const Impl& s = *impl_;
    switch (field) {
    case WaterField::Depth: return s.depth.handle();
    case WaterField::Terrain: return s.terrain.handle();
    case WaterField::FlowX: return s.flowX.handle();
    case WaterField::FlowY: return s.flowY.handle();
    case WaterField::Velocity: return s.velocity.handle();
    case WaterField::Dye: return s.dye[s.dyeCurrent].handle();
    case WaterField::FaceVelocityX: return s.faceVelocityX[s.faceVelocityCurrent].handle();
    case WaterField::FaceVelocityY: return s.faceVelocityY[s.faceVelocityCurrent].handle();
    }
    return VK_NULL_HANDLE;
}

std::vector<float> WaterSolver::download(WaterField field) {
    std::vector<float> out(fieldSize(field));
    detail::downloadBytes(impl_->cs, buffer(field), std::as_writable_bytes(std::span(out)));
    return out;
}

void WaterSolver::upload(WaterField field, std::span<const float> values) {
    const std::string what = std::string("upload(") + waterFieldName(field) + ")";
    if (field == WaterField::Velocity) throw InvalidArgument(what, "Velocity is derived from the flows; upload FlowX/FlowY");
    if (static_cast<uint32_t>(field) > static_cast<uint32_t>(WaterField::FaceVelocityY)) throw InvalidArgument("upload: field", "unknown field");
    if (values.size() != fieldSize(field))
        throw InvalidArgument(what + ": values.size()", "must be " + std::to_string(fieldSize(field)) + " (got " +
                                                            std::to_string(values.size()) + ")");
    const bool nonNegative = field == WaterField::Depth || field == WaterField::Dye;
    float largest = 0.0f;  // of the magnitudes
    for (size_t k = 0; k < values.size(); ++k) {
        if (!std::isfinite(values[k]) || (nonNegative && values[k] < 0.0f))
            throw InvalidArgument(what + ": values[" + std::to_string(k) + "]",
                                  std::string(nonNegative ? "must be finite and >= 0" : "must be finite") + " (got " +
                                      std::to_string(values[k]) + ")");
        largest = std::max(largest, std::abs(values[k]));
    }
    detail::uploadBytes(impl_->cs, buffer(field), std::as_bytes(values));
    Impl& s = *impl_;
    if (field == WaterField::Depth) {
        // The uploaded field replaces the depths the GPU measured before.
        std::memset(s.depthStats.mapped(), 0, Impl::kDepthSlots * sizeof(uint32_t));
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
    const std::vector<float> d = download(WaterField::Depth);
    double sum = 0.0;
    for (float v : d) sum += v;
    const double h = impl_->settings.cellSize;
    return sum * h * h;
}

void WaterSolver::setProfiling(bool enabled) { impl_->profiling = enabled; }

double WaterSolver::lastFrameMilliseconds() {
    Impl& s = *impl_;
    if (!s.queryPool || !s.timedFrameRecorded) return -1.0;
    uint64_t ticks[2] = {0, 0};
    VkResult r = s.cs.vk.vkGetQueryPoolResults(s.cs.device, s.queryPool, 0, 2, sizeof(ticks), ticks, sizeof(uint64_t),
                                               VK_QUERY_RESULT_64_BIT);
    if (r == VK_NOT_READY) return -1.0;  // never wait
    BILLOW_VK(r);
    return static_cast<double>(ticks[1] - ticks[0]) * s.context->timestampPeriodNs() * 1e-6;
}

} // namespace billow
