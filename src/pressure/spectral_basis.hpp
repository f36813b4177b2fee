// The eigenbasis of one axis's second difference, for the spectral solve (spectral_solve.hpp).
//
// Along an axis of n cells without obstacles the pressure stencil (pressure3d/stencil3d.glsl) is
// the second difference T: (T v)_j = 2 v_j - v_{j-1} - v_{j+1}, with the ends set by the sides:
// beyond a closed side v continues as its last cell (no flux: T_00 = 1), beyond an outflow side
// it is 0 (T_00 = 2), and a periodic axis wraps. Any v_j = cos(theta j + phi) satisfies the
// interior rows with eigenvalue 2 - 2 cos(theta) = 4 sin^2(theta / 2); the sides fix theta and phi:
//
//   sides (low, high)   mode m = 0 .. n-1, cell j                        theta
//   closed, closed      cos(theta (j + 1/2))  (even about -1/2 and n-1/2)  pi m / n
//   outflow, outflow    sin(theta (j + 1))    (0 at -1 and at n)           pi (m + 1) / (n + 1)
//   closed, outflow     cos(theta (j + 1/2))  (even about -1/2, 0 at n)    pi (m + 1/2) / (n + 1/2)
//   outflow, closed     sin(theta (j + 1))    (0 at -1, even about n-1/2)  pi (m + 1/2) / (n + 1/2)
//   periodic            1, cos(theta j), sin(theta j) pairs, cos(pi j)     2 pi q / n
//
// (the discrete cosine and sine transforms of types II, I and the quarter-wave ones, and the real
// Fourier basis). Each mode is normalised numerically, so the basis is orthonormal.
#pragma once

#include <cstdint>
#include <vector>

#include "pressure/poisson_system.hpp"

namespace billow::detail {

struct AxisBasis {
    uint32_t n = 0;
    std::vector<double> modes;        // modes[j * n + m]: mode m at cell j (orthonormal columns)
    std::vector<double> eigenvalues;  // of T, per mode (>= 0; 0 only for the constant of a closed or periodic axis)
};

// The basis of an axis of n >= 1 cells whose low and high sides are `low` and `high` (Periodic
// for both or neither).
AxisBasis axisBasis(uint32_t n, PoissonBoundary low, PoissonBoundary high);

} // namespace billow::detail
