#include "pressure/spectral_basis.hpp"

#include <cmath>
#include <numbers>

#include "billow/error.hpp"

namespace billow::detail {

AxisBasis axisBasis(uint32_t n, PoissonBoundary low, PoissonBoundary high) {
    if (n == 0) throw Error("internal: a spectral basis of no cells");
    if ((low == PoissonBoundary::Periodic) != (high == PoissonBoundary::Periodic))
        throw Error("internal: a spectral basis periodic on one side only");
    constexpr double pi = std::numbers::pi;
    AxisBasis b;
    b.n = n;
    b.modes.assign(size_t(n) * n, 0.0);
    b.eigenvalues.assign(n, 0.0);
    const double cells = double(n);
    for (uint32_t m = 0; m < n; ++m) {
        double theta = 0.0;
        // v_j = cos(theta * (j + shift)) or sin(...).
        double shift = 0.0;
        bool sine = false;
        if (low == PoissonBoundary::Periodic) {
            // m = 0: the constant; then cos and sin of each frequency q; for even n, cos(pi j) last.
            const uint32_t q = (m + 1) / 2;
            theta = 2.0 * pi * q / cells;
            sine = m % 2 == 0 && m > 0 && !(n % 2 == 0 && m == n - 1);
            if (n % 2 == 0 && m == n - 1) theta = pi;
        } else if (low == PoissonBoundary::Closed && high == PoissonBoundary::Closed) {
            theta = pi * m / cells;
            shift = 0.5;
        } else if (low == PoissonBoundary::Outflow && high == PoissonBoundary::Outflow) {
            theta = pi * (m + 1.0) / (cells + 1.0);
            shift = 1.0;
            sine = true;
        } else if (low == PoissonBoundary::Closed) {  // closed low, outflow high
            theta = pi * (m + 0.5) / (cells + 0.5);
            shift = 0.5;
        } else {  // outflow low, closed high
            theta = pi * (m + 0.5) / (cells + 0.5);
            shift = 1.0;
            sine = true;
        }
        double norm = 0.0;
        for (uint32_t j = 0; j < n; ++j) {
            const double phase = theta * (j + shift);
            const double v = sine ? std::sin(phase) : std::cos(phase);
            b.modes[size_t(j) * n + m] = v;
            norm += v * v;
        }
        norm = std::sqrt(norm);
        for (uint32_t j = 0; j < n; ++j) b.modes[size_t(j) * n + m] /= norm;
        const double half = std::sin(0.5 * theta);
        b.eigenvalues[m] = 4.0 * half * half;
    }
    return b;
}

} // namespace billow::detail
