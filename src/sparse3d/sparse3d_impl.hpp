// SparseSmokeSolver3D's private state: the brick topology, one pool per field, the kernels and the
// emitters. The passes are recorded by one file per family, in SparsePass3D order:
//   sparse3d_topology.cpp    Topology (wanted bricks, allocation, retirement, the active list)
//   sparse3d_colliders.cpp   Colliders (the faces' open fractions in the allocated bricks)
//   sparse3d_transport.cpp   Advect
//   sparse3d_emit.cpp        Emit
//   sparse3d_forces.cpp      Combustion, Buoyancy, Vorticity, Damping
//   sparse3d_projection.cpp  Divergence, PressureSolve, SubtractGradient
//   sparse3d_multigrid.cpp   the pressure's multigrid (in bricks, then across the brick grid)
// sparse3d_solver.cpp holds creation, settings, host access and the step's order; the GPU layout
// is shaders/sparse3d/sparse3d_types.h.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "billow/sparse_smoke3d_solver.hpp"
#include "common/grid3d_types.h"
#include "core/gpu_buffer.hpp"
#include "core/host_edit_queue.hpp"
#include "core/kernel_set.hpp"
#include "core/result_ring.hpp"
#include "core/uniform_buffer.hpp"
#include "grid/field_buffers.hpp"
#include "grid/smoke_core.hpp"
#include "smoke3d/smoke3d_types.h"
#include "sparse3d/sparse3d_types.h"

namespace billow {

namespace detail {
class SparseMultigrid;  // sparse3d_multigrid.hpp
}

using detail::GpuBuffer;
using detail::PingPong;

// The GPU's picture of which bricks exist (sparse3d/sparse3d_types.h): everything the Topology pass
// writes and every brick kernel reads.
struct BrickTopology {
    GpuBuffer brickMap;     // uint per virtual brick
    GpuBuffer brickCoords;  // ivec4 per slot
    GpuBuffer neighbours;   // 6 uint per slot
    GpuBuffer activeList;   // ivec4 per slot
    GpuBuffer freeList;     // uint per slot
    GpuBuffer header;       // SparseTopologyHeader (its first words: the indirect dispatch)
    // The Topology pass's working buffers (sparse3d_topology.cpp, shaders/sparse3d/topology_*.comp).
    GpuBuffer wanted;       // uint per virtual brick: wanted this step
    GpuBuffer mapBlocks;    // uint per block of BILLOW_TOPOLOGY_BLOCK virtual bricks: the requests' scan
    GpuBuffer slotFree;     // uint per slot: free after this step's retirements
    GpuBuffer slotBlocks;   // uint per block of BILLOW_TOPOLOGY_BLOCK slots: the free slots' scan
    GpuBuffer slotNew;      // uint per slot: allocated by this step
    GpuBuffer newList;      // ivec4 per slot: the bricks allocated by this step (xyz, slot w)
    GpuBuffer newDispatch;  // their indirect dispatch, then their count (BILLOW_TOPOLOGY_NEW_COUNT_WORD)
};

// One brick workgroup per allocated brick, dispatched from the header.
inline constexpr VkDeviceSize kBrickDispatchOffset = 0;

struct SparseSmokeSolver3D::Impl : detail::SmokeCore<SmokeSettings3D, SparsePass3D> {
    SparseSettings3D sparse;
    std::array<uint32_t, 3> bricks{};  // the brick grid: ceil(n / 8) per axis
    uint32_t capacity = 0;             // slots per pool

    detail::UniformBuffer<gpu::Grid3DParams> gridUniform;
    BrickTopology topology;
    // Pools. Velocity: BILLOW_BRICK_FACES floats per slot; cell fields BILLOW_BRICK_CELLS (colour
    // 4 per cell, or a one-texel placeholder without a colour field). Two copies each (advection
    // writes the other one).
    PingPong u, v, w, density, temperature, fuel, colour;
    GpuBuffer pressure, divergence, expansionSource;
    // What the Colliders pass writes (the dense solver's Geometry3D, on bricks): each cell's solid
    // fraction (0 fluid .. 1 solid), each stored face's open fraction (1 open) and the normal
    // velocity of its closed part, m/s, laid out as u, v, w. Open air is fluid.
    GpuBuffer solid;
    GpuBuffer open[3];
    GpuBuffer solidVelocity[3];
    // The Vorticity pass's cells (vec4 per cell; sparse3d_forces.cpp allocates them with the pool's
    // capacity when the pass first needs them): omega and |omega|, then the confinement force per
    // unit epsilon h.
    GpuBuffer vorticityCells, confinementCells;
    detail::HostEditQueue<gpu::GpuEmitter3D> emitters;
    detail::ResultRing poolRing;  // SparsePoolReport per Topology pass (sparse3d_topology.cpp)
    // Per Advect pass with massCorrection: the mass sums' partials of density and fuel
    // (BILLOW_MASS_MAX_GROUPS vec4 each, the first massCorrection.groups() written), whose w is
    // what went into missing bricks (sparse3d_transport.cpp); summed by readPoolReport.
    detail::ResultRing lostRing;
    // The pressure's multigrid (sparse3d_multigrid.hpp), created by the first PressureSolve pass.
    std::shared_ptr<detail::SparseMultigrid> multigrid;

    uint64_t fixedBytes = 0, brickBytes = 0;

    Impl(std::shared_ptr<Context> ctx, const SmokeSettings3D& s, const SparseSettings3D& sp);

    gpu::Grid3DParams gridParams() const;
    bool hasColour() const { return settings.colour; }
    uint64_t virtualBricks() const { return uint64_t(bricks[0]) * bricks[1] * bricks[2]; }

    // Allocates the pools (and everything sized by the capacity) for `slots` slots; sparse3d_solver.cpp.
    void allocatePools(uint32_t slots);
    // sparse3d_device_limits.cpp. The pools' bytes per brick (the colour's with `colour`); the
    // largest single pool buffer per brick and every buffer per brick these settings allocate;
    // and the check, before anything is allocated, that a pool of `poolBricks` bricks fits the
    // device with `liveBricks` bricks of old pools alive meanwhile: UnsupportedDevice naming
    // SparseSettings3D::poolBricks, the bytes and maxStorageBufferRange or the largest
    // device-local heap.
    static uint64_t poolBytesPerBrick(bool colour);
    uint64_t largestBufferPerBrick() const;
    uint64_t plannedBytesPerBrick() const;
    void requirePoolFits(uint32_t poolBricks, uint32_t liveBricks, const char* call) const;
    // sparse3d_host_access.cpp. Host access (blocking): the active list and brick map as the GPU
    // holds them, the pool of a field, and every stored copy of a cell or face (axis -1: a cell)
    // of the virtual domain given the brick map, as an index into its pool, canonical copy first.
    std::vector<gpu::ivec4> downloadActiveList();
    std::vector<uint32_t> downloadBrickMap();
    VkBuffer pool(SparseField3D field) const;
    template <class Visit>
    void forEachCopy(const std::vector<uint32_t>& map, int axis, std::array<uint32_t, 3> sample, Visit&& visit) const;
    // sparse3d_allocate.cpp: the neighbour table of `active` from the brick map (uploaded; blocking).
    void writeNeighbours(const std::vector<uint32_t>& map, const std::vector<gpu::ivec4>& active);
    // A barrier after a brick kernel's writes, before the next pass reads them.
    void barrier(VkCommandBuffer cmd) const;

    void keepOwnState(detail::RecordSnapshot& saved) override;
    void recordHealthScan(VkCommandBuffer cmd) override;
    void recordProbes(VkCommandBuffer) override {}
    void recordParticles(VkCommandBuffer, float) override {}
    void recordColliderForces(VkCommandBuffer) override {}
    PressureResidual pressureResidual(uint32_t recordsAgo) const override;
    // The multigrid on bricks solves for the whole pressure (incrementalPressure is ignored), so
    // a step keeps its Divergence pass.
    bool incrementalProjection() const override { return false; }
    void recordPass(VkCommandBuffer cmd, SparsePass3D pass, float dt, bool fusedForces) override;

    // sparse3d_topology.cpp
    void createTopology();  // buffers sized by the brick grid and the capacity, all slots free
    void createSlotScratch();  // the Topology pass's buffers sized by the capacity
    uint64_t slotBytes() const;  // the topology's bytes per slot
    void recordTopology(VkCommandBuffer cmd, float dt);
    std::optional<SparsePoolReport> readPoolReport() const;
    void addToHealth(SolverHealth& report) const override;  // the refused bricks of that step
    // Bricks lowest..highest (inclusive, within the brick grid) the host knows are wanted this
    // step: each emitter's reach and each collider's bounds, grown by the margin and their speed.
    struct BrickBox {
        int low[3], high[3];
    };
    std::vector<BrickBox> wantedBoxes(float dt) const;
    // Open air in the bricks of topology.newList (their count: the indirect dispatch at `offset`
    // of `dispatch`), the faces shared with older neighbours copied from them.
    void recordFillNew(VkCommandBuffer cmd, VkBuffer dispatch, VkDeviceSize offset);
    // The same for bricks the host allocated (xyz, slot w), once the brick map holds them (blocking).
    void fillNewFromHost(const std::vector<gpu::ivec4>& fresh);
    // sparse3d_colliders.cpp
    void recordColliders(VkCommandBuffer cmd);
    // sparse3d_transport.cpp
    void recordAdvect(VkCommandBuffer cmd, float dt);
    void recordMassCorrection(VkCommandBuffer cmd, float dt);  // after Advect's kernels, before the swap
    // sparse3d_emit.cpp
    void recordEmit(VkCommandBuffer cmd, float dt);
    // sparse3d_forces.cpp
    void recordCombustion(VkCommandBuffer cmd, float dt);
    void recordBuoyancy(VkCommandBuffer cmd, float dt);
    void recordVorticity(VkCommandBuffer cmd, float dt);
    void recordDamping(VkCommandBuffer cmd, float dt, bool velocity = true);
    // The velocity forces of a step that fuses them: the confinement of the velocity before
    // buoyancy, buoyancy, velocity damping (the dense fused kernel's order, by the unfused kernels).
    void recordVelocityForces(VkCommandBuffer cmd, float dt);
    void recordConfinementCells(VkCommandBuffer cmd);             // into confinementCells
    void recordConfinementForce(VkCommandBuffer cmd, float dt);  // from confinementCells
    void recordVelocityDamping(VkCommandBuffer cmd, float dt);
    // sparse3d_projection.cpp. allocatePressureLevels: the multigrid (created on the first call) and
    // its levels inside the bricks for `slots` slots; allocatePools calls it (blocking).
    void allocatePressureLevels(uint32_t slots);
    void recordDivergence(VkCommandBuffer cmd);
    void recordPressureSolve(VkCommandBuffer cmd, float dt);
    void recordSubtractGradient(VkCommandBuffer cmd, float dt);
};

namespace detail {
// The solver's state for Billow's readers of its buffers outside src/sparse3d/ (the volume
// renderer: the current pools, the brick map, the active list and the indirect dispatch).
// Error for a moved-from solver.
struct SparseSolverAccess {
    static const SparseSmokeSolver3D::Impl& state(const SparseSmokeSolver3D& solver, const char* call) {
        return *solver.use(call, EntryCheck::EvenIfUnusable);
    }
};
} // namespace detail

} // namespace billow
