// The discrete Poisson problem a pressure solve works on, on a grid of cells:
//
//   sum over the faces f of cell c of  w_f (p_nb - p_c) = rhsScale * rhs_c
//
// with w_f in [0, 1] the open fraction of face f (0: closed, no flux) and p_nb the pressure of the
// cell across f, or what the side's boundary condition puts there. For the smoke solver rhs is
// the velocity divergence and rhsScale = h^2 / dt (Stam 1999, "Stable Fluids"; Harris, GPU Gems
// ch. 38), given per solve since dt may change every step. A cell with no open face has no
// equation and gets p = 0.
//
// An implicit diffusion step (Stam 1999) solved by the same multigrid adds a diagonal shift s_c >= 0
// per cell: sum_f w_f (p_nb - p_c) - s_c p_c = rhsScale * rhs_c (smoke/smoke_diffusion.hpp builds
// such systems). Only PressureSolverType::Multigrid solves a shifted system; a cell with a shift
// but no open face has an equation (p = -rhs / s). The buffers belong to the caller; the solver reads them while it
// records and flips the unknown's ping-pong index as its sweeps do.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "grid/field_buffers.hpp"

namespace billow::detail {

// What lies beyond one side of the grid, as the Poisson equation sees it.
enum class PoissonBoundary : uint32_t {
    Closed,    // no flux (Neumann): the face weights on that side are 0 (walls, inflow)
    Outflow,   // p = 0 beyond the side (Dirichlet)
    Periodic,  // wraps to the opposite side (both sides of an axis)
};

// Sides in the order left, right, bottom, top (billow::Side), then back, front for a 3D grid.
using PoissonSides = std::array<PoissonBoundary, 6>;

// Cells along each axis; nz = 1 on a 2D grid.
struct GridShape {
    uint32_t nx = 1, ny = 1, nz = 1;
    size_t cells() const { return size_t(nx) * ny * nz; }
    // Faces normal to `axis` (0: x, 1: y, 2: z): one more layer than cells along that axis.
    size_t faces(int axis) const {
        const uint32_t n[3] = {nx, ny, nz};
        return cells() / n[axis] * (n[axis] + 1);
    }
    bool operator==(const GridShape&) const = default;
};

struct PoissonSystem {
    GridShape shape;
    float cellSize = 0.0f;  // h, m (the grid's uniform block carries it)
    PoissonSides sides{};
    // Face weights w per axis: x-faces ((nx+1) x ny), y-faces (nx x (ny+1)) [, z-faces].
    std::array<VkBuffer, 3> weights{};
    // The unknown p: its current copy is the warm start and receives the result.
    PingPong* unknown = nullptr;
    VkBuffer rhs = VK_NULL_HANDLE;  // one value per cell
    // The diagonal shift s, one value per cell, or null for none (the pressure). The solver
    // coarsens it with the face weights (recordCoarsenWeights).
    VkBuffer shift = VK_NULL_HANDLE;
};

} // namespace billow::detail
