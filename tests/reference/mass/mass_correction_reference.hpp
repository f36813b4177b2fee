// The mass correction in double precision, written from its definition (SmokeSettings::
// massCorrection, docs/accuracy.md "Keeping the smoke"): after an advection by the velocity u over
// dt, a mass field is scaled by k = (M0 - F) / M1, where M0 and M1 are its totals before and after
// (each cell weighted by its fluid fraction 1 - solid), and F is what u carried out through the
// inflow and outflow sides in dt: over each face of such a side, the outward normal speed times
// the upwind value (the inner cell's when leaving; when entering, the inflow's value beyond an
// inflow side and the inner cell's beyond an outflow side) times the face's open fraction, times
// dt / h (a face's flux over a cell's volume). k is held within 1 +- maxChange, and is 1 unless
// M1 > 0 and M0 - F > 0, and unless M0 - F and M1 differ by more than the resolution of float
// sums, 2^-18 of M1 (the kernels sum in float; a smaller difference is their round-off).
#pragma once

#include <algorithm>
#include <cmath>

#include "billow/grid.hpp"

namespace billow::mass_ref {

// The documented bound on one step's change (SmokeSettings::massCorrection: at most 5%).
inline constexpr double kMaxChangePerStep = 0.05;
// The documented resolution: relative differences of the totals up to 2^-18 are not corrected.
inline constexpr double kResolution = 1.0 / 262144.0;

struct Budget {
    double before = 0.0, after = 0.0, outflow = 0.0;
};

// One boundary face's share of F / (dt / h).
inline double sideOutflow(BoundaryType side, double outwardSpeed, double open, double inner, double inflowValue) {
    if (side != BoundaryType::Inflow && side != BoundaryType::Outflow) return 0.0;
    const double ghost = side == BoundaryType::Inflow ? inflowValue : inner;
    return outwardSpeed * (outwardSpeed > 0.0 ? inner : ghost) * open;
}

inline double factor(const Budget& b, double maxChange) {
    const double expected = b.before - b.outflow;
    if (!(b.after > 0.0 && expected > 0.0) || std::abs(expected - b.after) <= kResolution * b.after) return 1.0;
    return std::clamp(expected / b.after, 1.0 - maxChange, 1.0 + maxChange);
}

} // namespace billow::mass_ref
