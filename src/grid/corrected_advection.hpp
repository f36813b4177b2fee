// The order of the dispatches of one Advect pass, which the 2D and 3D smoke solvers share: every
// carried field forward (semi-Lagrangian, Stam 1999), then for the corrected schemes a backward
// advection and a correction (MacCormack: Selle et al. 2008) or a compensation, a second forward
// advection and a limiter (BFECC: Kim et al. 2005), each stage's dispatches independent and
// sharing one barrier. Results land in each field's `other` copy, the backward advection in its
// `scratch` copy; the solver flips the pairs afterwards. What each dispatch is (kernels, bindings,
// the advecting velocity) is the solver's: it hands the stages over as callbacks.
#pragma once

#include <array>
#include <functional>

#include "billow/grid.hpp"
#include "billow/solver_settings.hpp"
#include "grid/field_buffers.hpp"

namespace billow::detail {

// Whether settings use the fields' scratch copies: a corrected scheme (MacCormack, BFECC) for any
// family, or any diffusion (its Jacobi sweeps alternate between the other and the scratch copy).
// `colourScheme` and `colourDiffusion` are the colour field's (2D: the dye's; 3D: the colour's
// scheme and scalarDiffusion).
inline bool needsScratchCopies(const AdvectionSettings& a, const DiffusionSettings& d, AdvectionScheme colourScheme,
                               float colourDiffusion) {
    const auto corrected = [](AdvectionScheme s) { return s != AdvectionScheme::SemiLagrangian; };
    return corrected(a.velocityAdvection) || corrected(a.scalarAdvection) || corrected(colourScheme) ||
           d.viscosity > 0.0f || colourDiffusion > 0.0f;
}

// Which of a ping-pong pair's three copies an advection reads or writes.
enum class Copy { Now, Other, Scratch };
inline VkBuffer copyOf(const PingPong& p, Copy c) {
    return c == Copy::Now ? p.now() : c == Copy::Other ? p.other() : p.scratch();
}

// The families an Advect pass carries, each with its own scheme: the cell scalars (density,
// temperature; 3D: fuel), the colour field (2D: dye; 3D: colour) and the velocity.
enum AdvectedFamily : int { kCellScalars = 0, kColourField = 1, kVelocityField = 2 };
using AdvectedFamilies = std::array<bool, 3>;

struct AdvectionStages {
    // Records the advection of the families in `which` from copy `from` into copy `to`, forward
    // in time or (`backward`) by -dt. Records no barrier.
    std::function<void(Copy from, Copy to, const AdvectedFamilies& which, bool backward)> advect;
    // Records the correction of family `family` into its `other` copy: mode 0 MacCormack's
    // correction and limiter, 1 BFECC's compensation, 2 BFECC's final limiter
    // (advect_correct.glsl). Records no barrier.
    std::function<void(int family, int mode)> correct;
    std::function<void()> barrier;
};

// `schemes` per family (SemiLagrangian for one not carried: none of its corrections run);
// `carried`: the families the forward advection moves.
void recordCorrectedAdvection(const std::array<AdvectionScheme, 3>& schemes, const AdvectedFamilies& carried,
                              const AdvectionStages& stages);

} // namespace billow::detail
