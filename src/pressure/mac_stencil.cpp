// What the 2D and 3D stencils share (mac_stencil.hpp); their members are in stencil_2d.cpp and
// stencil_3d.cpp.
#include "pressure/mac_stencil.hpp"

#include "billow/error.hpp"
#include "common/grid_types.h"

namespace billow::detail {

int32_t stencilSideType(PoissonBoundary boundary) {
    switch (boundary) {
    case PoissonBoundary::Outflow: return BILLOW_OUTFLOW;
    case PoissonBoundary::Periodic: return BILLOW_PERIODIC;
    case PoissonBoundary::Closed: break;
    }
    // The pressure kernels tell sides apart only as outflow, periodic or neither.
    return BILLOW_WALL;
}

std::unique_ptr<PoissonStencil> makeMacStencil(int dimensions, WorkgroupProfile profile) {
    if (dimensions == 2) return makeStencil2D(profile);
    if (dimensions == 3) return makeStencil3D(profile);
    throw Error("internal: no MAC stencil of " + std::to_string(dimensions) + " dimensions");
}

} // namespace billow::detail
