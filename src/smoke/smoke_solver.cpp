// SmokeSolver: creation, settings, obstacles, host access and the convenience step().
// The passes themselves are recorded in smoke_passes.cpp.
#include "billow/smoke_solver.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/barriers.hpp"
#include "core/half_float.hpp"
#include "grid/obstacles.hpp"
#include "smoke/smoke_solver_impl.hpp"

namespace billow {

using detail::GpuBuffer;

const char* fieldName(Field field) noexcept {
    switch (field) {
    case Field::VelocityX: return "VelocityX";
    case Field::VelocityY: return "VelocityY";
    case Field::Density: return "Density";
    case Field::Temperature: return "Temperature";
    case Field::Dye: return "Dye";
    case Field::Pressure: return "Pressure";
    case Field::Divergence: return "Divergence";
    case Field::Curl: return "Curl";
    case Field::Solid: return "Solid";
    case Field::OpenX: return "OpenX";
    case Field::OpenY: return "OpenY";
    }
    return "?";
}

const char* passName(Pass pass) noexcept {
    static const char* names[] = {"inject", "buoyancy", "vorticity", "advect", "diffuse",
                                  "damping", "divergence", "pressure", "subtract_gradient"};
    return static_cast<uint32_t>(pass) < static_cast<uint32_t>(Pass::Count) ? names[static_cast<uint32_t>(pass)] : "?";
}

namespace {

constexpr VkBufferUsageFlags kFieldUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

GpuBuffer fieldBuffer(detail::ContextState& cs, size_t floats) {
    return GpuBuffer(cs, floats * sizeof(float), kFieldUsage, GpuBuffer::Kind::DeviceLocal);
}

void makePingPong(detail::ContextState& cs, PingPong& p, size_t floats, int copies) {
    for (int c = 0; c < copies; ++c) p.copies[c] = fieldBuffer(cs, floats);
}

// RGBA as 4 floats, or as 4 packed halves (dye_storage.glsl).
size_t dyeBytesPerCell(DyeStorage storage) { return storage == DyeStorage::Float16 ? 8 : 16; }

// Checks that the largest field fits the device's storage-buffer range before allocating.
void checkBufferRange(const detail::ContextState& cs, const SmokeSettings& s) {
    const uint64_t limit = cs.properties.limits.maxStorageBufferRange;
    const uint64_t velocityBytes = uint64_t(s.nx + 1) * (s.ny + 1) * sizeof(float);
    if (velocityBytes > limit)
        throw InvalidArgument("SmokeSettings::nx/ny", "a " + std::to_string(s.nx) + " x " + std::to_string(s.ny) +
                              " grid needs " + std::to_string(velocityBytes) + " bytes per field, above this device's "
                              "maxStorageBufferRange of " + std::to_string(limit));
    const uint64_t dyeBytes = uint64_t(s.effectiveDyeNx()) * s.effectiveDyeNy() * dyeBytesPerCell(s.dyeStorage);
    if (dyeBytes > limit)
        throw InvalidArgument("SmokeSettings::dyeNx/dyeNy", "the dye grid needs " + std::to_string(dyeBytes) +
                              " bytes, above this device's maxStorageBufferRange of " + std::to_string(limit));
}

void requireFiniteSplat(const Splat& s) {
    auto finite = [](float x) { return std::isfinite(x); };
    if (!finite(s.x) || !finite(s.y)) throw InvalidArgument("Splat::x/y", "must be finite");
    if (!finite(s.radius) || s.radius <= 0.0f) throw InvalidArgument("Splat::radius", "must be finite and > 0 m");
    if (s.falloff != Falloff::Linear && s.falloff != Falloff::Gaussian)
        throw InvalidArgument("Splat::falloff", "unknown falloff");
    if (!finite(s.velocity[0]) || !finite(s.velocity[1])) throw InvalidArgument("Splat::velocity", "must be finite");
    if (!finite(s.density)) throw InvalidArgument("Splat::density", "must be finite");
    if (!finite(s.temperature)) throw InvalidArgument("Splat::temperature", "must be finite");
    for (float c : s.dye)
        if (!finite(c)) throw InvalidArgument("Splat::dye", "must be finite");
}

} // namespace

SmokeSolver::Impl::Impl(std::shared_ptr<Context> ctx, const SmokeSettings& s)
    : context(std::move(ctx)), cs(context->state()), settings(s) {
    settings.validate();
    checkBufferRange(cs, settings);
    nx = settings.nx;
    ny = settings.ny;
    dyeNx = settings.effectiveDyeNx();
    dyeNy = settings.effectiveDyeNy();
    const size_t cells = size_t(nx) * ny;

    // Every member is RAII: if anything below throws, what was built is released.
    gridUniform = GpuBuffer(cs, sizeof(gpu::GridParams),
                            VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                            GpuBuffer::Kind::DeviceLocal);
    makePingPong(cs, u, size_t(nx + 1) * ny, 3);
    makePingPong(cs, v, size_t(nx) * (ny + 1), 3);
    makePingPong(cs, density, cells, 3);
    makePingPong(cs, temperature, cells, 3);
    for (GpuBuffer& copy : dye.copies)
        copy = GpuBuffer(cs, size_t(dyeNx) * dyeNy * dyeBytesPerCell(settings.dyeStorage), kFieldUsage,
                         GpuBuffer::Kind::DeviceLocal);
    makePingPong(cs, pressure, cells, 2);
    divergence = fieldBuffer(cs, cells);
    curl = fieldBuffer(cs, size_t(nx + 1) * (ny + 1));
    solid = fieldBuffer(cs, cells);
    openX = fieldBuffer(cs, size_t(nx + 1) * ny);
    openY = fieldBuffer(cs, size_t(nx) * (ny + 1));
    splats = GpuBuffer(cs, kMaxSplatsPerStep * sizeof(gpu::GpuSplat),
                       VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       GpuBuffer::Kind::DeviceLocal);
    // Every kernel of shaders/common and shaders/smoke (the pressure kernels belong to the
    // Poisson solver's own set).
    kernels = std::make_unique<detail::KernelSet>(
        cs, std::initializer_list<detail::KernelGroup>{detail::KernelGroup::Common, detail::KernelGroup::Smoke},
        gridUniform.handle(), sizeof(gpu::GridParams));

    if (context->supportsTimestamps()) {
        VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
        info.queryType = VK_QUERY_TYPE_TIMESTAMP;
        info.queryCount = 2 * static_cast<uint32_t>(Pass::Count);
        BILLOW_VK(cs.vk.vkCreateQueryPool(cs.device, &info, cs.allocator, &queryPool));
    }

    // Zero every field, then set temperature to ambient and compute the geometry.
    for (PingPong* p : {&u, &v, &density, &temperature, &dye, &pressure})
        for (GpuBuffer& b : p->copies)
            if (b.handle()) detail::fillZero(cs, b.handle(), b.size());
    for (GpuBuffer* b : {&divergence, &curl, &solid, &openX, &openY, &splats}) detail::fillZero(cs, b->handle(), b->size());
    std::vector<float> ambient(cells, settings.ambientTemperature);
    detail::uploadBytes(cs, temperature.now(), std::as_bytes(std::span(ambient)));
    solidHost.assign(cells, 0.0f);
    uploadGridParams();
    poisson = std::make_unique<detail::PoissonSolver>(cs, pressureSystem());
    refreshGeometry();
}

SmokeSolver::Impl::~Impl() {
    if (queryPool) cs.vk.vkDestroyQueryPool(cs.device, queryPool, cs.allocator);
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
    int32_t* types = &g.sideType.x;
    float* tangent = &g.wallTangent.x;
    float* speed = &g.inflowSpeed.x;
    float* inflowDensity = &g.inflowDensity.x;
    float* inflowTemperature = &g.inflowTemperature.x;
    for (int s = 0; s < 4; ++s) {
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

void SmokeSolver::Impl::uploadGridParams() {
    gpu::GridParams g = gridParams();
    detail::ContextState& c = cs;
    c.submitAndWait([&](VkCommandBuffer cmd) {
        detail::memoryBarrier(c, cmd, detail::kComputeReadWrite, detail::kTransferWrite);
        c.vk.vkCmdUpdateBuffer(cmd, gridUniform.handle(), 0, sizeof(g), &g);
        detail::memoryBarrier(c, cmd, detail::kTransferWrite,
                              {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_UNIFORM_READ_BIT});
    });
}

void SmokeSolver::Impl::refreshGeometry() {
    detail::uploadBytes(cs, solid.handle(), std::as_bytes(std::span(solidHost)));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        recordFaceFractions(cmd);
        poisson->recordCoarsenWeights(cmd);
        // dt = 0: open faces are unchanged, closed faces receive their prescribed velocity.
        recordSubtractGradient(cmd, 0.0f);
    });
}

SmokeSolver::SmokeSolver(std::shared_ptr<Context> context, const SmokeSettings& settings) {
    if (!context) throw InvalidArgument("SmokeSolver: context", "is null");
    impl_ = std::make_unique<Impl>(std::move(context), settings);
}

SmokeSolver::~SmokeSolver() {
    if (impl_) {
        try {
            impl_->context->waitIdle();
        } catch (const Error&) {
            // The device is lost or failing: nothing more can be waited for; release regardless.
        }
    }
}

const SmokeSettings& SmokeSolver::settings() const noexcept { return impl_->settings; }

void SmokeSolver::updateSettings(const SmokeSettings& settings) {
    settings.validate();
    const SmokeSettings& old = impl_->settings;
    if (settings.nx != old.nx || settings.ny != old.ny)
        throw InvalidArgument("SmokeSettings::nx/ny", "cannot change on an existing solver; create a new one");
    if (settings.effectiveDyeNx() != old.effectiveDyeNx() || settings.effectiveDyeNy() != old.effectiveDyeNy())
        throw InvalidArgument("SmokeSettings::dyeNx/dyeNy", "cannot change on an existing solver; create a new one");
    if (settings.dyeStorage != old.dyeStorage)
        throw InvalidArgument("SmokeSettings::dyeStorage", "cannot change on an existing solver; create a new one");
    bool geometryChanged = settings.cellSize != old.cellSize ||
                           std::memcmp(&settings.boundaries, &old.boundaries, sizeof(settings.boundaries)) != 0;
    impl_->settings = settings;
    if (geometryChanged) {
        impl_->uploadGridParams();
        impl_->poisson->setBoundaries(impl_->poissonSides(), settings.cellSize);
        impl_->refreshGeometry();
    }
}

void SmokeSolver::addSplat(const Splat& splat) {
    requireFiniteSplat(splat);
    if (impl_->pendingSplats.size() >= kMaxSplatsPerStep)
        throw InvalidArgument("addSplat", "more than " + std::to_string(kMaxSplatsPerStep) + " splats queued in one step");
    gpu::GpuSplat g{};
    g.x = splat.x;
    g.y = splat.y;
    g.radius = splat.radius;
    g.falloff = static_cast<int>(splat.falloff);
    g.vx = splat.velocity[0];
    g.vy = splat.velocity[1];
    g.density = splat.density;
    g.temperature = splat.temperature;
    g.dye = {splat.dye[0], splat.dye[1], splat.dye[2], splat.dye[3]};
    impl_->pendingSplats.push_back(g);
}

void SmokeSolver::setSolidMask(std::span<const float> solidFraction) {
    const size_t cells = size_t(impl_->nx) * impl_->ny;
    if (solidFraction.size() != cells)
        throw InvalidArgument("setSolidMask: solidFraction.size()",
                              "must be nx * ny = " + std::to_string(cells) + " (got " + std::to_string(solidFraction.size()) + ")");
    for (size_t c = 0; c < cells; ++c)
        if (!(solidFraction[c] >= 0.0f && solidFraction[c] <= 1.0f))
            throw InvalidArgument("setSolidMask: solidFraction[" + std::to_string(c) + "]",
                                  "must be in [0, 1] (got " + std::to_string(solidFraction[c]) + ")");
    impl_->solidHost.assign(solidFraction.begin(), solidFraction.end());
    impl_->refreshGeometry();
}

void SmokeSolver::clearObstacles() {
    std::fill(impl_->solidHost.begin(), impl_->solidHost.end(), 0.0f);
    impl_->refreshGeometry();
}

namespace {
void requireFiniteShape(std::initializer_list<float> values, const char* what) {
    for (float v : values)
        if (!std::isfinite(v)) throw InvalidArgument(what, "coordinates must be finite");
}
} // namespace

void SmokeSolver::addCircleObstacle(float centreX, float centreY, float radius) {
    requireFiniteShape({centreX, centreY, radius}, "addCircleObstacle");
    if (radius <= 0.0f) throw InvalidArgument("addCircleObstacle: radius", "must be > 0 m");
    detail::addCircle(impl_->solidHost, {impl_->nx, impl_->ny, impl_->settings.cellSize}, centreX, centreY, radius);
    impl_->refreshGeometry();
}

void SmokeSolver::addBoxObstacle(float minX, float minY, float maxX, float maxY) {
    requireFiniteShape({minX, minY, maxX, maxY}, "addBoxObstacle");
    if (maxX <= minX || maxY <= minY) throw InvalidArgument("addBoxObstacle", "needs minX < maxX and minY < maxY");
    detail::addBox(impl_->solidHost, {impl_->nx, impl_->ny, impl_->settings.cellSize}, minX, minY, maxX, maxY);
    impl_->refreshGeometry();
}

void SmokeSolver::addWallObstacles(float thickness, std::array<bool, 4> sides) {
    requireFiniteShape({thickness}, "addWallObstacles");
    if (thickness <= 0.0f) throw InvalidArgument("addWallObstacles: thickness", "must be > 0 m");
    detail::addWalls(impl_->solidHost, {impl_->nx, impl_->ny, impl_->settings.cellSize}, thickness, sides);
    impl_->refreshGeometry();
}

const std::vector<float>& SmokeSolver::solidMask() const noexcept { return impl_->solidHost; }

void SmokeSolver::record(VkCommandBuffer cmd, float dt) {
    if (!std::isfinite(dt) || dt <= 0.0f) throw InvalidArgument("dt", "must be finite and > 0 s (got " + std::to_string(dt) + ")");
    if (!cmd) throw InvalidArgument("record: cmd", "is VK_NULL_HANDLE");
    Impl& s = *impl_;
    s.timedPasses.clear();
    for (uint32_t p = 0; p < static_cast<uint32_t>(Pass::Count); ++p) s.recordPass(cmd, static_cast<Pass>(p), dt);
}

void SmokeSolver::recordPass(VkCommandBuffer cmd, Pass pass, float dt) {
    if (!std::isfinite(dt) || dt <= 0.0f) throw InvalidArgument("dt", "must be finite and > 0 s (got " + std::to_string(dt) + ")");
    if (static_cast<uint32_t>(pass) >= static_cast<uint32_t>(Pass::Count)) throw InvalidArgument("recordPass: pass", "unknown pass");
    impl_->recordPass(cmd, pass, dt);
}

void SmokeSolver::recordReleaseBarrier(VkCommandBuffer cmd, VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) const {
    detail::memoryBarrier(impl_->cs, cmd, detail::kComputeReadWrite, {dstStage, dstAccess});
}

void SmokeSolver::step(float dt) {
    if (!std::isfinite(dt) || dt <= 0.0f) throw InvalidArgument("dt", "must be finite and > 0 s (got " + std::to_string(dt) + ")");
    impl_->cs.submitAndWait([&](VkCommandBuffer cmd) { record(cmd, dt); });
}

void SmokeSolver::stepPass(Pass pass, float dt) {
    impl_->cs.submitAndWait([&](VkCommandBuffer cmd) { recordPass(cmd, pass, dt); });
}

void SmokeSolver::setProfiling(bool enabled) { impl_->profiling = enabled; }

std::vector<PassTiming> SmokeSolver::passTimings() {
    Impl& s = *impl_;
    std::vector<PassTiming> out;
    if (!s.profiling || !s.queryPool || s.timedPasses.empty()) return out;
    const double nsPerTick = s.context->timestampPeriodNs();
    for (Pass p : s.timedPasses) {
        uint64_t ticks[2] = {0, 0};
        VkResult r = s.cs.vk.vkGetQueryPoolResults(s.cs.device, s.queryPool, 2 * static_cast<uint32_t>(p), 2,
                                                   sizeof(ticks), ticks, sizeof(uint64_t), VK_QUERY_RESULT_64_BIT);
        if (r == VK_NOT_READY) return {};  // the submission has not finished yet: never wait
        BILLOW_VK(r);
        out.push_back({p, static_cast<double>(ticks[1] - ticks[0]) * nsPerTick * 1e-6});
    }
    return out;
}

PressureResidual SmokeSolver::pressureResidual(uint32_t recordsAgo) const {
    static_assert(kResidualHistory == detail::PoissonSolver::kReportHistory);
    if (recordsAgo >= kResidualHistory) throw InvalidArgument("pressureResidual: recordsAgo", "must be < kResidualHistory");
    return impl_->poisson->residual(recordsAgo);
}

size_t SmokeSolver::fieldSize(Field field) const noexcept {
    const size_t nx = impl_->nx, ny = impl_->ny;
    switch (field) {
    case Field::VelocityX: case Field::OpenX: return (nx + 1) * ny;
    case Field::VelocityY: case Field::OpenY: return nx * (ny + 1);
    case Field::Curl: return (nx + 1) * (ny + 1);
    case Field::Dye: return size_t(impl_->dyeNx) * impl_->dyeNy * 4;
    default: return nx * ny;
    }
}

VkBuffer SmokeSolver::buffer(Field field) const noexcept {
    const Impl& s = *impl_;
    switch (field) {
    case Field::VelocityX: return s.u.now();
    case Field::VelocityY: return s.v.now();
    case Field::Density: return s.density.now();
    case Field::Temperature: return s.temperature.now();
    case Field::Dye: return s.dye.now();
    case Field::Pressure: return s.pressure.now();
    case Field::Divergence: return s.divergence.handle();
    case Field::Curl: return s.curl.handle();
    case Field::Solid: return s.solid.handle();
    case Field::OpenX: return s.openX.handle();
    case Field::OpenY: return s.openY.handle();
    }
    return VK_NULL_HANDLE;
}

VkDeviceSize SmokeSolver::bufferSize(Field field) const noexcept {
    if (field == Field::Dye) return VkDeviceSize(impl_->dyeNx) * impl_->dyeNy * dyeBytesPerCell(impl_->settings.dyeStorage);
    return fieldSize(field) * sizeof(float);
}

std::vector<float> SmokeSolver::download(Field field) {
    std::vector<float> out(fieldSize(field));
    if (field == Field::Dye && impl_->settings.dyeStorage == DyeStorage::Float16) {
        std::vector<uint16_t> halves(out.size());
        detail::downloadBytes(impl_->cs, buffer(field), std::as_writable_bytes(std::span(halves)));
        std::transform(halves.begin(), halves.end(), out.begin(), detail::halfToFloat);
        return out;
    }
    detail::downloadBytes(impl_->cs, buffer(field), std::as_writable_bytes(std::span(out)));
    return out;
}

void SmokeSolver::upload(Field field, std::span<const float> values) {
    if (field == Field::Solid || field == Field::OpenX || field == Field::OpenY || field == Field::Curl)
        throw InvalidArgument(std::string("upload: field ") + fieldName(field),
                              "is derived by the solver (use setSolidMask for obstacles)");
    if (values.size() != fieldSize(field))
        throw InvalidArgument(std::string("upload(") + fieldName(field) + "): values.size()",
                              "must be " + std::to_string(fieldSize(field)) + " (got " + std::to_string(values.size()) + ")");
    for (size_t k = 0; k < values.size(); ++k)
        if (!std::isfinite(values[k]))
            throw InvalidArgument(std::string("upload(") + fieldName(field) + "): values[" + std::to_string(k) + "]",
                                  "must be finite");
    const Impl& s = *impl_;
    if (field == Field::Dye && s.settings.dyeStorage == DyeStorage::Float16) {
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
    const bool wrapsX = field == Field::VelocityX && s.settings.boundaries[0].type == BoundaryType::Periodic;
    const bool wrapsY = field == Field::VelocityY && s.settings.boundaries[2].type == BoundaryType::Periodic;
    if (wrapsX || wrapsY) {
        std::vector<float> consistent(values.begin(), values.end());
        if (wrapsX)
            for (size_t j = 0; j < s.ny; ++j) consistent[s.nx + j * (s.nx + 1)] = consistent[j * (s.nx + 1)];
        else
            for (size_t i = 0; i < s.nx; ++i) consistent[i + size_t(s.ny) * s.nx] = consistent[i];
        detail::uploadBytes(impl_->cs, buffer(field), std::as_bytes(std::span(consistent)));
        return;
    }
    detail::uploadBytes(impl_->cs, buffer(field), std::as_bytes(values));
}

} // namespace billow
