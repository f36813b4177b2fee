// Host access to the sparse grid (blocking): the allocated bricks, a field's bricks, and dense
// boxes of cells or faces read from and written into the bricks.
#include <algorithm>
#include <new>
#include <set>
#include <string>

#include "billow/error.hpp"
#include "core/validation.hpp"
#include "sparse3d/sparse3d_impl.hpp"
#include "sparse3d/sparse3d_settings.hpp"

namespace billow {

namespace {

int faceAxis(SparseField3D f) {
    switch (f) {
    case SparseField3D::VelocityX: case SparseField3D::OpenX: case SparseField3D::SolidVelocityX: return 0;
    case SparseField3D::VelocityY: case SparseField3D::OpenY: case SparseField3D::SolidVelocityY: return 1;
    case SparseField3D::VelocityZ: case SparseField3D::OpenZ: case SparseField3D::SolidVelocityZ: return 2;
    default: return -1;
    }
}

bool derived(SparseField3D f) { return static_cast<uint32_t>(f) >= static_cast<uint32_t>(SparseField3D::Solid); }

void requireKnownField(SparseField3D field, const char* call) {
    if (static_cast<uint32_t>(field) > static_cast<uint32_t>(SparseField3D::ExpansionSource))
        throw InvalidArgument(std::string(call) + ": field", "unknown field");
}

// Values a brick of `field` holds: faces along the axis, 4 per cell for the colour, else 1 per cell.
size_t valuesPerBrick(SparseField3D field) {
    return faceAxis(field) >= 0 ? BILLOW_BRICK_FACES : field == SparseField3D::Colour ? 4 * BILLOW_BRICK_CELLS : BILLOW_BRICK_CELLS;
}

// A box of a field: its sample extent (faces: one more along the axis) and components per sample.
struct Box {
    std::array<uint32_t, 3> origin, extent;
    uint32_t components;
    int axis;
    size_t samples() const { return size_t(extent[0]) * extent[1] * extent[2]; }
};

Box checkedBox(const SmokeSettings3D& settings, SparseField3D field, std::array<uint32_t, 3> origin,
               std::array<uint32_t, 3> size, const char* call) {
    requireKnownField(field, call);
    if (field == SparseField3D::Colour && !settings.colour)
        throw InvalidArgument(std::string(call) + ": field", "the solver has no colour field (SmokeSettings3D::colour is false)");
    const uint32_t n[3] = {settings.nx, settings.ny, settings.nz};
    for (int a = 0; a < 3; ++a)
        if (size[a] == 0 || uint64_t(origin[a]) + size[a] > n[a])
            throw InvalidArgument(std::string(call) + ": origin/size[" + std::to_string(a) + "]",
                                  "must give a non-empty box inside the domain (" + std::to_string(n[a]) + " cells; got origin " +
                                      std::to_string(origin[a]) + ", size " + std::to_string(size[a]) + ")");
    Box box{origin, size, field == SparseField3D::Colour ? 4u : 1u, faceAxis(field)};
    if (box.axis >= 0) box.extent[box.axis] += 1;
    const uint64_t values = uint64_t(box.extent[0]) * box.extent[1] * box.extent[2] * box.components;
    if (values > kMaxBoxValues)
        throw InvalidArgument(std::string(call) + ": origin/size",
                              "gives a box of " + std::to_string(values) + " values (" + std::to_string(values * sizeof(float)) +
                                  " bytes on the host), above the " + std::to_string(kMaxBoxValues) +
                                  " a box may hold: take it in smaller boxes");
    return box;
}

} // namespace

std::vector<gpu::ivec4> SparseSmokeSolver3D::Impl::downloadActiveList() {
    gpu::SparseTopologyHeader header{};
    detail::downloadBytes(cs, topology.header.handle(), std::as_writable_bytes(std::span(&header, 1)));
    std::vector<gpu::ivec4> active(std::min(header.activeCount, capacity));
    if (!active.empty()) detail::downloadBytes(cs, topology.activeList.handle(), std::as_writable_bytes(std::span(active)));
    return active;
}

VkBuffer SparseSmokeSolver3D::Impl::pool(SparseField3D field) const {
    switch (field) {
    case SparseField3D::VelocityX: return u.now();
    case SparseField3D::VelocityY: return v.now();
    case SparseField3D::VelocityZ: return w.now();
    case SparseField3D::Density: return density.now();
    case SparseField3D::Temperature: return temperature.now();
    case SparseField3D::Fuel: return fuel.now();
    case SparseField3D::Colour: return colour.now();
    case SparseField3D::Pressure: return pressure.handle();
    case SparseField3D::Divergence: return divergence.handle();
    case SparseField3D::Solid: return solid.handle();
    case SparseField3D::OpenX: return open[0].handle();
    case SparseField3D::OpenY: return open[1].handle();
    case SparseField3D::OpenZ: return open[2].handle();
    case SparseField3D::SolidVelocityX: return solidVelocity[0].handle();
    case SparseField3D::SolidVelocityY: return solidVelocity[1].handle();
    case SparseField3D::SolidVelocityZ: return solidVelocity[2].handle();
    case SparseField3D::ExpansionSource: return expansionSource.handle();
    }
    return VK_NULL_HANDLE;
}

// Every stored copy of sample `g` (a cell, or a face normal to `axis`) of the virtual domain: the
// brick holding it (its layer g mod 8) and, for a face on a brick side, the brick below (layer 8).
template <class Visit>
void SparseSmokeSolver3D::Impl::forEachCopy(const std::vector<uint32_t>& map, int axis, std::array<uint32_t, 3> g,
                                             Visit&& visit) const {
    const uint32_t B = kBrickSize;
    auto slotOf = [&](const std::array<uint32_t, 3>& b) -> uint32_t {
        for (int a = 0; a < 3; ++a)
            if (b[a] >= bricks[a]) return BILLOW_NO_BRICK;
        return map[b[0] + size_t(bricks[0]) * (b[1] + size_t(bricks[1]) * b[2])];
    };
    auto index = [&](uint32_t slot, const std::array<uint32_t, 3>& local) -> size_t {
        if (axis < 0) return size_t(slot) * BILLOW_BRICK_CELLS + local[0] + B * (local[1] + B * local[2]);
        const uint32_t ex = axis == 0 ? B + 1 : B, ey = axis == 1 ? B + 1 : B;
        return size_t(slot) * BILLOW_BRICK_FACES + local[0] + ex * (local[1] + ey * local[2]);
    };
    const std::array<uint32_t, 3> b{g[0] / B, g[1] / B, g[2] / B}, local{g[0] % B, g[1] % B, g[2] % B};
    const uint32_t owner = slotOf(b);
    if (owner != BILLOW_NO_BRICK) visit(index(owner, local));
    if (axis >= 0 && local[axis] == 0 && b[axis] > 0) {
        std::array<uint32_t, 3> lower = b, lowerLocal = local;
        lower[axis] -= 1;
        lowerLocal[axis] = B;
        const uint32_t slot = slotOf(lower);
        if (slot != BILLOW_NO_BRICK) visit(index(slot, lowerLocal));
    }
}

std::vector<std::array<uint32_t, 3>> SparseSmokeSolver3D::activeBricks() {
    const auto held = use("activeBricks");
    Impl& s = *held;
    std::vector<std::array<uint32_t, 3>> out;
    for (const gpu::ivec4& a : s.downloadActiveList()) out.push_back({uint32_t(a.x), uint32_t(a.y), uint32_t(a.z)});
    return out;
}

SparseBricks SparseSmokeSolver3D::downloadBricks(SparseField3D field) {
    const auto held = use("downloadBricks");
    Impl& s = *held;
    requireKnownField(field, "downloadBricks");
    if (field == SparseField3D::Colour && !s.hasColour())
        throw InvalidArgument("downloadBricks: field", "the solver has no colour field (SmokeSettings3D::colour is false)");
    const std::vector<gpu::ivec4> active = s.downloadActiveList();
    const size_t perBrick = valuesPerBrick(field);
    std::vector<float> pool(perBrick * s.capacity);
    detail::downloadBytes(s.cs, s.pool(field), std::as_writable_bytes(std::span(pool)));
    SparseBricks out;
    for (const gpu::ivec4& a : active) {
        out.bricks.push_back({uint32_t(a.x), uint32_t(a.y), uint32_t(a.z)});
        const float* first = pool.data() + perBrick * uint32_t(a.w);
        out.values.insert(out.values.end(), first, first + perBrick);
    }
    return out;
}

std::vector<uint32_t> SparseSmokeSolver3D::Impl::downloadBrickMap() {
    std::vector<uint32_t> map(virtualBricks());
    detail::downloadBytes(cs, topology.brickMap.handle(), std::as_writable_bytes(std::span(map)));
    return map;
}

std::vector<float> SparseSmokeSolver3D::downloadBox(SparseField3D field, std::array<uint32_t, 3> origin,
                                                     std::array<uint32_t, 3> size) {
    const auto held = use("downloadBox");
    Impl& s = *held;
    const Box box = checkedBox(s.settings, field, origin, size, "downloadBox");
    const std::vector<uint32_t> map = s.downloadBrickMap();
    std::vector<float> pool(valuesPerBrick(field) * s.capacity);
    detail::downloadBytes(s.cs, s.pool(field), std::as_writable_bytes(std::span(pool)));
    const bool openFraction = field == SparseField3D::OpenX || field == SparseField3D::OpenY || field == SparseField3D::OpenZ;
    const float openAir = field == SparseField3D::Temperature ? s.settings.ambientTemperature : openFraction ? 1.0f : 0.0f;
    std::vector<float> out;
    try {
        out.assign(box.samples() * box.components, openAir);
    } catch (const std::bad_alloc&) {
        throw Error("downloadBox(" + std::string(fieldName(field)) + "): the host could not allocate the box of " +
                    std::to_string(size[0]) + " x " + std::to_string(size[1]) + " x " + std::to_string(size[2]) + " samples (" +
                    std::to_string(box.samples() * box.components * sizeof(float)) + " bytes)");
    }
    for (uint32_t z = 0; z < box.extent[2]; ++z)
        for (uint32_t y = 0; y < box.extent[1]; ++y)
            for (uint32_t x = 0; x < box.extent[0]; ++x) {
                const size_t o = x + size_t(box.extent[0]) * (y + size_t(box.extent[1]) * z);
                bool first = true;  // the canonical copy is the first visited (the brick holding the sample)
                s.forEachCopy(map, box.axis, {origin[0] + x, origin[1] + y, origin[2] + z}, [&](size_t k) {
                    if (!first) return;
                    first = false;
                    for (uint32_t c = 0; c < box.components; ++c) out[o * box.components + c] = pool[k * box.components + c];
                });
            }
    return out;
}

void SparseSmokeSolver3D::uploadBox(SparseField3D field, std::array<uint32_t, 3> origin, std::array<uint32_t, 3> size,
                                    std::span<const float> values) {
    const auto held = use("uploadBox");
    Impl& s = *held;
    const Box box = checkedBox(s.settings, field, origin, size, "uploadBox");
    if (derived(field))
        throw InvalidArgument("uploadBox: field", std::string(fieldName(field)) + " is derived (download only)");
    const std::string what = std::string("uploadBox(") + fieldName(field) + ")";
    if (values.size() != box.samples() * box.components)
        throw InvalidArgument(what + ": values.size()", "must be " + std::to_string(box.samples() * box.components) + " (got " +
                                                            std::to_string(values.size()) + ")");
    detail::requireUploadable(values, what);
    const std::vector<uint32_t> map = s.downloadBrickMap();
    std::vector<float> pool(valuesPerBrick(field) * s.capacity);
    detail::downloadBytes(s.cs, s.pool(field), std::as_writable_bytes(std::span(pool)));
    // Every sample must have a stored copy: checked whole before anything is written.
    for (uint32_t z = 0; z < box.extent[2]; ++z)
        for (uint32_t y = 0; y < box.extent[1]; ++y)
            for (uint32_t x = 0; x < box.extent[0]; ++x) {
                const std::array<uint32_t, 3> g{origin[0] + x, origin[1] + y, origin[2] + z};
                bool stored = false;
                s.forEachCopy(map, box.axis, g, [&](size_t) { stored = true; });
                if (!stored)
                    throw InvalidArgument(what + ": origin/size",
                                          "covers brick (" + std::to_string(g[0] / kBrickSize) + ", " + std::to_string(g[1] / kBrickSize) +
                                              ", " + std::to_string(g[2] / kBrickSize) + "), which is not allocated (allocateBricks)");
                const size_t o = x + size_t(box.extent[0]) * (y + size_t(box.extent[1]) * z);
                s.forEachCopy(map, box.axis, g, [&](size_t k) {
                    for (uint32_t c = 0; c < box.components; ++c) pool[k * box.components + c] = values[o * box.components + c];
                });
            }
    detail::uploadBytes(s.cs, s.pool(field), std::as_bytes(std::span(pool)));
}

} // namespace billow
