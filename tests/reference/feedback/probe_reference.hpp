// What a probe reads, in double (include/billow/probes.hpp, docs/probes.md), from fields the tests
// download after a step. Written from the maths, on the smoke references' grids and boundary rules
// (reference/smoke/grid.hpp, reference/smoke3d/grid.hpp):
//   - a point outside the domain is first clamped onto it (every axis; kProbeOutside);
//   - kProbeInSolid when the cell holding the clamped point (the last cell for a point on the far
//     side) has a solid fraction >= 1/2;
//   - the velocity: each component bilinear (trilinear) in its own staggered samples, with the
//     velocity's ghost rules beyond the sides (the references' sampleU/sampleV, sampleFace);
//   - density, temperature, fuel: bilinear (trilinear) between cell centres with the cell fields'
//     rules (inflow values beyond an inflow side, the edge cell beyond other sides, wrap);
//   - pressure: bilinear (trilinear) between cell centres; beyond an outflow side p = 0 at the
//     ghost centre (the projection's Dirichlet condition), beyond a closed side the edge cell's
//     value (a closed face carries no gradient: dp/dn = 0), wrapped on periodic axes;
//   - water: depth, terrain and the cells' velocity bilinear between cell centres, beyond a side
//     the edge cell's (zero gradient); surface = terrain + depth.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "reference/smoke/state.hpp"
#include "reference/smoke3d/state.hpp"

namespace billow::probe_ref {

struct Sample {
    std::array<double, 3> velocity{};
    double density = 0.0, temperature = 0.0, fuel = 0.0, pressure = 0.0;
    double depth = 0.0, surfaceHeight = 0.0, terrain = 0.0;
    uint32_t flags = 0;
};

Sample smokeProbe(const smoke_ref::Grid& g, const smoke_ref::State& s, std::array<double, 3> point);
Sample smoke3dProbe(const smoke3d_ref::Grid& g, const smoke3d_ref::State& s, std::array<double, 3> point);

// The water fields as WaterSolver::download gives them: depth and terrain nx * ny, the velocity
// two values (vx, vy) per cell.
struct WaterFields {
    int nx = 0, ny = 0;
    double h = 0.0;
    std::vector<double> depth, terrain, velocity;
};
Sample waterProbe(const WaterFields& w, std::array<double, 3> point);

} // namespace billow::probe_ref
