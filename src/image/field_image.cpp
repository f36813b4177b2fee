// FieldImage (billow/field_image.hpp): one quantity of a solver written into the engine's image.
#include "billow/field_image.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "billow/error.hpp"
#include "billow/smoke3d_solver.hpp"
#include "billow/smoke_solver.hpp"
#include "billow/water_solver.hpp"
#include "core/gpu_buffer.hpp"
#include "image/image_formats.hpp"
#include "image/image_kernels.hpp"
#include "image/image_pipeline.hpp"
#include "image/image_sources.hpp"
#include "image/image_target.hpp"
#include "image/solver_context.hpp"

namespace billow {

namespace {

// shaders/image/publish_field.comp's push constants.
struct PublishPush {
    float scale[4];
    float offset[4];
    uint32_t size[4];  // nx, ny, nz, mode
    float range[4];    // rangeMin, rangeMax, 1 / cell size, base
    uint32_t options[4];  // colour map entries, premultiply, the format's largest value (float bits)
    float stored[4];      // 1: the sources hold 16-bit floats; what is added to each value read
};
static_assert(sizeof(PublishPush) == 96);

// Bindings: sources 0..2, the colour map, the target image.
constexpr VkDescriptorType kBindings[] = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          VK_DESCRIPTOR_TYPE_STORAGE_IMAGE};
// Descriptor sets: one per record in flight, written afresh for each record and reused once the
// GPU has run it (image/image_pipeline.hpp), so a solver handed over in place of another (its
// buffers, new objects, may reuse the old ones' handle values) is always bound afresh.
constexpr uint32_t kMaxSets = 256;
constexpr uint32_t kMaxColourMapEntries = 256;

enum class SolverKind { Smoke, Smoke3D, Water };

const char* kindName(SolverKind kind) {
    switch (kind) {
    case SolverKind::Smoke: return "SmokeSolver";
    case SolverKind::Smoke3D: return "SmokeSolver3D";
    case SolverKind::Water: return "WaterSolver";
    }
    return "solver";
}

// The mapping's bounds (billow/field_image.hpp). A quantity's values, times a scale and plus an
// offset of at most kMaxMapping, and the colour map's entries mixed, stay inside float for every
// value a field holds short of 1e26; beyond, the pass clamps what it writes to the format's
// largest value (image/image_formats.hpp).
constexpr float kMaxMapping = 1e12f;
// The colour map's range: at least this wide (so 1 / width stays far from float's largest) and at
// least kMinRelativeRange of its ends' magnitude (at least 16 float steps across it).
constexpr float kMinRangeWidth = 1e-30f;
constexpr float kMinRelativeRange = 1e-6f;

std::string number(double x) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", x);
    return text;
}

void checkMapping(const ImageMapping& mapping) {
    char text[48];
    std::snprintf(text, sizeof text, "[%g, %g]", -double(kMaxMapping), double(kMaxMapping));
    const std::string bound = text;
    for (int c = 0; c < 4; ++c) {
        if (!(std::abs(mapping.scale[c]) <= kMaxMapping))
            throw InvalidArgument("ImageMapping::scale", "channel " + std::to_string(c) + " is " + number(mapping.scale[c]) +
                                                             ", expected a number in " + bound);
        if (!(std::abs(mapping.offset[c]) <= kMaxMapping))
            throw InvalidArgument("ImageMapping::offset", "channel " + std::to_string(c) + " is " +
                                                              number(mapping.offset[c]) + ", expected a number in " + bound);
    }
    const float lo = mapping.rangeMin, hi = mapping.rangeMax;
    if (!(std::abs(lo) <= kMaxMapping))
        throw InvalidArgument("ImageMapping::rangeMin", "is " + number(lo) + ", expected a number in " + bound);
    if (!(std::abs(hi) <= kMaxMapping))
        throw InvalidArgument("ImageMapping::rangeMax", "is " + number(hi) + ", expected a number in " + bound);
    const double width = double(hi) - double(lo);
    if (!(width >= kMinRangeWidth && width >= kMinRelativeRange * std::max(std::abs(lo), std::abs(hi))))
        throw InvalidArgument("ImageMapping::rangeMin",
                              "the range [" + number(lo) + ", " + number(hi) + "] must be at least " + number(kMinRangeWidth) +
                                  " wide and at least " + number(kMinRelativeRange) +
                                  " of its ends' magnitude (rangeMin < rangeMax)");
    const size_t entries = mapping.colourMap.size();
    if (entries == 1 || entries > kMaxColourMapEntries)
        throw InvalidArgument("ImageMapping::colourMap", "needs 0 (no map) or 2.." + std::to_string(kMaxColourMapEntries) +
                                                             " entries (got " + std::to_string(entries) + ")");
    for (size_t e = 0; e < entries; ++e)
        for (float v : mapping.colourMap[e])
            if (!(std::abs(v) <= kMaxMapping))
                throw InvalidArgument("ImageMapping::colourMap", "entry " + std::to_string(e) + " holds " + number(v) +
                                                                     ", expected numbers in " + bound);
}

} // namespace

struct FieldImage::Impl {
    std::shared_ptr<Context> context;
    SolverKind kind;
    uint32_t quantity;
    ImageTarget target;
    detail::ImageSource shape;  // mode and size at creation (the buffers change every step)
    ImageMapping mapping;
    // The image's state before the next publish: the target's at first, then what the last left.
    VkImageLayout layoutBefore;
    VkPipelineStageFlags stageBefore;
    VkAccessFlags accessBefore;
    detail::ImagePipeline pipeline;
    detail::GpuBuffer colourMap;

    Impl(std::shared_ptr<Context> ctx, SolverKind solverKind, uint32_t what, const ImageTarget& t,
         const detail::ImageSource& source, const ImageMapping& m)
        : context(std::move(ctx)), kind(solverKind), quantity(what), target(t), shape(source), mapping(m),
          layoutBefore(t.oldLayout), stageBefore(t.srcStage), accessBefore(t.srcAccess) {
        checkTarget();
        checkMapping(mapping);
        detail::ContextState& cs = context->state();
        // The map (or one black entry for a pass without a map: every binding needs a buffer).
        std::vector<std::array<float, 4>> entries = mapping.colourMap;
        if (entries.empty()) entries.push_back({0.0f, 0.0f, 0.0f, 1.0f});
        const VkDeviceSize bytes = entries.size() * sizeof(entries[0]);
        colourMap = detail::GpuBuffer(cs, bytes, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                      detail::GpuBuffer::Kind::DeviceLocal);
        detail::uploadBytes(cs, colourMap.handle(), std::as_bytes(std::span(entries)));
        pipeline = detail::ImagePipeline(cs, kBindings, sizeof(PublishPush), detail::publishKernel(shape.dimensions, target.format),
                                         kMaxSets);
    }

    void checkTarget() const {
        if (!target.image) throw InvalidArgument("ImageTarget::image", "is VK_NULL_HANDLE");
        if (!target.view) throw InvalidArgument("ImageTarget::view", "is VK_NULL_HANDLE");
        if (!detail::isPublishFormat(target.format))
            throw InvalidArgument("ImageTarget::format", detail::formatName(target.format) + " is not one of " +
                                                             detail::formatNames(detail::kPublishFormats));
        const VkExtent3D& e = target.extent;
        if (e.width != shape.size[0] || e.height != shape.size[1] || e.depth != shape.size[2])
            throw InvalidArgument("ImageTarget::extent",
                                  std::to_string(e.width) + " x " + std::to_string(e.height) + " x " + std::to_string(e.depth) +
                                      " is not the grid of the quantity, " + std::to_string(shape.size[0]) + " x " +
                                      std::to_string(shape.size[1]) + " x " + std::to_string(shape.size[2]) +
                                      (shape.dimensions == 3 ? " (a 3D image)" : " (a 2D image: depth 1)"));
        if (target.newLayout == VK_IMAGE_LAYOUT_UNDEFINED || target.newLayout == VK_IMAGE_LAYOUT_PREINITIALIZED)
            throw InvalidArgument("ImageTarget::newLayout", "cannot be UNDEFINED or PREINITIALIZED");
        detail::checkStorageFormat(context->state(), target.format, "FieldImage");
    }

    void checkKind(SolverKind solverKind) const {
        if (solverKind != kind)
            throw InvalidArgument("FieldImage::record: solver", std::string("this FieldImage publishes from a ") +
                                                                    kindName(kind) + ", not a " + kindName(solverKind));
    }

    void checkSize(const detail::ImageSource& source) const {
        if (source.size != shape.size)
            throw InvalidArgument("FieldImage::record: solver",
                                  "its grid (" + std::to_string(source.size[0]) + " x " + std::to_string(source.size[1]) +
                                      " x " + std::to_string(source.size[2]) + ") is not the one the FieldImage was made for");
    }

    VkDescriptorSet setFor(const detail::ImageSource& source) {
        const detail::ImagePipeline::Resource resources[] = {
            {source.buffers[0]}, {source.buffers[1]}, {source.buffers[2]}, {colourMap.handle()},
            {VK_NULL_HANDLE, target.view, VK_IMAGE_LAYOUT_GENERAL}};
        return pipeline.acquireSet(resources, "FieldImage::record");
    }

    template <class SolverType>
    void record(VkCommandBuffer cmd, const SolverType& solver, const detail::ImageSource& source) {
        checkSize(source);
        VkDescriptorSet set = setFor(source);

        // The solver's last writes before the reads, and the engine's last use of the image
        // before the writes.
        solver.recordReleaseBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_SHADER_READ_BIT);
        detail::recordTargetAcquire(context->state(), cmd, target, layoutBefore, stageBefore, accessBefore);

        PublishPush push{};
        for (int c = 0; c < 4; ++c) {
            push.scale[c] = mapping.scale[c];
            push.offset[c] = mapping.offset[c];
        }
        push.size[0] = shape.size[0];
        push.size[1] = shape.size[1];
        push.size[2] = shape.size[2];
        push.size[3] = uint32_t(shape.mode);
        push.range[0] = mapping.rangeMin;
        push.range[1] = mapping.rangeMax;
        push.range[2] = shape.inverseCellSize;
        push.range[3] = source.base;
        push.options[0] = uint32_t(mapping.colourMap.size());
        push.options[1] = shape.premultiply ? 1u : 0u;
        const float largest = detail::largestFinite(target.format);
        std::memcpy(&push.options[2], &largest, sizeof largest);
        push.stored[0] = source.halves ? 1.0f : 0.0f;
        push.stored[1] = source.bias;
        // shaders/image/publish_field.comp's workgroups: 16 x 16 in 2D, 8 x 8 x 4 in 3D.
        const bool volume = shape.dimensions == 3;
        // publish_field.comp's workgroups: 128 invocations, which every Vulkan device runs.
        const uint32_t gx = volume ? 8 : 16, gy = 8, gz = volume ? 2 : 1;
        pipeline.dispatch(cmd, set, &push, sizeof(push), (shape.size[0] + gx - 1) / gx, (shape.size[1] + gy - 1) / gy,
                          (shape.size[2] + gz - 1) / gz);

        // The writes before the engine's next use, in its layout; and this pass's reads of the
        // solver's buffers before the solver's next writes (an execution dependency suffices).
        detail::recordTargetRelease(context->state(), cmd, target);
        pipeline.recordRetire(cmd);
        layoutBefore = target.newLayout;
        stageBefore = target.dstStage;
        accessBefore = 0;  // the engine only reads it (an execution dependency is enough)
    }
};

namespace {

// The constructors' checks of the context, before the solver's buffers are looked at.
void checkContext(const std::shared_ptr<Context>& context, const Solver& solver) {
    if (!context) throw InvalidArgument("FieldImage: context", "is null");
    detail::requireSameContext(solver, *context, "FieldImage: solver", "FieldImage");
}

} // namespace

FieldImage::FieldImage(std::shared_ptr<Context> context, const SmokeSolver& solver, SmokeImage quantity,
                       const ImageTarget& target, const ImageMapping& mapping) {
    checkContext(context, solver);
    impl_ = std::make_unique<Impl>(std::move(context), SolverKind::Smoke, uint32_t(quantity), target,
                                   detail::imageSource(solver, quantity), mapping);
}

FieldImage::FieldImage(std::shared_ptr<Context> context, const SmokeSolver3D& solver, Smoke3DImage quantity,
                       const ImageTarget& target, const ImageMapping& mapping) {
    checkContext(context, solver);
    impl_ = std::make_unique<Impl>(std::move(context), SolverKind::Smoke3D, uint32_t(quantity), target,
                                   detail::imageSource(solver, quantity), mapping);
}

FieldImage::FieldImage(std::shared_ptr<Context> context, const WaterSolver& solver, WaterImage quantity,
                       const ImageTarget& target, const ImageMapping& mapping) {
    checkContext(context, solver);
    impl_ = std::make_unique<Impl>(std::move(context), SolverKind::Water, uint32_t(quantity), target,
                                   detail::imageSource(solver, quantity), mapping);
}

FieldImage::~FieldImage() = default;
FieldImage::FieldImage(FieldImage&&) noexcept = default;
FieldImage& FieldImage::operator=(FieldImage&&) noexcept = default;

namespace {

// The state of a FieldImage that was not moved from (Error otherwise).
template <class Impl>
Impl& use(const std::unique_ptr<Impl>& impl, const char* call) {
    if (!impl) throw Error(std::string("FieldImage::") + call + ": the FieldImage was moved from");
    return *impl;
}

} // namespace

void FieldImage::record(VkCommandBuffer cmd, const SmokeSolver& solver) {
    Impl& r = use(impl_, "record");
    r.checkKind(SolverKind::Smoke);
    detail::requireSameContext(solver, *r.context, "FieldImage::record: solver", "FieldImage");
    r.record(cmd, solver, detail::imageSource(solver, SmokeImage(r.quantity)));
}

void FieldImage::record(VkCommandBuffer cmd, const SmokeSolver3D& solver) {
    Impl& r = use(impl_, "record");
    r.checkKind(SolverKind::Smoke3D);
    detail::requireSameContext(solver, *r.context, "FieldImage::record: solver", "FieldImage");
    r.record(cmd, solver, detail::imageSource(solver, Smoke3DImage(r.quantity)));
}

void FieldImage::record(VkCommandBuffer cmd, const WaterSolver& solver) {
    Impl& r = use(impl_, "record");
    r.checkKind(SolverKind::Water);
    detail::requireSameContext(solver, *r.context, "FieldImage::record: solver", "FieldImage");
    r.record(cmd, solver, detail::imageSource(solver, WaterImage(r.quantity)));
}

void FieldImage::setMapping(const ImageMapping& mapping) {
    Impl& r = use(impl_, "setMapping");
    checkMapping(mapping);
    if (mapping.colourMap != r.mapping.colourMap)
        throw InvalidArgument("ImageMapping::colourMap", "a FieldImage keeps the colour map it was made with; make a new one");
    r.mapping = mapping;
}

void FieldImage::expectLayout(VkImageLayout layout, VkPipelineStageFlags stage, VkAccessFlags access) {
    Impl& r = use(impl_, "expectLayout");
    r.layoutBefore = layout;
    r.stageBefore = stage;
    r.accessBefore = access;
}

const ImageTarget& FieldImage::target() const { return use(impl_, "target").target; }

} // namespace billow
