// The Topology pass: which bricks exist, decided on the GPU every step without a readback
// (shaders/sparse3d/topology_*.comp), the pool report, and growPool.
//
// One update, in order (docs/sparse-smoke3d.md, "Topology"):
//   1. wanted: a flag per virtual brick, set by every busy allocated brick over the cube of bricks
//      its flow reaches in one step plus the margin (topology_busy, one workgroup per brick), and
//      by the box of each emitter's reach and each collider's bounds (topology_mark_box);
//   2. age: an allocated brick wanted restarts its count, any other counts one more step and is
//      freed at retireAfterSteps (topology_age);
//   3. the free slots and the requests (wanted bricks that are missing) are ranked by two-level
//      scans (topology_sum_*, topology_scan_blocks): request k, in brick-map order, takes the k-th
//      lowest free slot; the rest are refused and counted (topology_free_list, topology_allocate);
//   4. the header's counts and indirect dispatches (topology_finish), the active list in slot
//      order, the neighbour table and the list of new bricks (topology_active_list), open air in
//      the new bricks with the faces they share with older neighbours copied (topology_fill_*).
// Every rank comes from a scan of flags, never from the order atomics happen to run in: the same
// inputs give the same slots and the same active list, run after run.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <numeric>
#include <string>

#include "billow/error.hpp"
#include "core/barriers.hpp"
#include "grid/emitters.hpp"
#include "sparse3d/sparse3d_impl.hpp"
#include "sparse3d/topology_types.h"

namespace billow {

namespace kernels = detail::kernels;

namespace {

// The pool report is the header from activeCount on (activeCount, freeCount, capacity,
// requestedCount, refusedCount, then the listed refused bricks from header word 8).
constexpr uint32_t kReportFirstWord = 3;
constexpr uint32_t kReportWords = sizeof(gpu::SparseTopologyHeader) / 4 - kReportFirstWord;
constexpr uint32_t kReportRefusedWord = 8 - kReportFirstWord;
static_assert(offsetof(gpu::SparseTopologyHeader, activeCount) == 4 * kReportFirstWord);
static_assert(offsetof(gpu::SparseTopologyHeader, requestedCount) == 4 * BILLOW_TOPOLOGY_REQUESTED_WORD);
static_assert(offsetof(gpu::SparseTopologyHeader, freeCount) == 4 * BILLOW_TOPOLOGY_FREE_COUNT_WORD);
static_assert(offsetof(gpu::SparseTopologyHeader, refused) == 4 * (kReportFirstWord + kReportRefusedWord));

// A zero-filled device buffer of the topology (kernels write it; some are indirect dispatches).
GpuBuffer topologyBuffer(detail::ContextState& cs, VkDeviceSize bytes) {
    GpuBuffer b(cs, bytes, detail::kFieldUsage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, GpuBuffer::Kind::DeviceLocal);
    detail::fillZero(cs, b.handle(), b.size());
    return b;
}

uint32_t blocksOf(uint64_t elements) { return uint32_t((elements + BILLOW_TOPOLOGY_BLOCK - 1) / BILLOW_TOPOLOGY_BLOCK); }

// Bricks the flow at `speed` (m/s, a velocity component) crosses in dt, rounded up, plus the margin;
// at most BILLOW_TOPOLOGY_MAX_RADIUS. The same float arithmetic as topology_busy.comp.
int reachInBricks(float speed, float dt, float h, uint32_t margin) {
    const float reach = std::ceil(speed * dt / (float(BILLOW_BRICK) * h));
    return int(std::min(reach + float(margin), float(BILLOW_TOPOLOGY_MAX_RADIUS)));
}

} // namespace

void SparseSmokeSolver3D::Impl::createTopology() {
    auto make = [&](VkDeviceSize bytes) { return topologyBuffer(cs, bytes); };
    topology.brickMap = make(virtualBricks() * sizeof(uint32_t));
    topology.brickCoords = make(VkDeviceSize(capacity) * sizeof(gpu::ivec4));
    topology.neighbours = make(VkDeviceSize(capacity) * 6 * sizeof(uint32_t));
    topology.activeList = make(VkDeviceSize(capacity) * sizeof(gpu::ivec4));
    topology.freeList = make(VkDeviceSize(capacity) * sizeof(uint32_t));
    topology.header = make(sizeof(gpu::SparseTopologyHeader));
    topology.wanted = make(virtualBricks() * sizeof(uint32_t));
    topology.mapBlocks = make(VkDeviceSize(blocksOf(virtualBricks())) * sizeof(uint32_t));
    createSlotScratch();
    poolRing = detail::ResultRing(cs, kReportWords);
    // The fixed part: the map and the wanted flags (4 bytes each per virtual brick), the requests'
    // block counts, the header and the report ring.
    fixedBytes += topology.brickMap.size() + topology.wanted.size() + topology.mapBlocks.size() + topology.header.size() +
                  uint64_t(detail::ResultRing::kSlots) * (detail::ResultRing::kHeaderWords + kReportWords) * 4;
    brickBytes += slotBytes();
    // Every brick missing, every slot free (popped from the top: slot 0 first).
    std::vector<uint32_t> missing(virtualBricks(), BILLOW_NO_BRICK);
    detail::uploadBytes(cs, topology.brickMap.handle(), std::as_bytes(std::span(missing)));
    std::vector<uint32_t> freeSlots(capacity);
    for (uint32_t k = 0; k < capacity; ++k) freeSlots[k] = capacity - 1 - k;
    detail::uploadBytes(cs, topology.freeList.handle(), std::as_bytes(std::span(freeSlots)));
    std::vector<gpu::ivec4> coords(capacity, gpu::ivec4{0, 0, 0, BILLOW_SLOT_FREE});
    detail::uploadBytes(cs, topology.brickCoords.handle(), std::as_bytes(std::span(coords)));
    gpu::SparseTopologyHeader header{};
    header.dispatchY = header.dispatchZ = 1;
    header.freeCount = header.capacity = capacity;
    detail::uploadBytes(cs, topology.header.handle(), std::as_bytes(std::span(&header, 1)));
}

uint64_t SparseSmokeSolver3D::Impl::slotBytes() const {
    // Per slot: coordinates, neighbours, active list, free list, and the update's slot flags, new
    // flag and new list (the block counts, 1/256 word a slot, rounded into the pools' share).
    return sizeof(gpu::ivec4) + 6 * sizeof(uint32_t) + sizeof(gpu::ivec4) + sizeof(uint32_t) + sizeof(uint32_t) +
           sizeof(uint32_t) + sizeof(gpu::ivec4);
}

void SparseSmokeSolver3D::Impl::createSlotScratch() {
    auto make = [&](VkDeviceSize bytes) { return topologyBuffer(cs, bytes); };
    topology.slotFree = make(VkDeviceSize(capacity) * sizeof(uint32_t));
    topology.slotBlocks = make(VkDeviceSize(blocksOf(capacity)) * sizeof(uint32_t));
    topology.slotNew = make(VkDeviceSize(capacity) * sizeof(uint32_t));
    topology.newList = make(VkDeviceSize(capacity) * sizeof(gpu::ivec4));
    topology.newDispatch = make(4 * sizeof(uint32_t));
}

void SparseSmokeSolver3D::Impl::recordTopology(VkCommandBuffer cmd, float dt) {
    const BrickTopology& t = topology;
    const VkBuffer map = t.brickMap.handle(), header = t.header.handle();
    // What read or wrote the topology before (the last step's passes, indirect dispatches and the
    // report's copy included) is done before it changes.
    detail::memoryBarrier(cs, cmd,
                          {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                           VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT},
                          {VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                           VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT});
    cs.vk.vkCmdFillBuffer(cmd, t.wanted.handle(), 0, VK_WHOLE_SIZE, 0);
    detail::memoryBarrier(cs, cmd, detail::kTransferWrite, detail::kComputeReadWrite);

    // 1. Wanted: around the busy bricks (over the active list of the last update) ...
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dTopologyBusy::Bindings{.brickMap = map, .activeList = t.activeList.handle(), .density = density.now(),
                                                .temperature = temperature.now(), .fuel = fuel.now(), .u = u.now(),
                                                .v = v.now(), .w = w.now(), .wanted = t.wanted.handle()},
        gpu::TopologyBusyPush{dt, sparse.densityThreshold, sparse.fuelThreshold, sparse.temperatureThreshold,
                              sparse.speedThreshold, settings.ambientTemperature, sparse.marginBricks},
        header, kBrickDispatchOffset);
    barrier(cmd);
    // ... and the boxes the host knows: each emitter's reach and each collider's bounds.
    for (const BrickBox& box : wantedBoxes(dt)) {
        kernels->dispatch(cmd, kernels::Sparse3dTopologyMarkBox::Bindings{.brickMap = map, .wanted = t.wanted.handle()},
                          gpu::TopologyBoxPush{box.low[0], box.low[1], box.low[2], box.high[0], box.high[1], box.high[2]},
                          uint32_t(box.high[0] - box.low[0] + 1), uint32_t(box.high[1] - box.low[1] + 1),
                          uint32_t(box.high[2] - box.low[2] + 1));
        barrier(cmd);
    }

    // 2. Ages and retirement; each slot's free flag.
    kernels->dispatch(cmd,
                      kernels::Sparse3dTopologyAge::Bindings{.brickMap = map, .brickCoords = t.brickCoords.handle(),
                                                             .wanted = t.wanted.handle(), .slotFree = t.slotFree.handle()},
                      gpu::TopologyAgePush{capacity, sparse.retireAfterSteps}, capacity, 1);
    barrier(cmd);

    // 3. The scans of the free slots and of the requests; the free list; the allocation.
    const uint32_t slotGroups = blocksOf(capacity), mapGroups = blocksOf(virtualBricks());
    const uint32_t mapCount = uint32_t(virtualBricks());
    kernels->dispatchGroups(cmd, kernels::Sparse3dTopologySumSlots::Bindings{.slotFree = t.slotFree.handle(), .blocks = t.slotBlocks.handle()},
                            gpu::TopologyScanPush{capacity, 0}, slotGroups, 1);
    kernels->dispatchGroups(cmd,
                            kernels::Sparse3dTopologySumRequests::Bindings{.brickMap = map, .wanted = t.wanted.handle(),
                                                                           .blocks = t.mapBlocks.handle()},
                            gpu::TopologyScanPush{mapCount, 0}, mapGroups, 1);
    barrier(cmd);
    kernels->dispatchGroups(cmd, kernels::Sparse3dTopologyScanBlocks::Bindings{.blocks = t.slotBlocks.handle(), .header = header},
                            gpu::TopologyScanPush{slotGroups, BILLOW_TOPOLOGY_FREE_COUNT_WORD}, 1, 1);
    barrier(cmd);
    kernels->dispatchGroups(cmd, kernels::Sparse3dTopologyScanBlocks::Bindings{.blocks = t.mapBlocks.handle(), .header = header},
                            gpu::TopologyScanPush{mapGroups, BILLOW_TOPOLOGY_REQUESTED_WORD}, 1, 1);
    barrier(cmd);
    kernels->dispatchGroups(cmd,
                            kernels::Sparse3dTopologyFreeList::Bindings{.slotFree = t.slotFree.handle(), .blocks = t.slotBlocks.handle(),
                                                                        .header = header, .freeList = t.freeList.handle()},
                            gpu::TopologyScanPush{capacity, 0}, slotGroups, 1);
    barrier(cmd);
    kernels->dispatchGroups(cmd,
                            kernels::Sparse3dTopologyAllocate::Bindings{.brickMap = map, .wanted = t.wanted.handle(),
                                                                        .blocks = t.mapBlocks.handle(), .header = header,
                                                                        .freeList = t.freeList.handle(),
                                                                        .brickCoords = t.brickCoords.handle()},
                            gpu::TopologyScanPush{mapCount, 0}, mapGroups, 1);
    barrier(cmd);

    // 4. Counts and dispatches; the active list, neighbours and new bricks; their open air.
    kernels->dispatch(cmd, kernels::Sparse3dTopologyFinish::Bindings{.header = header, .scratch = t.newDispatch.handle()}, 1, 1);
    detail::indirectBarrier(cs, cmd);
    kernels->dispatchGroups(cmd,
                            kernels::Sparse3dTopologyActiveList::Bindings{
                                .brickMap = map, .slotFree = t.slotFree.handle(), .blocks = t.slotBlocks.handle(),
                                .scratch = t.newDispatch.handle(), .brickCoords = t.brickCoords.handle(),
                                .activeList = t.activeList.handle(), .neighbours = t.neighbours.handle(),
                                .newList = t.newList.handle(), .slotNew = t.slotNew.handle()},
                            gpu::TopologyScanPush{capacity, 0}, slotGroups, 1);
    detail::indirectBarrier(cs, cmd);
    recordFillNew(cmd, t.newDispatch.handle(), 0);

    // 5. The pool report: the header from activeCount on, copied into the ring.
    const detail::ResultRing::Slot slot = poolRing.begin(cmd);
    detail::memoryBarrier(cs, cmd, detail::kComputeReadWrite, detail::kTransferRead);
    const VkBufferCopy region{4 * kReportFirstWord, poolRing.payloadOffset(slot.index), 4 * kReportWords};
    cs.vk.vkCmdCopyBuffer(cmd, header, poolRing.buffer(), 1, &region);
    poolRing.end(cmd, slot, stepsRecorded + 1, 0);
}

void SparseSmokeSolver3D::Impl::recordFillNew(VkCommandBuffer cmd, VkBuffer dispatch, VkDeviceSize offset) {
    const VkBuffer map = topology.brickMap.handle(), list = topology.newList.handle();
    const PingPong* velocity[3] = {&u, &v, &w};
    for (int axis = 0; axis < 3; ++axis)
        kernels->dispatchIndirect(cmd,
                                  kernels::Sparse3dTopologyFillFaces::Bindings{
                                      .brickMap = map, .activeList = list, .slotNew = topology.slotNew.handle(),
                                      .velocityNow = velocity[axis]->now(), .velocityOther = velocity[axis]->other(),
                                      .open = open[axis].handle(), .solidVelocity = solidVelocity[axis].handle()},
                                  gpu::TopologyFillPush{settings.ambientTemperature, axis}, dispatch, offset);
    kernels->dispatchIndirect(
        cmd,
        kernels::Sparse3dTopologyFillCells::Bindings{
            .brickMap = map, .activeList = list, .densityNow = density.now(), .densityOther = density.other(),
            .temperatureNow = temperature.now(), .temperatureOther = temperature.other(), .fuelNow = fuel.now(),
            .fuelOther = fuel.other(), .pressure = pressure.handle(), .divergence = divergence.handle(),
            .expansionSource = expansionSource.handle(), .solid = solid.handle()},
        gpu::TopologyFillPush{settings.ambientTemperature, 0}, dispatch, offset);
    if (hasColour())
        kernels->dispatchIndirect(cmd,
                                  kernels::Sparse3dTopologyFillColour::Bindings{.brickMap = map, .activeList = list,
                                                                                .colourNow = colour.now(),
                                                                                .colourOther = colour.other()},
                                  dispatch, offset);
    detail::indirectBarrier(cs, cmd);
}

void SparseSmokeSolver3D::Impl::fillNewFromHost(const std::vector<gpu::ivec4>& fresh) {
    if (fresh.empty()) return;
    std::vector<uint32_t> isNew(capacity, 0);
    for (const gpu::ivec4& b : fresh) isNew[uint32_t(b.w)] = 1;
    const uint32_t count = uint32_t(fresh.size());
    const uint32_t dispatch[4] = {count, 1, 1, count};
    detail::uploadBytes(cs, topology.slotNew.handle(), std::as_bytes(std::span(isNew)));
    detail::uploadBytes(cs, topology.newList.handle(), std::as_bytes(std::span(fresh)));
    detail::uploadBytes(cs, topology.newDispatch.handle(), std::as_bytes(std::span(dispatch)));
    cs.submitAndWait([&](VkCommandBuffer cmd) {
        detail::memoryBarrier(cs, cmd, {VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                                        VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT},
                              detail::kComputeAndIndirectRead);
        recordFillNew(cmd, topology.newDispatch.handle(), 0);
        detail::memoryBarrier(cs, cmd, detail::kComputeReadWrite,
                              {VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                               VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_READ_BIT |
                                   VK_ACCESS_SHADER_WRITE_BIT});
    });
}

std::vector<SparseSmokeSolver3D::Impl::BrickBox> SparseSmokeSolver3D::Impl::wantedBoxes(float dt) const {
    std::vector<BrickBox> boxes;
    const float h = settings.cellSize;
    const uint32_t n[3] = {settings.nx, settings.ny, settings.nz};
    // Samples first..last (cells, or faces with `faces`) along each axis, grown by `radius` bricks
    // and clamped to the brick grid; nothing when the samples miss the domain.
    auto add = [&](const float low[3], const float high[3], bool faces, int radius) {
        BrickBox box;
        for (int a = 0; a < 3; ++a) {
            const auto [first, last] = detail::sampleRange(low[a], high[a], h, faces ? n[a] : n[a] - 1);
            if (last < first) return;
            box.low[a] = std::max(first / int(BILLOW_BRICK) - radius, 0);
            box.high[a] = std::min(last / int(BILLOW_BRICK) + radius, int(bricks[a]) - 1);
        }
        boxes.push_back(box);
    };
    // An emitter: the samples the dense Emit pass updates (smoke3d_emit.cpp: the falloff's reach,
    // faces when it couples the velocity), plus the bricks its target velocity crosses in one step
    // when it does, plus the margin.
    for (const gpu::GpuEmitter3D& e : emitters.pending()) {
        const float falloffReach = e.falloff == BILLOW_EMITTER_FALLOFF_LINEAR ? e.size : float(BILLOW_EMITTER_GAUSSIAN_REACH) * e.size;
        const float centre[3] = {e.centreX, e.centreY, e.centreZ}, half[3] = {e.halfX, e.halfY, e.halfZ};
        float low[3], high[3];
        for (int a = 0; a < 3; ++a) {
            low[a] = centre[a] - half[a] - falloffReach;
            high[a] = centre[a] + half[a] + falloffReach;
        }
        const bool coupling = e.velocityCoupling > 0.0f;
        const float speed = coupling ? std::max({std::abs(e.velocityX), std::abs(e.velocityY), std::abs(e.velocityZ)}) : 0.0f;
        add(low, high, coupling, reachInBricks(speed, dt, h, sparse.marginBricks));
    }
    // A collider: its bounding box (a box's circumscribed sphere, whatever its rotation), one cell
    // more on each side for the faces its open fractions cut, grown like an emitter by its speed.
    for (const gpu::GpuCollider& c : colliders.pending()) {
        float extent = c.radius;
        if (c.shape == BILLOW_COLLIDER_BOX)
            extent = std::sqrt(c.halfExtents.x * c.halfExtents.x + c.halfExtents.y * c.halfExtents.y +
                               c.halfExtents.z * c.halfExtents.z);
        else if (c.shape == BILLOW_COLLIDER_CAPSULE) extent = c.halfLength + c.radius;
        const float centre[3] = {c.centre.x, c.centre.y, c.centre.z};
        float low[3], high[3];
        for (int a = 0; a < 3; ++a) {
            low[a] = centre[a] - extent - h;
            high[a] = centre[a] + extent + h;
        }
        const float speed = std::max({std::abs(c.velocity.x), std::abs(c.velocity.y), std::abs(c.velocity.z)}) +
                            extent * std::sqrt(c.angularVelocity.x * c.angularVelocity.x +
                                               c.angularVelocity.y * c.angularVelocity.y +
                                               c.angularVelocity.z * c.angularVelocity.z);
        add(low, high, true, reachInBricks(speed, dt, h, sparse.marginBricks));
    }
    return boxes;
}

namespace {

SparsePoolReport toReport(const detail::ResultRing::Completed& c) {
    SparsePoolReport r;
    r.step = c.step;
    r.activeBricks = c.payload[0];
    r.poolBricks = c.payload[2];
    r.requestedBricks = c.payload[3];
    r.refusedBricks = c.payload[4];
    const uint32_t listed = std::min<uint32_t>(r.refusedBricks, BILLOW_MAX_REFUSED_LISTED);
    for (uint32_t k = 0; k < listed; ++k) {
        const uint32_t* b = c.payload.data() + kReportRefusedWord + 4 * k;
        r.refused.push_back({b[0], b[1], b[2]});
    }
    return r;
}

} // namespace

std::optional<SparsePoolReport> SparseSmokeSolver3D::Impl::readPoolReport() const {
    if (poolRing.empty()) return std::nullopt;
    const auto completed = poolRing.newest(kReportWords);
    if (!completed) return std::nullopt;
    SparsePoolReport report = toReport(*completed);
    // The same step's mass sums, when its Advect pass corrected the mass: the w of each field's
    // partials (sparse3d_transport.cpp), summed in double.
    if (const auto lost = lostRing.empty() ? std::nullopt : lostRing.ofStep(report.step, lostRing.payloadWords())) {
        const uint32_t groups = lostRing.payloadWords() / 8;
        double sums[2] = {0.0, 0.0};
        for (int f = 0; f < 2; ++f)
            for (uint32_t g = 0; g < groups; ++g) {
                float w;
                std::memcpy(&w, &lost->payload[(size_t(f) * groups + g) * 4 + 3], sizeof w);
                sums[f] += w;
            }
        report.lostDensity = sums[0];
        report.lostFuel = sums[1];
    }
    return report;
}

void SparseSmokeSolver3D::Impl::addToHealth(SolverHealth& report) const {
    if (poolRing.empty()) return;
    if (const auto completed = poolRing.ofStep(report.step, kReportRefusedWord)) report.refusedBricks = completed->payload[4];
}

void SparseSmokeSolver3D::growPool(uint32_t poolBricks) {
    const auto held = use("growPool");
    Impl& s = *held;
    SparseSettings3D next = s.sparse;
    next.poolBricks = poolBricks;
    next.validate();
    if (poolBricks < s.capacity)
        throw InvalidArgument("growPool: poolBricks", "must be at least the current capacity of " + std::to_string(s.capacity) +
                                                          " bricks (got " + std::to_string(poolBricks) + ")");
    if (poolBricks == s.capacity) return;
    // What the device cannot hold is refused before anything changes (the new pools and the old
    // ones are both alive during the copy).
    s.requirePoolFits(poolBricks, s.capacity, "growPool");
    s.cs.waitIdle();

    // The old pools and everything sized by the capacity, moved aside: put back if anything fails.
    const uint32_t oldCapacity = s.capacity;
    const uint64_t oldBrickBytes = s.brickBytes;
    PingPong* pairs[] = {&s.u, &s.v, &s.w, &s.density, &s.temperature, &s.fuel, &s.colour};
    GpuBuffer* singles[] = {&s.pressure, &s.divergence, &s.expansionSource, &s.solid, &s.open[0], &s.open[1], &s.open[2],
                            &s.solidVelocity[0], &s.solidVelocity[1], &s.solidVelocity[2]};
    GpuBuffer* slotBuffers[] = {&s.topology.brickCoords, &s.topology.neighbours, &s.topology.activeList, &s.topology.freeList,
                                &s.topology.slotFree, &s.topology.slotBlocks, &s.topology.slotNew, &s.topology.newList,
                                &s.topology.newDispatch};
    PingPong oldPairs[std::size(pairs)];
    GpuBuffer oldSingles[std::size(singles)], oldSlotBuffers[std::size(slotBuffers)];
    for (size_t k = 0; k < std::size(pairs); ++k) oldPairs[k] = std::move(*pairs[k]);
    for (size_t k = 0; k < std::size(singles); ++k) oldSingles[k] = std::move(*singles[k]);
    for (size_t k = 0; k < std::size(slotBuffers); ++k) oldSlotBuffers[k] = std::move(*slotBuffers[k]);
    auto putBack = [&] {
        for (size_t k = 0; k < std::size(pairs); ++k) *pairs[k] = std::move(oldPairs[k]);
        for (size_t k = 0; k < std::size(singles); ++k) *singles[k] = std::move(oldSingles[k]);
        for (size_t k = 0; k < std::size(slotBuffers); ++k) *slotBuffers[k] = std::move(oldSlotBuffers[k]);
        s.capacity = oldCapacity;
        s.brickBytes = oldBrickBytes;
    };
    try {
        s.allocatePools(poolBricks);
        s.brickBytes += s.slotBytes();
        auto make = [&](VkDeviceSize bytes) { return topologyBuffer(s.cs, bytes); };
        s.topology.brickCoords = make(VkDeviceSize(poolBricks) * sizeof(gpu::ivec4));
        s.topology.neighbours = make(VkDeviceSize(poolBricks) * 6 * sizeof(uint32_t));
        s.topology.activeList = make(VkDeviceSize(poolBricks) * sizeof(gpu::ivec4));
        s.topology.freeList = make(VkDeviceSize(poolBricks) * sizeof(uint32_t));
        s.createSlotScratch();
        detail::FieldReadback readback(s.cs, uint64_t(poolBricks) * BILLOW_BRICK_FACES * sizeof(float) * (s.hasColour() ? 4 : 1));

        // Every old slot's values into the start of the new pools: slots keep their numbers.
        s.cs.submitAndWait([&](VkCommandBuffer cmd) {
            auto copy = [&](const GpuBuffer& from, const GpuBuffer& to) {
                const VkBufferCopy region{0, 0, from.size()};
                s.cs.vk.vkCmdCopyBuffer(cmd, from.handle(), to.handle(), 1, &region);
            };
            for (size_t k = 0; k < std::size(pairs); ++k) {
                for (int c = 0; c < 2; ++c) copy(oldPairs[k].copies[c], pairs[k]->copies[c]);
                pairs[k]->current = oldPairs[k].current;
            }
            for (size_t k = 0; k < std::size(singles); ++k) copy(oldSingles[k], *singles[k]);
            for (size_t k = 0; k < 3; ++k) copy(oldSlotBuffers[k], *slotBuffers[k]);  // coords, neighbours, active list
            detail::memoryBarrier(s.cs, cmd, detail::kTransferWrite, detail::kComputeReadWrite);
        });
        // The new slots free; the free list (lowest free slot on top) and the header's counts.
        std::vector<gpu::ivec4> coords(poolBricks, gpu::ivec4{0, 0, 0, BILLOW_SLOT_FREE});
        detail::downloadBytes(s.cs, s.topology.brickCoords.handle(),
                              std::as_writable_bytes(std::span(coords.data(), oldCapacity)));
        detail::uploadBytes(s.cs, s.topology.brickCoords.handle(), std::as_bytes(std::span(coords)));
        std::vector<uint32_t> freeList;
        for (uint32_t slot = poolBricks; slot-- > 0;)
            if (coords[slot].w == BILLOW_SLOT_FREE) freeList.push_back(slot);
        freeList.resize(poolBricks, 0);
        detail::uploadBytes(s.cs, s.topology.freeList.handle(), std::as_bytes(std::span(freeList)));
        gpu::SparseTopologyHeader header{};
        detail::downloadBytes(s.cs, s.topology.header.handle(), std::as_writable_bytes(std::span(&header, 1)));
        header.capacity = poolBricks;
        header.freeCount = uint32_t(std::count_if(coords.begin(), coords.end(), [](const gpu::ivec4& c) { return c.w == BILLOW_SLOT_FREE; }));
        detail::uploadBytes(s.cs, s.topology.header.handle(), std::as_bytes(std::span(&header, 1)));
        s.readback = std::move(readback);
    } catch (const VulkanError& e) {
        putBack();
        throw VulkanError(e.result(), "SparseSmokeSolver3D::growPool: allocating the pools of " + std::to_string(poolBricks) +
                                          " bricks (" + e.what() + ")");
    } catch (...) {
        putBack();
        throw;
    }
    // The kernels' descriptor sets that name the old buffers go with them.
    for (PingPong& p : oldPairs)
        for (GpuBuffer& b : p.copies)
            if (b.handle() != VK_NULL_HANDLE) s.kernels->forgetBuffer(b.handle());
    for (GpuBuffer& b : oldSingles) s.kernels->forgetBuffer(b.handle());
    for (GpuBuffer& b : oldSlotBuffers) s.kernels->forgetBuffer(b.handle());
    s.sparse.poolBricks = poolBricks;
}

} // namespace billow
