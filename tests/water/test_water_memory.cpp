// WaterSolver::allocatedBytes against the field layouts billow/water_solver.hpp documents, on both
// lattices at 37 x 23 cells: every grid buffer is counted once, the moved-from solver reports 0.
#include <cstdint>
#include <utility>

#include "support/gpu_test.hpp"
#include "water/water_types.h"

namespace billow::test {
namespace {

class WaterMemory : public GpuTest {};

// Floats of the grid's buffers on a lattice of nx x ny cells. Every cell carries terrain, depth,
// hardness, the outflow scale and the bodies' displacement (one each), two copies of the
// sediment and of the dye, and the velocity's two components: 11 floats. The x edges (faces)
// carry flowX, its unscaled copy and two copies of the momentum model's face velocity; the y faces
// the face velocity's two copies. The square lattice's y faces also carry flowY and its unscaled
// copy, and flowZ is one unused float with its copy; the triangle lattice's flowY and flowZ live on
// its (nx + 1) (ny + 1) diagonal edges, each with an unscaled copy.
uint64_t gridFloats(uint64_t nx, uint64_t ny, WaterLattice lattice) {
    const uint64_t cells = nx * ny, xFaces = (nx + 1) * ny, yFaces = nx * (ny + 1), diagonal = (nx + 1) * (ny + 1);
    const uint64_t shared = 11 * cells + 4 * xFaces + 2 * yFaces;
    return lattice == WaterLattice::Square ? shared + 2 * yFaces + 2 : shared + 4 * diagonal;
}

TEST_F(WaterMemory, AllocatedBytesCountEveryGridBuffer) {
    for (WaterLattice lattice : {WaterLattice::Square, WaterLattice::Triangle}) {
        WaterSettings s;
        s.nx = 37;
        s.ny = 23;
        s.lattice = lattice;
        WaterSolver solver(context(), s);
        const uint64_t fields = 4 * gridFloats(s.nx, s.ny, lattice);
        // Besides the fields: the uniform block and the boundary table, one entry per side face
        // (2 (nx + ny) of them).
        const uint64_t smallParts = sizeof(gpu::WaterParams) + 2 * (s.nx + s.ny) * sizeof(gpu::WaterBoundaryFace);
        EXPECT_EQ(solver.allocatedBytes(), fields + smallParts) << (lattice == WaterLattice::Square ? "square" : "triangle");
        WaterSolver moved(std::move(solver));
        EXPECT_EQ(solver.allocatedBytes(), 0u);
        EXPECT_GE(moved.allocatedBytes(), fields);
    }
}

} // namespace
} // namespace billow::test
