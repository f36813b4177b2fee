// The members of MacStencil<3> (mac_stencil.hpp): the 7-point stencil of the 3D MAC grid.
#include "pressure/mac_stencil.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/grid3d_types.h"
#include "pressure/pressure_types.h"
#include "pressure3d/pressure3d_types.h"

namespace billow::detail {

namespace {

// The kernels over a level's cells share one workgroup shape, so one group count per level
// serves all their gated dispatches and sizes the conjugate gradient's partial sums.
template <class K>
constexpr bool coversCells = [] {
    for (uint32_t p = 0; p < kWorkgroupProfileCount; ++p) {
        const WorkgroupSize a = K::localSizes[p], b = kernels::Pressure3dResidual::localSizes[p];
        if (a.x != b.x || a.y != b.y || a.z != b.z) return false;
    }
    return true;
}();
static_assert(coversCells<kernels::Pressure3dJacobi> && coversCells<kernels::Pressure3dRbsor> &&
              coversCells<kernels::Pressure3dJacobiQuads> &&
              coversCells<kernels::Pressure3dMgRestrictQuads> && coversCells<kernels::Pressure3dResidualQuads> &&
              coversCells<kernels::Pressure3dMgRestrictResidual> && coversCells<kernels::Pressure3dMgProlong> &&
              coversCells<kernels::Pressure3dCgResidual> && coversCells<kernels::Pressure3dCgRemoveMean> &&
              coversCells<kernels::Pressure3dCgDots> && coversCells<kernels::Pressure3dCgDirection> &&
              coversCells<kernels::Pressure3dCgUpdate>);

gpu::Transfer3Push transferPush(const GridShape& other, float rhsScale = 0.0f) {
    return {int(other.nx), int(other.ny), int(other.nz), rhsScale};
}
GroupCounts cellGroups(const GridShape& shape, WorkgroupProfile profile) {
    const WorkgroupSize cell = kernelInfo(KernelId::Pressure3dResidual).localSizes[static_cast<uint32_t>(profile)];
    return {KernelSet::groupsCovering(shape.nx, cell.x), KernelSet::groupsCovering(shape.ny, cell.y),
            KernelSet::groupsCovering(shape.nz, cell.z)};
}
// The cells along z each thread of a Jacobi sweep relaxes: the longest column up to 8 that still
// leaves at least 2^17 threads (about 64 warps an SM of an H100). Measured on the H100 with columns
// of 1, 2, 4 and 8 (docs/performance-log.md, "Jacobi columns"): 8 is fastest at 128^3 and 256^3, 2 at
// 64^3, where longer columns leave SMs idle.
uint32_t columnForTesting = 0;
uint32_t jacobiColumn(const GridShape& shape) {
    if (columnForTesting != 0) return columnForTesting;
    const uint64_t cells = uint64_t(shape.nx) * shape.ny * shape.nz;
    uint32_t column = 1;
    while (column < 8 && cells / (2 * column) >= (uint64_t(1) << 17)) column *= 2;
    return column;
}
GridShape jacobiThreads(const GridShape& shape) {
    const uint32_t column = jacobiColumn(shape);
    return {shape.nx, shape.ny, (shape.nz + column - 1) / column};
}
// A level whose rows are whole quads and whose interior faces are all open is swept four cells a
// thread with vec4 loads (pressure3d/jacobi_quads.comp); its threads are a grid of quads, whose
// columns follow jacobiColumn counted in quads (measured fastest at 64^3, 128^3 and 256^3:
// performance-log.md, "Jacobi in quads").
// The variant of a kernel that reads a level's face weights (kInteriorOpen): 1 where every face
// between two cells is open, so only the sides' weights are read.
KernelVariant weightsVariant(const PoissonLevel& level) { return KernelVariant{level.interiorOpen ? 1u : 0u}; }
bool sweepsInQuads(const PoissonLevel& level) { return level.interiorOpen && level.shape.nx % 4 == 0; }
GridShape quadShape(const GridShape& shape) { return {shape.nx / 4, shape.ny, shape.nz}; }
// The restriction from such a level takes a fine quad and the coarse rows above it a thread
// (pressure3d/mg_restrict_quads.comp).
GridShape restrictionQuadThreads(const GridShape& fine) { return {fine.nx / 4, (fine.ny + 1) / 2, (fine.nz + 1) / 2}; }
// Whether the prolongation between two levels without obstacles takes its kInteriorOpen variant
// (setOpenProlongationForTesting: the benches measure both).
bool openProlongation = true;
// Whether the restriction from a level of whole quads without obstacles takes four fine cells a
// thread (setRestrictionInQuadsForTesting: the benches measure both).
bool restrictionInQuads = true;
// Whether the residual of such a level is measured four cells a thread
// (setResidualInQuadsForTesting: the benches measure both).
bool residualInQuads = true;

} // namespace

void setJacobiColumnForTesting(uint32_t column) noexcept { columnForTesting = column; }
void setOpenProlongationForTesting(bool open) noexcept { openProlongation = open; }
void setRestrictionInQuadsForTesting(bool quads) noexcept { restrictionInQuads = quads; }
void setResidualInQuadsForTesting(bool quads) noexcept { residualInQuads = quads; }

template <>
VkDeviceSize MacStencil<3>::gridBlockSize() const { return sizeof(gpu::Grid3DParams); }

template <>
std::unique_ptr<KernelSet> MacStencil<3>::createKernels(ContextState& context, VkBuffer grid) const {
    // shaders/pressure3d holds this stencil's kernels; the gate, the conjugate gradient's scalars
    // and the increment's addition read no grid and are shared with the 2D stencil.
    return std::make_unique<KernelSet>(context, std::initializer_list<KernelGroup>{KernelGroup::Pressure3d},
                                       std::initializer_list<KernelId>{KernelId::PressureGate, KernelId::PressureCgScalars,
                                                                      KernelId::PressureAddIncrement},
                                       grid, gridBlockSize());
}

template <>
std::vector<std::byte> MacStencil<3>::gridBlock(const GridShape& shape, float cellSize, const PoissonSides& sides,
                                            bool shifted) const {
    gpu::Grid3DParams g{};
    g.shifted = shifted ? 1 : 0;
    g.nx = static_cast<int>(shape.nx);
    g.ny = static_cast<int>(shape.ny);
    g.nz = static_cast<int>(shape.nz);
    g.h = cellSize;
    g.invH = 1.0f / cellSize;
    int32_t* types = &g.sideType[0].x;  // sideType[s / 4][s % 4]: two ivec4, contiguous
    static_assert(sizeof(g.sideType) == 8 * sizeof(int32_t));
    for (int s = 0; s < BILLOW_SIDES_3D; ++s) types[s] = stencilSideType(sides[s]);
    std::vector<std::byte> bytes(sizeof(g));
    std::memcpy(bytes.data(), &g, sizeof(g));
    return bytes;
}

template <>
std::optional<GridShape> MacStencil<3>::coarser(const GridShape& shape) const {
    // pressure3d/mg_coarse_solve.comp solves a level of up to BILLOW_MG_COARSEST_3D cells a side in one
    // workgroup; coarser levels pair cells along every axis (an odd last layer restricts alone).
    if (shape.nx <= BILLOW_MG_COARSEST_3D && shape.ny <= BILLOW_MG_COARSEST_3D && shape.nz <= BILLOW_MG_COARSEST_3D)
        return std::nullopt;
    return GridShape{(shape.nx + 1) / 2, (shape.ny + 1) / 2, (shape.nz + 1) / 2};
}

template <>
uint32_t MacStencil<3>::reductionGroups(const GridShape& shape) const {
    const GroupCounts groups = cellGroups(shape, profile_);
    return groups.x * groups.y * groups.z;
}

template <>
std::vector<GroupCounts> MacStencil<3>::gatedDispatchGroups(const std::vector<GridShape>& levels) const {
    // Per level its cells (SOR colours, residuals, transfers, the conjugate gradient's kernels),
    // plus single workgroups (coarsest solve, cg_scalars).
    std::vector<GroupCounts> groups{{1, 1, 1}};
    for (const GridShape& level : levels) {
        groups.push_back(cellGroups(level, profile_));
        groups.push_back(cellGroups({(level.nx + 1) / 2, level.ny, level.nz}, profile_));  // packed red-black
        groups.push_back(cellGroups(jacobiThreads(level), profile_));
        if (level.nx % 4 == 0) {
            groups.push_back(cellGroups(jacobiThreads(quadShape(level)), profile_));
            groups.push_back(cellGroups(restrictionQuadThreads(level), profile_));
            groups.push_back(cellGroups(quadShape(level), profile_));  // the residual in quads
        }
    }
    return groups;
}

template <>
uint32_t MacStencil<3>::multigridJacobiSweeps(const PoissonLevel& level) const {
    // A level swept in quads is smoothed by four of those sweeps (7 µs each at 128^3 on an H200)
    // rather than two red-black iterations (four colour dispatches of 16 µs): more V-cycles to a
    // tolerance, less time (performance-log.md, "Jacobi smoothing on levels of whole quads").
    return sweepsInQuads(level) ? 4 : 0;
}

template <>
void MacStencil<3>::relaxJacobi(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                            const LevelEquation& eq, uint32_t sweeps) const {
    const GridShape& s = level.shape;
    PingPong& p = eq.unknown;
    // Without obstacles the sweep reads the weights only on the grid's sides: half the bytes
    // (performance-log.md, "Jacobi sweeps without obstacle weights").
    const KernelVariant variant = weightsVariant(level);
    if (sweepsInQuads(level)) {
        const GridShape quads = quadShape(s);
        const GridShape threads = jacobiThreads(quads);
        for (uint32_t k = 0; k < sweeps; ++k) {
            d.dispatch(cmd,
                       kernels::Pressure3dJacobiQuads::Bindings{.uniform = level.grid, .pIn = p.now(), .pOut = p.other(),
                                                                .divergence = eq.rhs, .openX = openX(level),
                                                                .openY = openY(level), .openZ = openZ(level)},
                       gpu::Jacobi3Push{eq.rhsScale, int(jacobiColumn(quads))}, threads.nx, threads.ny, threads.nz);
            d.barrier(cmd);
            p.swap();
        }
        return;
    }
    const GridShape threads = jacobiThreads(s);
    for (uint32_t k = 0; k < sweeps; ++k) {
        d.dispatch(cmd,
                   kernels::Pressure3dJacobi::Bindings{.uniform = level.grid, .variant = variant, .pIn = p.now(),
                                                       .pOut = p.other(), .divergence = eq.rhs, .openX = openX(level),
                                                       .openY = openY(level), .openZ = openZ(level)},
                   gpu::Jacobi3Push{eq.rhsScale, int(jacobiColumn(s))}, threads.nx, threads.ny, threads.nz);
        d.barrier(cmd);
        p.swap();
    }
}

template <>
void MacStencil<3>::relaxRedBlack(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                              const LevelEquation& eq, float omega, uint32_t iterations) const {
    // Colours with bit 2 << axis exist only on periodic axes with an odd cell count (sorColour3).
    const GridShape& s = level.shape;
    const uint32_t n[3] = {s.nx, s.ny, s.nz};
    int colourBits = 1;
    for (int axis = 0; axis < 3; ++axis)
        if (level.sides[2 * axis] == PoissonBoundary::Periodic && n[axis] % 2 == 1) colourBits |= 2 << axis;
    // With only the two plain colours each dispatch is packed: one thread per cell of the colour
    // (measured on the H200: performance-log.md, "Packed red-black dispatches in 3D").
    const bool packed = colourBits == 1;
    PingPong& p = eq.unknown;
    const uint32_t width = packed ? (s.nx + 1) / 2 : s.nx;
    for (uint32_t k = 0; k < iterations; ++k)
        for (int colour = 0; colour < 16; ++colour) {
            if ((colour & ~colourBits) != 0) continue;
            d.dispatch(cmd,
                       kernels::Pressure3dRbsor::Bindings{.uniform = level.grid, .variant = weightsVariant(level),
                                                          .p = p.now(), .divergence = eq.rhs,
                                                          .openX = openX(level), .openY = openY(level),
                                                          .openZ = openZ(level), .shift = level.shift},
                       gpu::SorPush{eq.rhsScale, omega, colour, packed ? 1 : 0}, width, s.ny, s.nz);
            d.barrier(cmd);
        }
}

template <>
void MacStencil<3>::measureResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                                const LevelEquation& eq, VkBuffer out, int slot) const {
    const GridShape& s = level.shape;
    if (sweepsInQuads(level) && residualInQuads) {
        const GridShape quads = quadShape(s);
        d.dispatch(cmd,
                   kernels::Pressure3dResidualQuads::Bindings{.uniform = level.grid, .p = eq.unknown.now(),
                                                              .divergence = eq.rhs, .openX = openX(level),
                                                              .openY = openY(level), .openZ = openZ(level),
                                                              .reports = out, .shift = level.shift},
                   gpu::ResidualPush{eq.rhsScale, slot}, quads.nx, quads.ny, quads.nz);
        return;
    }
    d.dispatch(cmd,
               kernels::Pressure3dResidual::Bindings{.uniform = level.grid, .variant = weightsVariant(level),
                                                     .p = eq.unknown.now(), .divergence = eq.rhs,
                                                     .openX = openX(level), .openY = openY(level),
                                                     .openZ = openZ(level), .reports = out,
                                                     .shift = level.shift},
               gpu::ResidualPush{eq.rhsScale, slot}, s.nx, s.ny, s.nz);
}

template <>
void MacStencil<3>::restrictResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                                 const LevelEquation& fineEq, const PoissonLevel& coarse,
                                 const LevelEquation& coarseEq) const {
    const GridShape& c = coarse.shape;
    if (sweepsInQuads(fine) && restrictionInQuads) {
        const GridShape threads = restrictionQuadThreads(fine.shape);
        d.dispatch(cmd,
                   kernels::Pressure3dMgRestrictQuads::Bindings{.uniform = coarse.grid, .finePressure = fineEq.unknown.now(),
                                                                .fineSource = fineEq.rhs, .openX = openX(fine),
                                                                .openY = openY(fine), .openZ = openZ(fine),
                                                                .coarseRhs = coarseEq.rhs,
                                                                .coarsePressure = coarseEq.unknown.now(),
                                                                .fineShift = fine.shift},
                   transferPush(fine.shape, fineEq.rhsScale), threads.nx, threads.ny, threads.nz);
        d.barrier(cmd);
        return;
    }
    d.dispatch(cmd,
               kernels::Pressure3dMgRestrictResidual::Bindings{.uniform = coarse.grid, .variant = weightsVariant(fine),
                                                       .finePressure = fineEq.unknown.now(),
                                                       .fineSource = fineEq.rhs, .fineOpenX = openX(fine),
                                                       .fineOpenY = openY(fine), .fineOpenZ = openZ(fine),
                                                       .coarseRhs = coarseEq.rhs,
                                                       .coarsePressure = coarseEq.unknown.now(),
                                                       .fineShift = fine.shift},
               transferPush(fine.shape, fineEq.rhsScale), c.nx, c.ny, c.nz);
    d.barrier(cmd);
}

template <>
void MacStencil<3>::prolong(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine, VkBuffer fineUnknown,
                        const PoissonLevel& coarse, VkBuffer coarseUnknown) const {
    const GridShape& f = fine.shape;
    d.dispatch(cmd,
               kernels::Pressure3dMgProlong::Bindings{.uniform = fine.grid,
                                              .variant = KernelVariant{openProlongation && fine.interiorOpen && coarse.interiorOpen ? 1u : 0u},
                                              .finePressure = fineUnknown,
                                              .coarsePressure = coarseUnknown, .openX = openX(fine),
                                              .openY = openY(fine), .openZ = openZ(fine),
                                              .coarseOpenX = openX(coarse), .coarseOpenY = openY(coarse),
                                              .coarseOpenZ = openZ(coarse)},
               transferPush(coarse.shape), f.nx, f.ny, f.nz);
    d.barrier(cmd);
}

template <>
void MacStencil<3>::solveCoarsest(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                              const LevelEquation& eq) const {
    // SOR on a level of at most n cells a side. Its slowest error mode is a quarter wave across
    // the level where only one side holds p (outflow) and the others are closed, which is the
    // half wave of a level of 2n cells with p held on both sides: the optimal factor of that,
    // and 2 * (2n) iterations, which shrink that mode by about (1 - 2 pi / 2n) each.
    const GridShape& s = level.shape;
    const uint32_t n = 2 * std::max({s.nx, s.ny, s.nz});
    const float omega = 2.0f / (1.0f + std::sin(3.14159265f / float(n)));
    d.dispatchGroups(cmd,
                     kernels::Pressure3dMgCoarseSolve::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .source = eq.rhs,
                                                        .openX = openX(level), .openY = openY(level),
                                                        .openZ = openZ(level), .shift = level.shift},
                     gpu::CoarseSolvePush{eq.rhsScale, omega, int(2 * n)}, 1, 1, 1);
    d.barrier(cmd);
}

template <>
void MacStencil<3>::coarsenWeights(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                               const PoissonLevel& coarse) const {
    const GridShape& c = coarse.shape;
    d.dispatch(cmd,
               kernels::Pressure3dMgCoarsen::Bindings{.uniform = coarse.grid, .fineOpenX = openX(fine),
                                              .fineOpenY = openY(fine), .fineOpenZ = openZ(fine),
                                              .openX = openX(coarse), .openY = openY(coarse), .openZ = openZ(coarse),
                                              .fineShift = fine.shift, .shift = coarse.shift},
               transferPush(fine.shape), c.nx + 1, c.ny + 1, c.nz + 1);
    d.barrier(cmd);
}

namespace {
gpu::CgPush cgPush(const CgStep& step) { return {step.rhsScale, 0, step.first ? 1 : 0, int(step.groups)}; }
} // namespace

template <>
void MacStencil<3>::cgResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                           const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const {
    const GridShape& s = level.shape;
    d.dispatch(cmd,
               kernels::Pressure3dCgResidual::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .divergence = eq.rhs,
                                               .openX = openX(level), .openY = openY(level), .openZ = openZ(level),
                                               .r = cg.r.handle(), .z = cg.z.now(), .state = state,
                                               .partials = cg.partials.handle()},
               cgPush(step), s.nx, s.ny, s.nz);
    d.barrier(cmd);
}

template <>
void MacStencil<3>::cgRemoveMean(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                             VkBuffer state) const {
    const GridShape& s = level.shape;
    d.dispatch(cmd,
               kernels::Pressure3dCgRemoveMean::Bindings{.uniform = level.grid, .r = cg.r.handle(), .openX = openX(level),
                                                 .openY = openY(level), .openZ = openZ(level), .state = state},
               s.nx, s.ny, s.nz);
    d.barrier(cmd);
}

template <>
void MacStencil<3>::cgDots(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                       VkBuffer state, const CgStep& step) const {
    const GridShape& s = level.shape;
    d.dispatch(cmd,
               kernels::Pressure3dCgDots::Bindings{.uniform = level.grid, .r = cg.r.handle(), .z = cg.z.now(),
                                           .q = cg.q.handle(), .partials = cg.partials.handle(), .state = state},
               cgPush(step), s.nx, s.ny, s.nz);
    d.barrier(cmd);
}

template <>
void MacStencil<3>::cgDirection(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                            VkBuffer state, const CgStep& step) const {
    const GridShape& s = level.shape;
    d.dispatch(cmd,
               kernels::Pressure3dCgDirection::Bindings{.uniform = level.grid, .z = cg.z.now(), .dOld = cg.d.now(),
                                                .openX = openX(level), .openY = openY(level), .openZ = openZ(level),
                                                .dNew = cg.d.other(), .q = cg.q.handle(), .state = state,
                                                .partials = cg.partials.handle()},
               cgPush(step), s.nx, s.ny, s.nz);
    d.barrier(cmd);
    cg.d.swap();
}

template <>
void MacStencil<3>::cgUpdate(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                         const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const {
    const GridShape& s = level.shape;
    d.dispatch(cmd,
               kernels::Pressure3dCgUpdate::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .d = cg.d.now(),
                                             .r = cg.r.handle(), .q = cg.q.handle(), .z = cg.z.now(),
                                             .openX = openX(level), .openY = openY(level), .openZ = openZ(level),
                                             .state = state, .partials = cg.partials.handle()},
               cgPush(step), s.nx, s.ny, s.nz);
    d.barrier(cmd);
}

std::unique_ptr<PoissonStencil> makeStencil3D(WorkgroupProfile profile) { return std::make_unique<MacStencil<3>>(profile); }

} // namespace billow::detail
