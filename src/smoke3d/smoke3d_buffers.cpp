#include "smoke3d/smoke3d_buffers.hpp"

#include <algorithm>

#include "billow/error.hpp"
#include "grid/corrected_advection.hpp"
#include "grid/mac_grid.hpp"
#include "grid/sides.hpp"

namespace billow::detail {

uint64_t flowBytes(FlowStorage storage, uint64_t count) {
    return storage == FlowStorage::Float16 ? (2 * count + 3) / 4 * 4 : 4 * count;
}

uint32_t fieldCopies(const SmokeSettings3D& s) {
    return needsScratchCopies(s, s, s.colourAdvection, s.scalarDiffusion) ? 3 : 2;
}

std::vector<PlannedBuffer> plannedBuffers(const SmokeSettings3D& s) {
    const MacGrid3D mac{s.nx, s.ny, s.nz};
    const uint64_t f = sizeof(float);
    const uint64_t cells = mac.cells() * f;
    // Edges along an axis: n cells along it, n + 1 across (smoke3d/edges.glsl).
    const uint64_t xEdges = uint64_t(s.nx) * (s.ny + 1) * (s.nz + 1) * f;
    const uint64_t yEdges = uint64_t(s.nx + 1) * s.ny * (s.nz + 1) * f;
    const uint64_t zEdges = uint64_t(s.nx + 1) * (s.ny + 1) * s.nz * f;
    const uint32_t copies = fieldCopies(s);
    const uint64_t flowCells = flowBytes(s.flowStorage, mac.cells());
    std::vector<PlannedBuffer> out = {
        {"velocityX", flowBytes(s.flowStorage, mac.xFaces()), copies},
        {"velocityY", flowBytes(s.flowStorage, mac.yFaces()), copies},
        {"velocityZ", flowBytes(s.flowStorage, mac.zFaces()), copies},
        {"density", flowCells, copies},
        {"temperature", flowCells, copies},
        {"fuel", flowCells, copies},
        {"colour", s.colour ? cells * 4 : 16, copies},
        {"pressure", cells, 2},
        {"divergence", cells, 1},
        {"expansionSource", cells, 1},
        {"vorticity", cells, 1},
        {"confinement", cells * 4, 1},
        {"curlX", xEdges, 1},
        {"curlY", yEdges, 1},
        {"curlZ", zEdges, 1},
        {"solid", cells, 1},
        {"openX", mac.xFaces() * f, 1},
        {"openY", mac.yFaces() * f, 1},
        {"openZ", mac.zFaces() * f, 1},
        {"solidVelocityX", mac.xFaces() * f, 1},
        {"solidVelocityY", mac.yFaces() * f, 1},
        {"solidVelocityZ", mac.zFaces() * f, 1},
    };
    if (s.advectionReflection) {
        const std::vector<PlannedBuffer> reflection = reflectionBuffers(s);
        out.insert(out.end(), reflection.begin(), reflection.end());
    }
    return out;
}

std::vector<PlannedBuffer> reflectionBuffers(const SmokeSettings3D& s) {
    const MacGrid3D mac{s.nx, s.ny, s.nz};
    const uint64_t f = sizeof(float);
    return {
        {"midpointVelocityX", flowBytes(s.flowStorage, mac.xFaces()), 1},
        {"midpointVelocityY", flowBytes(s.flowStorage, mac.yFaces()), 1},
        {"midpointVelocityZ", flowBytes(s.flowStorage, mac.zFaces()), 1},
        {"midpointPressure", mac.cells() * f, 2},
    };
}

uint64_t plannedBytes(const std::vector<PlannedBuffer>& buffers) {
    uint64_t total = 0;
    for (const PlannedBuffer& b : buffers) total += b.bytes * b.copies;
    return total;
}

void requireDeviceFits(const ContextState& context, const SmokeSettings3D& s) {
    const std::string grid = "a " + std::to_string(s.nx) + " x " + std::to_string(s.ny) + " x " + std::to_string(s.nz) +
                             " grid";
    if (s.flowStorage == FlowStorage::Float16 && !context.storage16Bit)
        throw UnsupportedDevice("SmokeSolver3D: SmokeSettings3D::flowStorage Float16 needs 16-bit storage buffers "
                                "(storageBuffer16BitAccess), which this device " +
                                std::string(context.embedded ? "was not created with (EmbeddedHandles::storageBuffer16BitAccess)"
                                                             : "does not have or the context turned off") +
                                "; use FlowStorage::Float32");
    const std::vector<PlannedBuffer> buffers = plannedBuffers(s);
    const uint64_t range = context.properties.limits.maxStorageBufferRange;
    for (const PlannedBuffer& b : buffers)
        if (b.bytes > range)
            throw UnsupportedDevice("SmokeSolver3D: buffer " + b.name + " of " + grid + " needs " + std::to_string(b.bytes) +
                                    " bytes, above this device's maxStorageBufferRange of " + std::to_string(range) +
                                    " bytes");
    uint64_t heap = 0;
    const VkPhysicalDeviceMemoryProperties& memory = context.memoryProperties;
    for (uint32_t h = 0; h < memory.memoryHeapCount; ++h)
        if (memory.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) heap = std::max(heap, memory.memoryHeaps[h].size);
    const uint64_t total = plannedBytes(buffers);
    if (heap > 0 && total > heap)
        throw UnsupportedDevice("SmokeSolver3D: the buffers of " + grid + " need " + std::to_string(total) +
                                " bytes, above this device's largest device-local memory heap of " + std::to_string(heap) +
                                " bytes");
}

gpu::Grid3DParams grid3DParams(const SmokeSettings3D& settings, float temperatureOrigin) {
    static_assert(int(BoundaryType::Wall) == BILLOW_WALL && int(BoundaryType::MovingWall) == BILLOW_MOVING_WALL &&
                      int(BoundaryType::Inflow) == BILLOW_INFLOW && int(BoundaryType::Outflow) == BILLOW_OUTFLOW &&
                      int(BoundaryType::Periodic) == BILLOW_PERIODIC,
                  "billow::BoundaryType must match the kernels' boundary types");
    gpu::Grid3DParams g{};
    g.nx = static_cast<int>(settings.nx);
    g.ny = static_cast<int>(settings.ny);
    g.nz = static_cast<int>(settings.nz);
    g.colourChannels = settings.colour ? 4 : 0;
    g.traceStages = settings.backTrace == BackTrace::Euler ? 1 : 2;
    g.h = settings.cellSize;
    g.invH = 1.0f / settings.cellSize;
    g.temperatureOrigin = temperatureOrigin;
    for (size_t s = 0; s < kSides3D; ++s) {  // per-side arrays are indexed by Side (grid/sides.hpp)
        const BoundarySide3D& b = settings.boundaries[s];
        (&g.sideType[s / 4].x)[s % 4] = static_cast<int32_t>(b.type);
        g.wallVelocity[s] = {b.wallVelocity[0], b.wallVelocity[1], b.wallVelocity[2], 0.0f};
        g.inflow[s] = {b.normalVelocity, b.density, b.temperature, b.fuel};
        g.inflowColour[s] = {b.colour[0], b.colour[1], b.colour[2], b.colour[3]};
    }
    return g;
}

} // namespace billow::detail
