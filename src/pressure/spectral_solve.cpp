#include "pressure/spectral_solve.hpp"

#include <span>

#include "grid/field_buffers.hpp"
#include "pressure/spectral_basis.hpp"
#include "pressure3d/pressure3d_types.h"

namespace billow::detail {

namespace {

bool foldingForTesting = true;

uint32_t cellsAlong(const GridShape& s, int axis) { return axis == 0 ? s.nx : axis == 1 ? s.ny : s.nz; }

// A transform along `axis` runs one workgroup per BILLOW_SPECTRAL_LINES lines next to each other
// along x (along y for lines along x), by the lines along the remaining axis
// (pressure3d/spectral_transform.comp).
GroupCounts transformGroups(const GridShape& s, int axis) {
    const uint32_t across = axis == 0 ? s.ny : s.nx;
    const uint32_t outer = axis == 2 ? s.ny : s.nz;
    return {(across + BILLOW_SPECTRAL_LINES - 1) / BILLOW_SPECTRAL_LINES, outer, 1};
}

// The mode a folded axis of n cells puts in column k of its forward basis: the even modes first
// (output k of the kernel's threads is mode 2k), then the odd ones.
uint32_t foldedMode(uint32_t k, uint32_t n) {
    const uint32_t evens = (n + 1) / 2;
    return k < evens ? 2 * k : 2 * (k - evens) + 1;
}

// Per axis: the basis (its columns in foldedMode's order where the axis folds), its transpose and
// the eigenvalues, as the kernel reads them.
std::vector<float> basisFloats(const GridShape& shape, const PoissonSides& sides, const std::array<bool, 3>& folded) {
    std::vector<float> out;
    for (int axis = 0; axis < 3; ++axis) {
        const uint32_t n = cellsAlong(shape, axis);
        const AxisBasis b = axisBasis(n, sides[2 * axis], sides[2 * axis + 1]);
        for (uint32_t j = 0; j < n; ++j)
            for (uint32_t k = 0; k < n; ++k)
                out.push_back(float(b.modes[size_t(j) * n + (folded[axis] ? foldedMode(k, n) : k)]));
        for (uint32_t m = 0; m < n; ++m)
            for (uint32_t j = 0; j < n; ++j) out.push_back(float(b.modes[size_t(j) * n + m]));
        for (double lambda : b.eigenvalues) out.push_back(float(lambda));
    }
    return out;
}

} // namespace

void setSpectralFoldingForTesting(bool on) noexcept { foldingForTesting = on; }

bool SpectralSolve::fits(const GridShape& shape) {
    for (int axis = 0; axis < 3; ++axis)
        if (cellsAlong(shape, axis) > BILLOW_SPECTRAL_MAX_CELLS) return false;
    return true;
}

std::vector<GroupCounts> SpectralSolve::dispatchGroups(const GridShape& shape) {
    return {transformGroups(shape, 0), transformGroups(shape, 1), transformGroups(shape, 2)};
}

SpectralSolve::SpectralSolve(ContextState& context, const GridShape& shape, const PoissonSides& sides)
    : context_(context), shape_(shape) {
    if (!fits(shape)) throw Error("internal: a spectral solve of a side longer than BILLOW_SPECTRAL_MAX_CELLS");
    setSides(sides);
}

bool SpectralSolve::folds(PoissonBoundary low, PoissonBoundary high) {
    return low == high && (low == PoissonBoundary::Closed || low == PoissonBoundary::Outflow);
}

void SpectralSolve::setSides(const PoissonSides& sides) {
    for (int axis = 0; axis < 3; ++axis) folded_[axis] = foldingForTesting && folds(sides[2 * axis], sides[2 * axis + 1]);
    const std::vector<float> floats = basisFloats(shape_, sides, folded_);
    if (basis_.handle() == VK_NULL_HANDLE) basis_ = fieldBuffer(context_, floats.size());
    uploadBytes(context_, basis_.handle(), std::as_bytes(std::span(floats)));
}

void SpectralSolve::recordCycle(VkCommandBuffer cmd, const PoissonDispatch& d, const PoissonLevel& level,
                                const LevelEquation& eq) const {
    struct Pass {
        int axis, stage;
    };
    constexpr Pass passes[] = {{0, BILLOW_SPECTRAL_RESIDUAL}, {1, BILLOW_SPECTRAL_FORWARD}, {2, BILLOW_SPECTRAL_DIVIDE},
                               {1, BILLOW_SPECTRAL_INVERSE},  {0, BILLOW_SPECTRAL_ADD}};
    const kernels::Pressure3dSpectralTransform::Bindings bindings{
        .uniform = level.grid, .scratch = eq.unknown.other(), .p = eq.unknown.now(), .divergence = eq.rhs,
        .openX = level.weights[0], .openY = level.weights[1], .openZ = level.weights[2], .basis = basis_.handle()};
    for (const Pass& pass : passes) {
        const GroupCounts groups = transformGroups(shape_, pass.axis);
        d.dispatchGroups(cmd, bindings, gpu::SpectralPush{pass.axis, pass.stage, eq.rhsScale, folded_[pass.axis] ? 1 : 0}, groups.x, groups.y,
                         groups.z);
        d.barrier(cmd);
    }
}

} // namespace billow::detail
