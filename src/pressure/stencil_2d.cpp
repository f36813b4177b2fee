// The members of MacStencil<2> (mac_stencil.hpp): the 5-point stencil of the 2D MAC grid.
#include "pressure/mac_stencil.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/grid_types.h"
#include "pressure/pressure_types.h"
#include "core/context_state.hpp"
#include "pressure/pressure_jacobi_tiles.h"

namespace billow::detail {


namespace {

// The kernels over a level's cells share one workgroup shape, so one group count per level
// serves all their gated dispatches and sizes the conjugate gradient's partial sums.
template <class K>
constexpr bool coversCells = [] {
    for (uint32_t p = 0; p < kWorkgroupProfileCount; ++p) {
        const WorkgroupSize a = K::localSizes[p], b = kernels::PressureResidual::localSizes[p];
        if (a.x != b.x || a.y != b.y || a.z != 1) return false;
    }
    return true;
}();
static_assert(coversCells<kernels::PressureRbsor> && coversCells<kernels::PressureMgRestrictResidual> &&
              coversCells<kernels::PressureMgProlong> && coversCells<kernels::PressureCgResidual> &&
              coversCells<kernels::PressureCgRemoveMean> && coversCells<kernels::PressureCgDots> &&
              coversCells<kernels::PressureCgDirection> && coversCells<kernels::PressureCgUpdate>);
WorkgroupSize sizeIn(KernelId id, WorkgroupProfile profile) {
    return kernelInfo(id).localSizes[static_cast<uint32_t>(profile)];
}

GroupCounts cellGroups(const GridShape& shape, WorkgroupProfile profile) {
    const WorkgroupSize cell = sizeIn(KernelId::PressureResidual, profile);
    return {KernelSet::groupsCovering(shape.nx, cell.x), KernelSet::groupsCovering(shape.ny, cell.y), 1};
}

GroupCounts sorTileGroups(const GridShape& shape, WorkgroupProfile profile) {
    // One workgroup per tile: the region (the workgroup's width) less a halo of
    // 2 * BILLOW_SOR_BLOCK_ITERATIONS cells each side.
    const uint32_t tile = sizeIn(KernelId::PressureRbsorTiles, profile).x - 4 * BILLOW_SOR_BLOCK_ITERATIONS;
    return {KernelSet::groupsCovering(shape.nx, tile), KernelSet::groupsCovering(shape.ny, tile), 1};
}

// The output tile of the blocked Jacobi kernel: its region (the workgroup's width) less a halo
// of BILLOW_JACOBI_SWEEPS cells each side (pressure_jacobi_tiles.h).
uint32_t jacobiTile(WorkgroupProfile profile) {
    return sizeIn(KernelId::PressureJacobi, profile).x - 2 * BILLOW_JACOBI_SWEEPS;
}

} // namespace

template <>
VkDeviceSize MacStencil<2>::gridBlockSize() const { return sizeof(gpu::GridParams); }

template <>
std::unique_ptr<KernelSet> MacStencil<2>::createKernels(ContextState& context, VkBuffer grid) const {
    // shaders/pressure holds this stencil's kernels and the solver's grid-independent ones
    // (pressure_gate, cg_scalars).
    return std::make_unique<KernelSet>(context, std::initializer_list<KernelGroup>{KernelGroup::Pressure}, grid,
                                       gridBlockSize());
}

template <>
std::vector<std::byte> MacStencil<2>::gridBlock(const GridShape& shape, float cellSize, const PoissonSides& sides,
                                            bool shifted) const {
    gpu::GridParams g{};
    g.shifted = shifted ? 1 : 0;
    g.nx = static_cast<int>(shape.nx);
    g.ny = static_cast<int>(shape.ny);
    g.h = cellSize;
    g.invH = 1.0f / cellSize;
    int32_t* types = &g.sideType.x;
    for (int s = 0; s < 4; ++s) types[s] = stencilSideType(sides[s]);
    std::vector<std::byte> bytes(sizeof(g));
    std::memcpy(bytes.data(), &g, sizeof(g));
    return bytes;
}

template <>
std::optional<GridShape> MacStencil<2>::coarser(const GridShape& shape) const {
    // mg_coarse_solve.comp solves a level of up to BILLOW_MG_COARSEST^2 cells in one workgroup;
    // coarser levels pair cells (an odd last column or row restricts alone).
    if (shape.nx <= BILLOW_MG_COARSEST && shape.ny <= BILLOW_MG_COARSEST) return std::nullopt;
    return GridShape{(shape.nx + 1) / 2, (shape.ny + 1) / 2, 1};
}

template <>
uint32_t MacStencil<2>::reductionGroups(const GridShape& shape) const {
    const GroupCounts groups = cellGroups(shape, profile_);
    return groups.x * groups.y;
}

template <>
std::vector<GroupCounts> MacStencil<2>::gatedDispatchGroups(const std::vector<GridShape>& levels) const {
    // Per level its cells (residuals, conjugate gradient kernels, restriction, prolongation,
    // colour-by-colour SOR) and its blocked SOR tiles, plus single workgroups (coarsest solve,
    // cg_scalars).
    std::vector<GroupCounts> groups;
    for (size_t l = 0; l < levels.size(); ++l) {
        groups.push_back(cellGroups(levels[l], profile_));
        groups.push_back(sorTileGroups(levels[l], profile_));
        if (l == 0) groups.push_back({1, 1, 1});
    }
    return groups;
}

template <>
uint32_t MacStencil<2>::multigridJacobiSweeps(const PoissonLevel&) const {
    return 0;  // red-black, in shared-memory tiles (pressure/rbsor_tiles.comp)
}

template <>
void MacStencil<2>::relaxJacobi(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                            const LevelEquation& eq, uint32_t sweeps) const {
    // Up to BILLOW_JACOBI_SWEEPS sweeps per dispatch, in shared memory, one workgroup per tile.
    const uint32_t tilesX = KernelSet::groupsCovering(level.shape.nx, jacobiTile(profile_));
    const uint32_t tilesY = KernelSet::groupsCovering(level.shape.ny, jacobiTile(profile_));
    // Without obstacles the sweeps keep no face weights in registers (pressure/jacobi.comp).
    const KernelVariant variant{level.interiorOpen ? 1u : 0u};
    PingPong& p = eq.unknown;
    for (uint32_t done = 0; done < sweeps;) {
        const uint32_t now = std::min<uint32_t>(BILLOW_JACOBI_SWEEPS, sweeps - done);
        d.dispatchGroups(cmd,
                         kernels::PressureJacobi::Bindings{.uniform = level.grid, .variant = variant, .pIn = p.now(), .pOut = p.other(),
                                                           .divergence = eq.rhs, .openX = openX(level),
                                                           .openY = openY(level)},
                         gpu::PressurePush{eq.rhsScale, static_cast<int>(now)}, tilesX, tilesY);
        d.barrier(cmd);
        p.swap();
        done += now;
    }
}

template <>
void MacStencil<2>::relaxRedBlack(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                              const LevelEquation& eq, float omega, uint32_t iterations) const {
    // Colours 2..7 exist only on periodic axes with an odd cell count (pressure/rbsor.comp).
    const uint32_t nx = level.shape.nx, ny = level.shape.ny;
    const bool oddX = level.sides[0] == PoissonBoundary::Periodic && nx % 2 == 1;
    const bool oddY = level.sides[2] == PoissonBoundary::Periodic && ny % 2 == 1;
    PingPong& p = eq.unknown;
    if (!oddX && !oddY) {
        // Plain red-black colouring: up to BILLOW_SOR_BLOCK_ITERATIONS iterations per dispatch in
        // shared memory (tiles of 64 - 4 * BILLOW_SOR_BLOCK_ITERATIONS cells), ping-ponged.
        const GroupCounts tiles = sorTileGroups(level.shape, profile_);
        for (uint32_t done = 0; done < iterations;) {
            const uint32_t now = std::min<uint32_t>(BILLOW_SOR_BLOCK_ITERATIONS, iterations - done);
            d.dispatchGroups(cmd,
                             kernels::PressureRbsorTiles::Bindings{.uniform = level.grid, .p = p.now(), .source = eq.rhs,
                                                                   .openX = openX(level), .openY = openY(level),
                                                                   .pOut = p.other(), .shift = level.shift},
                             gpu::SorBlockPush{eq.rhsScale, omega, int(now)}, tiles.x, tiles.y);
            d.barrier(cmd);
            p.swap();
            done += now;
        }
        return;
    }
    const int colours = oddY ? 8 : 4;
    for (uint32_t k = 0; k < iterations; ++k)
        for (int colour = 0; colour < colours; ++colour) {
            if (!oddX && (colour & 2)) continue;
            d.dispatch(cmd,
                       kernels::PressureRbsor::Bindings{.uniform = level.grid, .p = p.now(), .divergence = eq.rhs,
                                                        .openX = openX(level), .openY = openY(level),
                                                        .shift = level.shift},
                       gpu::SorPush{eq.rhsScale, omega, colour, 0}, nx, ny);
            d.barrier(cmd);
        }
}

template <>
void MacStencil<2>::measureResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                                const LevelEquation& eq, VkBuffer out, int slot) const {
    d.dispatch(cmd,
               kernels::PressureResidual::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .divergence = eq.rhs,
                                                   .openX = openX(level), .openY = openY(level), .reports = out,
                                                   .shift = level.shift},
               gpu::ResidualPush{eq.rhsScale, slot}, level.shape.nx, level.shape.ny);
}

template <>
void MacStencil<2>::restrictResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                                 const LevelEquation& fineEq, const PoissonLevel& coarse,
                                 const LevelEquation& coarseEq) const {
    const GridShape &f = fine.shape, &c = coarse.shape;
    d.dispatch(cmd,
               kernels::PressureMgRestrictResidual::Bindings{.uniform = coarse.grid, .finePressure = fineEq.unknown.now(),
                                                     .fineSource = fineEq.rhs, .fineOpenX = openX(fine),
                                                     .fineOpenY = openY(fine), .coarseRhs = coarseEq.rhs,
                                                     .coarsePressure = coarseEq.unknown.now(),
                                                     .fineShift = fine.shift},
               gpu::RestrictPush{int(f.nx), int(f.ny), int(c.nx), int(c.ny), fineEq.rhsScale}, c.nx, c.ny);
    d.barrier(cmd);
}

template <>
void MacStencil<2>::prolong(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine, VkBuffer fineUnknown,
                        const PoissonLevel& coarse, VkBuffer coarseUnknown) const {
    const GridShape &f = fine.shape, &c = coarse.shape;
    d.dispatch(cmd,
               kernels::PressureMgProlong::Bindings{.uniform = fine.grid, .finePressure = fineUnknown,
                                            .coarsePressure = coarseUnknown, .openX = openX(fine),
                                            .openY = openY(fine), .coarseOpenX = openX(coarse),
                                            .coarseOpenY = openY(coarse)},
               gpu::LevelPush{int(f.nx), int(f.ny), int(c.nx), int(c.ny)}, f.nx, f.ny);
    d.barrier(cmd);
}

template <>
void MacStencil<2>::solveCoarsest(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                              const LevelEquation& eq) const {
    // SOR on a level of at most n cells a side. Its slowest error mode is a quarter wave across
    // the level where only one side holds p (outflow) and the others are closed, which is the
    // half wave of a level of 2n cells with p held on both sides: the optimal factor of that,
    // and 2 * (2n) iterations, which shrink that mode by about (1 - 2 pi / 2n) each (as in 3D,
    // stencil_3d.cpp). Tuned for a square of side n instead (2n iterations), the solve left that
    // mode unconverged, and V-cycles with a single outflow side took 7 cycles to 1e-4 on 37 x 23
    // instead of 4 (test_poisson_solver.cpp).
    const uint32_t n = 2 * std::max(level.shape.nx, level.shape.ny);
    const float omega = 2.0f / (1.0f + std::sin(3.14159265f / float(n)));
    // One workgroup solves the whole level.
    d.dispatchGroups(cmd,
                     kernels::PressureMgCoarseSolve::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .source = eq.rhs,
                                                      .openX = openX(level), .openY = openY(level),
                                                      .shift = level.shift},
                     gpu::CoarseSolvePush{eq.rhsScale, omega, int(2 * n)}, 1, 1);
    d.barrier(cmd);
}

template <>
void MacStencil<2>::coarsenWeights(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                               const PoissonLevel& coarse) const {
    const GridShape &f = fine.shape, &c = coarse.shape;
    d.dispatch(cmd,
               kernels::PressureMgCoarsen::Bindings{.uniform = coarse.grid, .fineOpenX = openX(fine), .fineOpenY = openY(fine),
                                            .openX = openX(coarse), .openY = openY(coarse),
                                            .fineShift = fine.shift, .shift = coarse.shift},
               gpu::LevelPush{int(f.nx), int(f.ny), int(c.nx), int(c.ny)}, c.nx + 1, c.ny + 1);
    d.barrier(cmd);
}

namespace {
gpu::CgPush cgPush(const CgStep& step) { return {step.rhsScale, 0, step.first ? 1 : 0, int(step.groups)}; }
} // namespace

template <>
void MacStencil<2>::cgResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                           const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd,
               kernels::PressureCgResidual::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .divergence = eq.rhs,
                                             .openX = openX(level), .openY = openY(level), .r = cg.r.handle(),
                                             .z = cg.z.now(), .state = state, .partials = cg.partials.handle()},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

template <>
void MacStencil<2>::cgRemoveMean(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                             VkBuffer state) const {
    d.dispatch(cmd,
               kernels::PressureCgRemoveMean::Bindings{.uniform = level.grid, .r = cg.r.handle(), .openX = openX(level),
                                               .openY = openY(level), .state = state},
               level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

template <>
void MacStencil<2>::cgDots(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                       VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd,
               kernels::PressureCgDots::Bindings{.uniform = level.grid, .r = cg.r.handle(), .z = cg.z.now(), .q = cg.q.handle(),
                                         .partials = cg.partials.handle(), .state = state},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

template <>
void MacStencil<2>::cgDirection(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                            VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd,
               kernels::PressureCgDirection::Bindings{.uniform = level.grid, .z = cg.z.now(), .dOld = cg.d.now(),
                                              .openX = openX(level), .openY = openY(level), .dNew = cg.d.other(),
                                              .q = cg.q.handle(), .state = state, .partials = cg.partials.handle()},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
    cg.d.swap();
}

template <>
void MacStencil<2>::cgUpdate(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                         const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd,
               kernels::PressureCgUpdate::Bindings{.uniform = level.grid, .p = eq.unknown.now(), .d = cg.d.now(),
                                           .r = cg.r.handle(), .q = cg.q.handle(), .z = cg.z.now(),
                                           .openX = openX(level), .openY = openY(level), .state = state,
                                           .partials = cg.partials.handle()},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

std::unique_ptr<PoissonStencil> makeStencil2D(WorkgroupProfile profile) { return std::make_unique<MacStencil<2>>(profile); }

} // namespace billow::detail
