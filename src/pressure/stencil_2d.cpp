#include "pressure/stencil_2d.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "common/grid_types.h"
#include "pressure/pressure_types.h"
#include "pressure/pressure_jacobi_tiles.h"

namespace billow::detail {

namespace {
int32_t sideType(PoissonBoundary b) {
    switch (b) {
    case PoissonBoundary::Outflow: return BILLOW_OUTFLOW;
    case PoissonBoundary::Periodic: return BILLOW_PERIODIC;
    case PoissonBoundary::Closed: break;
    }
    // The pressure kernels tell sides apart only as outflow, periodic or neither.
    return BILLOW_WALL;
}

VkBuffer openX(const PoissonLevel& level) { return level.weights[0]; }
VkBuffer openY(const PoissonLevel& level) { return level.weights[1]; }
} // namespace

std::unique_ptr<KernelSet> Stencil2D::createKernels(ContextState& context, VkBuffer grid) const {
    return std::make_unique<KernelSet>(
        context,
        std::initializer_list<std::string_view>{
            "pressure_jacobi", "pressure_rbsor", "pressure_rbsor_tiles", "pressure_residual", "mg_restrict_residual",
            "mg_prolong", "mg_coarse_solve", "mg_coarsen", "cg_residual", "cg_remove_mean", "cg_dots", "cg_direction",
            "cg_update",
            // The solver's own, grid-independent kernels.
            "pressure_gate", "cg_scalars"},
        grid, gridBlockSize());
}

VkDeviceSize Stencil2D::gridBlockSize() const { return sizeof(gpu::GridParams); }

std::vector<std::byte> Stencil2D::gridBlock(const GridShape& shape, float cellSize, const PoissonSides& sides) const {
    gpu::GridParams g{};
    g.nx = static_cast<int>(shape.nx);
    g.ny = static_cast<int>(shape.ny);
    g.h = cellSize;
    g.invH = 1.0f / cellSize;
    int32_t* types = &g.sideType.x;
    for (int s = 0; s < 4; ++s) types[s] = sideType(sides[s]);
    std::vector<std::byte> bytes(sizeof(g));
    std::memcpy(bytes.data(), &g, sizeof(g));
    return bytes;
}

std::optional<GridShape> Stencil2D::coarser(const GridShape& shape) const {
    // mg_coarse_solve.comp solves a level of up to BILLOW_MG_COARSEST^2 cells in one workgroup;
    // coarser levels pair cells (an odd last column or row restricts alone).
    if (shape.nx <= BILLOW_MG_COARSEST && shape.ny <= BILLOW_MG_COARSEST) return std::nullopt;
    return GridShape{(shape.nx + 1) / 2, (shape.ny + 1) / 2, 1};
}

uint32_t Stencil2D::reductionGroups(const GridShape& shape) const {
    return KernelSet::groupCountX(shape.nx) * KernelSet::groupCountY(shape.ny);
}

std::pair<uint32_t, uint32_t> Stencil2D::sorTileDispatch(const GridShape& shape) {
    // One workgroup per tile of 64 - 4 * BILLOW_SOR_BLOCK_ITERATIONS cells; the dispatch helper
    // counts BILLOW_GROUP_X x BILLOW_GROUP_Y groups, hence the scaled size.
    const uint32_t tile = 64 - 4 * BILLOW_SOR_BLOCK_ITERATIONS;
    return {(shape.nx + tile - 1) / tile * BILLOW_GROUP_X, (shape.ny + tile - 1) / tile * BILLOW_GROUP_Y};
}

std::vector<std::pair<uint32_t, uint32_t>> Stencil2D::gatedDispatchSizes(const std::vector<GridShape>& levels) const {
    // Per level its cells (residuals, conjugate gradient kernels, restriction, prolongation,
    // colour-by-colour SOR) and its blocked SOR tiles, plus single workgroups (coarsest solve,
    // cg_scalars).
    std::vector<std::pair<uint32_t, uint32_t>> sizes;
    for (size_t l = 0; l < levels.size(); ++l) {
        sizes.emplace_back(levels[l].nx, levels[l].ny);
        sizes.push_back(sorTileDispatch(levels[l]));
        if (l == 0) sizes.emplace_back(1, 1);
    }
    return sizes;
}

void Stencil2D::relaxJacobi(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                            const LevelEquation& eq, uint32_t sweeps) const {
    // Up to BILLOW_JACOBI_SWEEPS sweeps per dispatch, in shared memory, one workgroup per
    // BILLOW_JACOBI_TILE^2 tile (the dispatch helper counts BILLOW_GROUP_X x BILLOW_GROUP_Y groups,
    // hence the scaled size).
    const uint32_t tilesX = (level.shape.nx + BILLOW_JACOBI_TILE - 1) / BILLOW_JACOBI_TILE;
    const uint32_t tilesY = (level.shape.ny + BILLOW_JACOBI_TILE - 1) / BILLOW_JACOBI_TILE;
    PingPong& p = eq.unknown;
    for (uint32_t done = 0; done < sweeps;) {
        const uint32_t now = std::min<uint32_t>(BILLOW_JACOBI_SWEEPS, sweeps - done);
        d.dispatch(cmd, level.grid, "pressure_jacobi", {p.now(), p.other(), eq.rhs, openX(level), openY(level)},
                   gpu::PressurePush{eq.rhsScale, static_cast<int>(now)}, tilesX * BILLOW_GROUP_X, tilesY * BILLOW_GROUP_Y);
        d.barrier(cmd);
        p.swap();
        done += now;
    }
}

void Stencil2D::relaxRedBlack(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                              const LevelEquation& eq, float omega, uint32_t iterations) const {
    // Colours 2..7 exist only on periodic axes with an odd cell count (pressure_rbsor.comp).
    const uint32_t nx = level.shape.nx, ny = level.shape.ny;
    const bool oddX = level.sides[0] == PoissonBoundary::Periodic && nx % 2 == 1;
    const bool oddY = level.sides[2] == PoissonBoundary::Periodic && ny % 2 == 1;
    PingPong& p = eq.unknown;
    if (!oddX && !oddY) {
        // Plain red-black colouring: up to BILLOW_SOR_BLOCK_ITERATIONS iterations per dispatch in
        // shared memory (tiles of 64 - 4 * BILLOW_SOR_BLOCK_ITERATIONS cells), ping-ponged.
        const auto [width, height] = sorTileDispatch(level.shape);
        for (uint32_t done = 0; done < iterations;) {
            const uint32_t now = std::min<uint32_t>(BILLOW_SOR_BLOCK_ITERATIONS, iterations - done);
            d.dispatch(cmd, level.grid, "pressure_rbsor_tiles", {p.now(), eq.rhs, openX(level), openY(level), p.other()},
                       gpu::SorBlockPush{eq.rhsScale, omega, int(now)}, width, height);
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
            d.dispatch(cmd, level.grid, "pressure_rbsor", {p.now(), eq.rhs, openX(level), openY(level)},
                       gpu::SorPush{eq.rhsScale, omega, colour}, nx, ny);
            d.barrier(cmd);
        }
}

void Stencil2D::measureResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                                const LevelEquation& eq, VkBuffer out, int slot) const {
    d.dispatch(cmd, level.grid, "pressure_residual", {eq.unknown.now(), eq.rhs, openX(level), openY(level), out},
               gpu::ResidualPush{eq.rhsScale, slot}, level.shape.nx, level.shape.ny);
}

void Stencil2D::restrictResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                                 const LevelEquation& fineEq, const PoissonLevel& coarse,
                                 const LevelEquation& coarseEq) const {
    const GridShape &f = fine.shape, &c = coarse.shape;
    d.dispatch(cmd, coarse.grid, "mg_restrict_residual",
               {fineEq.unknown.now(), fineEq.rhs, openX(fine), openY(fine), coarseEq.rhs, coarseEq.unknown.now()},
               gpu::RestrictPush{int(f.nx), int(f.ny), int(c.nx), int(c.ny), fineEq.rhsScale}, c.nx, c.ny);
    d.barrier(cmd);
}

void Stencil2D::prolong(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine, VkBuffer fineUnknown,
                        const PoissonLevel& coarse, VkBuffer coarseUnknown) const {
    const GridShape &f = fine.shape, &c = coarse.shape;
    d.dispatch(cmd, fine.grid, "mg_prolong",
               {fineUnknown, coarseUnknown, openX(fine), openY(fine), openX(coarse), openY(coarse)},
               gpu::LevelPush{int(f.nx), int(f.ny), int(c.nx), int(c.ny)}, f.nx, f.ny);
    d.barrier(cmd);
}

void Stencil2D::solveCoarsest(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                              const LevelEquation& eq) const {
    // SOR with the optimal factor of a square of side n, 2n iterations: the error of the slowest
    // mode shrinks by about (1 - 2 pi / n) per iteration, so by ~1e-6 in total.
    const uint32_t n = std::max(level.shape.nx, level.shape.ny);
    const float omega = 2.0f / (1.0f + std::sin(3.14159265f / float(std::max(n, 2u))));
    d.dispatch(cmd, level.grid, "mg_coarse_solve", {eq.unknown.now(), eq.rhs, openX(level), openY(level)},
               gpu::CoarseSolvePush{eq.rhsScale, omega, int(2 * n)}, 1, 1);
    d.barrier(cmd);
}

void Stencil2D::coarsenWeights(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& fine,
                               const PoissonLevel& coarse) const {
    const GridShape &f = fine.shape, &c = coarse.shape;
    d.dispatch(cmd, coarse.grid, "mg_coarsen", {openX(fine), openY(fine), openX(coarse), openY(coarse)},
               gpu::LevelPush{int(f.nx), int(f.ny), int(c.nx), int(c.ny)}, c.nx + 1, c.ny + 1);
    d.barrier(cmd);
}

namespace {
gpu::CgPush cgPush(const CgStep& step) { return {step.rhsScale, 0, step.first ? 1 : 0, int(step.groups)}; }
} // namespace

void Stencil2D::cgResidual(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                           const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd, level.grid, "cg_residual",
               {eq.unknown.now(), eq.rhs, openX(level), openY(level), cg.r.handle(), cg.z.now(), state, cg.partials.handle()},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

void Stencil2D::cgRemoveMean(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                             VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd, level.grid, "cg_remove_mean", {cg.r.handle(), openX(level), openY(level), state}, cgPush(step),
               level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

void Stencil2D::cgDots(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                       VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd, level.grid, "cg_dots", {cg.r.handle(), cg.z.now(), cg.q.handle(), cg.partials.handle(), state},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

void Stencil2D::cgDirection(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level, CgVectors& cg,
                            VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd, level.grid, "cg_direction",
               {cg.z.now(), cg.d.now(), openX(level), openY(level), cg.d.other(), cg.q.handle(), state, cg.partials.handle()},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
    cg.d.swap();
}

void Stencil2D::cgUpdate(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                         const LevelEquation& eq, CgVectors& cg, VkBuffer state, const CgStep& step) const {
    d.dispatch(cmd, level.grid, "cg_update",
               {eq.unknown.now(), cg.d.now(), cg.r.handle(), cg.q.handle(), cg.z.now(), openX(level), openY(level), state,
                cg.partials.handle()},
               cgPush(step), level.shape.nx, level.shape.ny);
    d.barrier(cmd);
}

} // namespace billow::detail
