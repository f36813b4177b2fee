// PoissonSolver: the levels, the choice of method, Jacobi and red-black SOR (whole loops in the
// stencil), and the residual report.
#include "pressure/poisson_solver.hpp"

#include <span>
#include <string>

#include "core/barriers.hpp"
#include "grid/field_buffers.hpp"
#include "pressure/mac_stencil.hpp"

namespace billow::detail {

PoissonSolver::PoissonSolver(ContextState& context, const PoissonSystem& system, std::unique_ptr<PoissonStencil> stencil)
    : context_(context), system_(system), stencil_(std::move(stencil)),
      reports_(context) {
    const int axes = stencil_->dimensions();
    for (int a = 0; a < axes; ++a)
        if (!system_.weights[a]) throw Error("internal: a Poisson system without face weights");
    if (!system_.unknown || !system_.rhs) throw Error("internal: a Poisson system without its unknown or right-hand side");
    unknown_ = system_.unknown;
    activeReports_ = &reports_;
    const GridShape& shape = system_.shape;
    if (shape.nx == 0 || shape.ny == 0 || shape.nz == 0 || (axes == 2 && shape.nz != 1))
        throw Error("internal: a Poisson system of " + std::to_string(shape.nx) + " x " + std::to_string(shape.ny) +
                    " x " + std::to_string(shape.nz) + " cells for a " + std::to_string(axes) + "D stencil");

    const VkBufferUsageFlags gridUsage = VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
    finestGrid_ = GpuBuffer(context_, stencil_->gridBlockSize(), gridUsage, GpuBuffer::Kind::DeviceLocal);
    std::vector<GridShape> shapes{system_.shape};
    while (std::optional<GridShape> next = stencil_->coarser(shapes.back())) {
        CoarseLevel level;
        level.shape = *next;
        level.grid = GpuBuffer(context_, stencil_->gridBlockSize(), gridUsage, GpuBuffer::Kind::DeviceLocal);
        for (int c = 0; c < 2; ++c) level.correction.copies[c] = fieldBuffer(context_, next->cells());
        level.rhs = fieldBuffer(context_, next->cells());
        if (shifted()) level.shift = fieldBuffer(context_, next->cells());
        for (int a = 0; a < axes; ++a) level.weights[a] = fieldBuffer(context_, next->faces(a));
        coarse_.push_back(std::move(level));
        shapes.push_back(*next);
    }
    if (!shifted()) noShift_ = fieldBuffer(context_, 1);
    uploadGridBlocks();
    kernels_ = stencil_->createKernels(context_, finestGrid_.handle());
    std::vector<GroupCounts> gated = stencil_->gatedDispatchGroups(shapes);
    if (axes == 3 && !shifted() && SpectralSolve::fits(system_.shape)) {
        spectral_ = std::make_unique<SpectralSolve>(context_, system_.shape, system_.sides);
        const std::vector<GroupCounts> spectral = SpectralSolve::dispatchGroups(system_.shape);
        gated.insert(gated.end(), spectral.begin(), spectral.end());
    }
    gate_ = std::make_unique<PressureGate>(context_, *kernels_, gated);
}

PoissonSolver::~PoissonSolver() = default;

uint64_t PoissonSolver::allocatedBytes() const noexcept {
    uint64_t total = finestGrid_.size();
    for (const CoarseLevel& level : coarse_) {
        total += level.grid.size() + level.rhs.size() + level.correction.copies[0].size() + level.correction.copies[1].size();
        total += level.shift.size();
        for (const GpuBuffer& weights : level.weights) total += weights.size();
    }
    if (cg_) {
        total += cg_->r.size() + cg_->q.size() + cg_->partials.size();
        for (int c = 0; c < 3; ++c) total += cg_->z.copies[c].size() + cg_->d.copies[c].size();
    }
    for (const GpuBuffer& copy : increment_.copies) total += copy.size();
    if (spectral_) total += spectral_->allocatedBytes();
    return total;
}

void PoissonSolver::uploadGridBlocks() {
    // Each coarse level's cells are twice the size of the finer level's.
    float h = system_.cellSize;
    uploadBytes(context_, finestGrid_.handle(), stencil_->gridBlock(system_.shape, h, system_.sides, shifted()));
    for (CoarseLevel& level : coarse_) {
        h *= 2.0f;
        uploadBytes(context_, level.grid.handle(), stencil_->gridBlock(level.shape, h, system_.sides, shifted()));
    }
}

void PoissonSolver::setBoundaries(const PoissonSides& sides, float cellSize) {
    system_.sides = sides;
    system_.cellSize = cellSize;
    uploadGridBlocks();
    if (spectral_) spectral_->setSides(sides);
}

PoissonLevel PoissonSolver::level(size_t l) const {
    const VkBuffer placeholder = noShift_.handle();  // null for a shifted system
    if (l == 0) return {system_.shape, finestGrid_.handle(), system_.weights, system_.sides,
                        shifted() ? system_.shift : placeholder, interiorOpen_};
    const CoarseLevel& c = coarse_[l - 1];
    return {c.shape, c.grid.handle(), {c.weights[0].handle(), c.weights[1].handle(), c.weights[2].handle()}, system_.sides,
            shifted() ? c.shift.handle() : placeholder, coarseInteriorOpen(l)};
}

bool PoissonSolver::coarseInteriorOpen(size_t l) const {
    // A coarse face's weight is the mean of the fine faces it covers, which is 1 between coarse
    // cells when those are 1, unless a finer level has an odd count along an axis: its last coarse
    // cell covers one fine cell, and the faces around it are scaled (pressure/mg_coarse_weight.glsl).
    if (!interiorOpen_) return false;
    for (size_t finer = 0; finer < l; ++finer) {
        const GridShape& s = finer == 0 ? system_.shape : coarse_[finer - 1].shape;
        if (s.nx % 2 != 0 || s.ny % 2 != 0 || s.nz % 2 != 0) return false;
    }
    return true;
}

LevelEquation PoissonSolver::equation(size_t l, const LevelEquation& finest) {
    if (l == 0) return finest;
    CoarseLevel& c = coarse_[l - 1];
    return {c.correction, c.rhs.handle(), 1.0f};
}

void PoissonSolver::recordCoarsenWeights(VkCommandBuffer cmd) {
    for (size_t l = 0; l < coarse_.size(); ++l) stencil_->coarsenWeights(cmd, direct(), level(l), level(l + 1));
}

void PoissonSolver::recordSolve(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                                PingPong* unknown, ResidualReportRing* reports) {
    // The shift is supported by the V-cycle's kernels only (relaxation, residual, transfers).
    if (shifted() && settings.method != PressureSolverType::Multigrid)
        throw Error("internal: a Poisson system with a diagonal shift is solved by Multigrid only");
    unknown_ = unknown ? unknown : system_.unknown;
    activeReports_ = reports ? reports : &reports_;
    const PoissonSolveSettings recorded = recordedSettings(settings);
    recordIterations(cmd, recorded, rhsScale);
    if (recorded.trackResidual || recorded.stopsAtTolerance()) recordReport(cmd, recorded, rhsScale);
    unknown_ = system_.unknown;
    activeReports_ = &reports_;
}

PoissonSolveSettings PoissonSolver::recordedSettings(const PoissonSolveSettings& settings) const {
    PoissonSolveSettings recorded = settings;
    if (settings.stopsAtTolerance())
        recorded.iterations = activeReports_->iterationsToRecord(settings.iterations, settings.iterationHeadroom);
    return recorded;
}

void PoissonSolver::recordIterations(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale) {
    recordStage(cmd, settings, rhsScale, {settings.iterations});
}

void PoissonSolver::recordStage(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                                const Stage& stage) {
    // Warm start: the iteration begins from the unknown's current copy.
    const LevelEquation eq = systemEquation(rhsScale);
    switch (settings.method) {
    case PressureSolverType::RedBlackSOR:
        stencil_->relaxRedBlack(cmd, direct(), level(0), eq, settings.sorRelaxation, stage.count);
        return;
    case PressureSolverType::Multigrid:
    case PressureSolverType::Spectral: {
        const bool spectral = settings.method == PressureSolverType::Spectral && spectralApplies();
        if (settings.stopsAtTolerance()) recordGatedCycles(cmd, settings, rhsScale, stage, spectral);
        else
            for (uint32_t cycle = 0; cycle < stage.count; ++cycle) recordCycle(cmd, direct(), eq, spectral);
        return;
    }
    case PressureSolverType::MultigridPCG:
        recordMultigridPCG(cmd, settings, rhsScale, stage);
        return;
    case PressureSolverType::Jacobi:
        break;
    }
    stencil_->relaxJacobi(cmd, direct(), level(0), eq, stage.count);
}

void PoissonSolver::recordReport(VkCommandBuffer cmd, const PoissonSolveSettings& settings, float rhsScale,
                                 bool rhsMeasured) {
    // The slot was last written kReportHistory reports ago (and read by the host after that
    // submission completed). Stopping at a tolerance reports what the gate measured; tracking
    // (re)measures the residual of the final unknown into the cleared residual words.
    const uint32_t slot = activeReports_->nextSlot();
    const bool measure = settings.trackResidual;
    // Words: residual, rhs, iterations, converged; each written once (no overlapping writes),
    // except the rhs word when recordReportRhs measured it first (atomicMax keeps the larger).
    const uint32_t cleared = rhsMeasured ? 1 : 2;
    memoryBarrier(context_, cmd, kComputeReadWrite,
                  {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT});
    if (settings.stopsAtTolerance()) {
        if (measure) activeReports_->recordFill(cmd, slot, 0, cleared, 0);
        gate_->recordReportCopy(cmd, activeReports_->buffer(), activeReports_->slotOffset(slot), measure);
    } else {
        activeReports_->recordFill(cmd, slot, 0, cleared, 0);
        activeReports_->recordFill(cmd, slot, 2, 1, settings.iterations);
        activeReports_->recordFill(cmd, slot, 3, 1, 0);
    }
    memoryBarrier(context_, cmd, kTransferWrite, kComputeReadWrite);
    if (measure)
        stencil_->measureResidual(cmd, direct(), level(0), systemEquation(rhsScale), activeReports_->buffer(), static_cast<int>(slot));
    activeReports_->recordFinish(cmd);
}

void PoissonSolver::recordReportRhs(VkCommandBuffer cmd, float rhsScale) {
    const uint32_t slot = activeReports_->nextSlot();
    memoryBarrier(context_, cmd, kComputeReadWrite, kTransferWrite);
    activeReports_->recordFill(cmd, slot, 0, 2, 0);
    memoryBarrier(context_, cmd, kTransferWrite, kComputeReadWrite);
    stencil_->measureResidual(cmd, direct(), level(0), systemEquation(rhsScale), activeReports_->buffer(), static_cast<int>(slot));
    computeBarrier(context_, cmd);
}

} // namespace billow::detail
