// The sparse pressure multigrid (sparse3d_multigrid.hpp): its levels, the V-cycle and the gated
// cycles.
#include "sparse3d/sparse3d_multigrid.hpp"

#include <cmath>

#include "billow/error.hpp"
#include "core/barriers.hpp"
#include "pressure/mac_stencil.hpp"
#include "sparse3d/multigrid_types.h"
#include "sparse3d/sparse3d_impl.hpp"

namespace billow::detail {

namespace {
constexpr int kBrickLevels = BILLOW_MG_BRICK_LEVELS;  // 8, 4, 2, 1 cells a brick edge
// Red-black Gauss-Seidel sweeps before and after each coarse correction (the dense V-cycle's).
constexpr uint32_t kSmoothing = 2;

uint32_t edgeOf(int level) { return BILLOW_BRICK >> level; }
size_t cellsPerBrick(int level) { const size_t m = edgeOf(level); return m * m * m; }
size_t facesPerBrick(int level) { const size_t m = edgeOf(level); return (m + 1) * m * m; }
// Where level L's brick kernels find their indirect dispatch in brickCommands_ (mg_gate_bricks.comp).
VkDeviceSize commandOf(int level) { return VkDeviceSize(level) * sizeof(VkDispatchIndirectCommand); }
// The virtual grid of level L: ceil(n / 2^L) cells a side (level 4: the first grid across the bricks).
GridShape levelShape(const std::array<uint32_t, 3>& n, int level) {
    const uint32_t add = (1u << level) - 1;
    return {(n[0] + add) >> level, (n[1] + add) >> level, (n[2] + add) >> level};
}
} // namespace

SparseMultigrid::SparseMultigrid(ContextState& context, KernelSet& brickKernels, const BrickTopology& topology,
                                 std::array<uint32_t, 3> cells, float cellSize, const PoissonSides& sides)
    : cs_(context), kernels_(brickKernels), topology_(topology), cells_(cells), cellSize_(cellSize), sides_(sides),
      stencil_(makeMacStencil(3, context.workgroups)), reports_(context) {
    const VkBufferUsageFlags gridUsage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    std::vector<GridShape> shapes{levelShape(cells_, kBrickLevels)};
    for (;;) {
        GridLevel level;
        level.shape = shapes.back();
        level.grid = GpuBuffer(cs_, stencil_->gridBlockSize(), gridUsage, GpuBuffer::Kind::DeviceLocal);
        level.correction.copies[0] = fieldBuffer(cs_, level.shape.cells());
        level.correction.copies[1] = fieldBuffer(cs_, 1);  // never used: the smoother works in place
        level.rhs = fieldBuffer(cs_, level.shape.cells());
        level.shift = fieldBuffer(cs_, level.shape.cells());
        for (int a = 0; a < 3; ++a) level.w[a] = fieldBuffer(cs_, level.shape.faces(a));
        grids_.push_back(std::move(level));
        const std::optional<GridShape> next = stencil_->coarser(shapes.back());
        if (!next) break;
        shapes.push_back(*next);
    }
    writeGridBlocks(VK_NULL_HANDLE);
    gridKernels_ = stencil_->createKernels(cs_, grids_[0].grid.handle());
    gate_ = std::make_unique<PressureGate>(cs_, *gridKernels_, stencil_->gatedDispatchGroups(shapes));
    brickCommands_ = GpuBuffer(cs_, kBrickLevels * sizeof(VkDispatchIndirectCommand),
                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                   VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                               GpuBuffer::Kind::DeviceLocal);
    fillZero(cs_, brickCommands_.handle(), brickCommands_.size());
}

SparseMultigrid::~SparseMultigrid() = default;

uint64_t SparseMultigrid::fixedBytes() const noexcept {
    uint64_t total = brickCommands_.size();
    for (const GridLevel& g : grids_) {
        total += g.grid.size() + g.rhs.size() + g.shift.size() + g.correction.copies[0].size() + g.correction.copies[1].size();
        for (const GpuBuffer& w : g.w) total += w.size();
    }
    return total;
}

uint64_t SparseMultigrid::bytesPerBrick() noexcept {
    uint64_t floats = 0;
    for (int level = 1; level < kBrickLevels; ++level) floats += 2 * cellsPerBrick(level) + 3 * facesPerBrick(level);
    return floats * sizeof(float);
}

void SparseMultigrid::writeGridBlocks(VkCommandBuffer cmd) {
    if (cmd) memoryBarrier(cs_, cmd, {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0}, kTransferWrite);
    float h = cellSize_ * float(1u << kBrickLevels);
    for (GridLevel& g : grids_) {
        const std::vector<std::byte> block = stencil_->gridBlock(g.shape, h, sides_, true);
        if (cmd) cs_.vk.vkCmdUpdateBuffer(cmd, g.grid.handle(), 0, block.size(), block.data());
        else uploadBytes(cs_, g.grid.handle(), block);
        h *= 2.0f;
    }
    if (cmd) memoryBarrier(cs_, cmd, kTransferWrite, {VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_ACCESS_UNIFORM_READ_BIT});
}

void SparseMultigrid::recordBoundaries(VkCommandBuffer cmd, const PoissonSides& sides, float cellSize) {
    if (sides == sides_ && cellSize == cellSize_) return;
    sides_ = sides;
    cellSize_ = cellSize;
    writeGridBlocks(cmd);
}

void SparseMultigrid::allocateBrickLevels(uint32_t capacity) {
    if (capacity == capacity_) return;
    for (int level = 1; level < kBrickLevels; ++level) {
        BrickLevel& b = brickLevels_[level - 1];
        b.p = fieldBuffer(cs_, capacity * cellsPerBrick(level));
        b.rhs = fieldBuffer(cs_, capacity * cellsPerBrick(level));
        for (GpuBuffer& w : b.w) w = fieldBuffer(cs_, capacity * facesPerBrick(level));
    }
    capacity_ = capacity;
}

SparseMultigrid::LevelBuffers SparseMultigrid::brickLevel(int level, const SparsePressureSystem& system) const {
    if (level == 0) return {system.pressure, system.divergence, system.open};
    const BrickLevel& b = brickLevels_[level - 1];
    return {b.p.handle(), b.rhs.handle(), {b.w[0].handle(), b.w[1].handle(), b.w[2].handle()}};
}

PoissonLevel SparseMultigrid::gridLevel(size_t l) const {
    const GridLevel& g = grids_[l];
    return {g.shape, g.grid.handle(), {g.w[0].handle(), g.w[1].handle(), g.w[2].handle()}, sides_, g.shift.handle()};
}

LevelEquation SparseMultigrid::gridEquation(size_t l) { return {grids_[l].correction, grids_[l].rhs.handle(), 1.0f}; }

void SparseMultigrid::indirectBarrier(VkCommandBuffer cmd) const {
    memoryBarrier(cs_, cmd, kComputeReadWrite,
                  {VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                   VK_ACCESS_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT});
}

void SparseMultigrid::recordCoarsenWeights(VkCommandBuffer cmd, const SparsePressureSystem& system) {
    // Every brick, every solve (the bricks and their open fractions may have changed), before the
    // first check (the brick commands are open).
    for (int level = 1; level < kBrickLevels; ++level) {
        const LevelBuffers fine = brickLevel(level - 1, system), coarse = brickLevel(level, system);
        kernels_.dispatchIndirect(cmd,
                                  kernels::Sparse3dMgCoarsen::Bindings{
                                      .brickMap = topology_.brickMap.handle(), .activeList = topology_.activeList.handle(),
                                      .fineWX = fine.w[0], .fineWY = fine.w[1], .fineWZ = fine.w[2], .wX = coarse.w[0],
                                      .wY = coarse.w[1], .wZ = coarse.w[2], .header = topology_.header.handle()},
                                  gpu::SparseMgPush{level, 1.0f, 0, 0}, brickCommands_.handle(), commandOf(level));
        computeBarrier(cs_, cmd);
    }
    const LevelBuffers bricks = brickLevel(kBrickLevels - 1, system);
    const GridLevel& first = grids_[0];
    using Coarsen = kernels::Sparse3dMgGridCoarsen;
    kernels_.dispatchGroups(cmd,
                            Coarsen::Bindings{.brickMap = topology_.brickMap.handle(), .fineWX = bricks.w[0],
                                              .fineWY = bricks.w[1], .fineWZ = bricks.w[2], .wX = first.w[0].handle(),
                                              .wY = first.w[1].handle(), .wZ = first.w[2].handle(),
                                              .shift = first.shift.handle()},
                            gpu::SparseMgPush{kBrickLevels - 1, 1.0f, 0, 0},
                            KernelSet::groupsCovering(first.shape.nx + 1, kernels_.localSize(Coarsen::id).x),
                            KernelSet::groupsCovering(first.shape.ny + 1, kernels_.localSize(Coarsen::id).y),
                            KernelSet::groupsCovering(first.shape.nz + 1, kernels_.localSize(Coarsen::id).z));
    computeBarrier(cs_, cmd);
    const PoissonDispatch direct{cs_, *gridKernels_, nullptr};
    for (size_t l = 0; l + 1 < grids_.size(); ++l) stencil_->coarsenWeights(cmd, direct, gridLevel(l), gridLevel(l + 1));
}

void SparseMultigrid::recordBrickGate(VkCommandBuffer cmd, bool afterCheck) {
    kernels_.dispatchGroups(cmd,
                            kernels::Sparse3dMgGateBricks::Bindings{.header = topology_.header.handle(),
                                                                    .state = gate_->state(),
                                                                    .commands = brickCommands_.handle()},
                            gpu::SparseMgPush{0, 0.0f, afterCheck ? 1 : 0, 0}, 1, 1, 1);
    indirectBarrier(cmd);
}

void SparseMultigrid::recordSmooth(VkCommandBuffer cmd, int level, const SparsePressureSystem& system) {
    const LevelBuffers b = brickLevel(level, system);
    const float rhsScale = level == 0 ? system.rhsScale : 1.0f;
    for (uint32_t k = 0; k < kSmoothing; ++k)
        for (int colour = 0; colour < 2; ++colour) {
            kernels_.dispatchIndirect(cmd,
                                      kernels::Sparse3dMgSmooth::Bindings{
                                          .brickMap = topology_.brickMap.handle(),
                                          .activeList = topology_.activeList.handle(), .p = b.p, .rhs = b.rhs,
                                          .wX = b.w[0], .wY = b.w[1], .wZ = b.w[2], .header = topology_.header.handle()},
                                      gpu::SparseMgPush{level, rhsScale, colour, 0}, brickCommands_.handle(),
                                      commandOf(level));
            computeBarrier(cs_, cmd);
        }
}

void SparseMultigrid::recordMeasure(VkCommandBuffer cmd, const SparsePressureSystem& system) {
    // Into the gate's accumulators (slot 0 of its state), gated like the cycles.
    const LevelBuffers b = brickLevel(0, system);
    kernels_.dispatchIndirect(cmd,
                              kernels::Sparse3dMgResidual::Bindings{
                                  .brickMap = topology_.brickMap.handle(), .activeList = topology_.activeList.handle(),
                                  .p = b.p, .rhs = b.rhs, .wX = b.w[0], .wY = b.w[1], .wZ = b.w[2],
                                  .reports = gate_->state(), .header = topology_.header.handle()},
                              gpu::SparseMgPush{0, system.rhsScale, 0, 0}, brickCommands_.handle(), commandOf(0));
    computeBarrier(cs_, cmd);
}

void SparseMultigrid::recordVCycle(VkCommandBuffer cmd, const SparsePressureSystem& system) {
    const VkBuffer brickMap = topology_.brickMap.handle(), activeList = topology_.activeList.handle();
    // Down inside the bricks.
    for (int level = 0; level + 1 < kBrickLevels; ++level) {
        recordSmooth(cmd, level, system);
        const LevelBuffers fine = brickLevel(level, system), coarse = brickLevel(level + 1, system);
        kernels_.dispatchIndirect(cmd,
                                  kernels::Sparse3dMgRestrict::Bindings{
                                      .brickMap = brickMap, .activeList = activeList, .fineP = fine.p,
                                      .fineRhs = fine.rhs, .fineWX = fine.w[0], .fineWY = fine.w[1],
                                      .fineWZ = fine.w[2], .coarseRhs = coarse.rhs, .coarseP = coarse.p,
                                      .header = topology_.header.handle()},
                                  gpu::SparseMgPush{level + 1, level == 0 ? system.rhsScale : 1.0f, 0, 0},
                                  brickCommands_.handle(), commandOf(level + 1));
        computeBarrier(cs_, cmd);
    }
    // Across the brick grid: the dense V-cycle's primitives, gated by the gate's own commands.
    recordSmooth(cmd, kBrickLevels - 1, system);
    const LevelBuffers bricks = brickLevel(kBrickLevels - 1, system);
    const PoissonDispatch gated{cs_, *gridKernels_, gate_.get()};
    {
        using Restrict = kernels::Sparse3dMgGridRestrict;
        const GridShape& s = grids_[0].shape;
        const GroupCounts groups{KernelSet::groupsCovering(s.nx, kernels_.localSize(Restrict::id).x),
                                 KernelSet::groupsCovering(s.ny, kernels_.localSize(Restrict::id).y),
                                 KernelSet::groupsCovering(s.nz, kernels_.localSize(Restrict::id).z)};
        kernels_.dispatchIndirect(cmd,
                                  Restrict::Bindings{.brickMap = brickMap, .fineP = bricks.p, .fineRhs = bricks.rhs,
                                                     .fineWX = bricks.w[0], .fineWY = bricks.w[1], .fineWZ = bricks.w[2],
                                                     .coarseRhs = grids_[0].rhs.handle(),
                                                     .coarseP = grids_[0].correction.now()},
                                  gate_->commands(), gate_->commandOffset(groups));
        computeBarrier(cs_, cmd);
    }
    const size_t last = grids_.size() - 1;
    for (size_t l = 0; l < last; ++l) {
        stencil_->relaxRedBlack(cmd, gated, gridLevel(l), gridEquation(l), 1.0f, kSmoothing);
        stencil_->restrictResidual(cmd, gated, gridLevel(l), gridEquation(l), gridLevel(l + 1), gridEquation(l + 1));
    }
    stencil_->solveCoarsest(cmd, gated, gridLevel(last), gridEquation(last));
    for (size_t l = last; l-- > 0;) {
        stencil_->prolong(cmd, gated, gridLevel(l), grids_[l].correction.now(), gridLevel(l + 1),
                          grids_[l + 1].correction.now());
        stencil_->relaxRedBlack(cmd, gated, gridLevel(l), gridEquation(l), 1.0f, kSmoothing);
    }
    kernels_.dispatchIndirect(cmd,
                              kernels::Sparse3dMgGridProlong::Bindings{.activeList = activeList, .fineP = bricks.p,
                                                                       .coarseP = grids_[0].correction.now(),
                                                                       .header = topology_.header.handle()},
                              brickCommands_.handle(), commandOf(kBrickLevels - 1));
    computeBarrier(cs_, cmd);
    recordSmooth(cmd, kBrickLevels - 1, system);
    // Up inside the bricks.
    for (int level = kBrickLevels - 1; level > 0; --level) {
        const LevelBuffers fine = brickLevel(level - 1, system), coarse = brickLevel(level, system);
        kernels_.dispatchIndirect(cmd,
                                  kernels::Sparse3dMgProlong::Bindings{
                                      .brickMap = brickMap, .activeList = activeList, .fineP = fine.p,
                                      .coarseP = coarse.p, .fineWX = fine.w[0], .fineWY = fine.w[1],
                                      .fineWZ = fine.w[2], .coarseWX = coarse.w[0], .coarseWY = coarse.w[1],
                                      .coarseWZ = coarse.w[2], .header = topology_.header.handle()},
                                  gpu::SparseMgPush{level, 1.0f, 0, 0}, brickCommands_.handle(), commandOf(level - 1));
        computeBarrier(cs_, cmd);
        recordSmooth(cmd, level - 1, system);
    }
}

void SparseMultigrid::recordSolve(VkCommandBuffer cmd, const SparsePressureSystem& system) {
    gate_->recordBegin(cmd);
    recordBrickGate(cmd, false);
    recordCoarsenWeights(cmd, system);
    // Before each V-cycle the residual of the current pressure is measured into the gate and
    // checked; after the last cycle a final measurement gives the achieved residual (the dense
    // gated multigrid's loop, pressure/multigrid.cpp), as many as the last finished solve needed
    // and the headroom.
    const uint32_t cycles = reports_.iterationsToRecord(system.maxCycles, system.cycleHeadroom);
    for (uint32_t cycle = 0;; ++cycle) {
        recordMeasure(cmd, system);
        const bool last = cycle == cycles;
        gate_->recordCheck(cmd, system.tolerance, last, kMultigridStallRatio);
        recordBrickGate(cmd, true);
        if (last) break;
        recordVCycle(cmd, system);
    }
    recordReport(cmd);
}

void SparseMultigrid::recordReport(VkCommandBuffer cmd) {
    const uint32_t slot = reports_.nextSlot();
    memoryBarrier(cs_, cmd, kComputeReadWrite, {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT});
    gate_->recordReportCopy(cmd, reports_.buffer(), reports_.slotOffset(slot), false);
    reports_.recordFinish(cmd);
}

PressureResidual SparseMultigrid::residual(uint32_t recordsAgo) const {
    if (recordsAgo >= ResidualReportRing::kSlots)
        throw InvalidArgument("pressureResidual: recordsAgo", "must be < kResidualHistory");
    return reports_.read(recordsAgo);
}

} // namespace billow::detail
