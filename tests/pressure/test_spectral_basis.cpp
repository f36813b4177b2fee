// The axes' eigenbases of the spectral solve (src/pressure/spectral_basis.hpp), on the host:
// against the second difference built here from the pressure equation's side rules (closed: no
// flux across the side; outflow: 0 beyond it; periodic: the axis wraps), every mode an
// eigenvector with its eigenvalue, and the modes orthonormal, for every pair of side types and
// lengths from 1 (where the wrap or the sides make the whole operator) to 256.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "billow/error.hpp"
#include "pressure/spectral_basis.hpp"
#include "pressure/spectral_solve.hpp"

namespace billow::test {
namespace {

using detail::PoissonBoundary;

// T with (T v)_j = sum over j's two neighbours of (v_j - v_nb), a neighbour beyond a closed side
// contributing nothing, beyond an outflow side v_nb = 0, on a periodic axis the wrapped cell.
std::vector<double> secondDifference(int n, PoissonBoundary low, PoissonBoundary high) {
    std::vector<double> t(size_t(n) * n, 0.0);
    for (int j = 0; j < n; ++j)
        for (int step : {-1, 1}) {
            int nb = j + step;
            const PoissonBoundary side = step < 0 ? low : high;
            if (nb < 0 || nb >= n) {
                if (side == PoissonBoundary::Closed) continue;
                if (side == PoissonBoundary::Outflow) {
                    t[size_t(j) * n + j] += 1.0;
                    continue;
                }
                nb = (nb + n) % n;
            }
            t[size_t(j) * n + j] += 1.0;
            t[size_t(j) * n + nb] -= 1.0;
        }
    return t;
}

struct SidePair {
    PoissonBoundary low, high;
    const char* name;
};
// Every pair of side types an axis can have.
const SidePair kSidePairs[] = {{PoissonBoundary::Closed, PoissonBoundary::Closed, "closed-closed"},
                               {PoissonBoundary::Outflow, PoissonBoundary::Outflow, "outflow-outflow"},
                               {PoissonBoundary::Closed, PoissonBoundary::Outflow, "closed-outflow"},
                               {PoissonBoundary::Outflow, PoissonBoundary::Closed, "outflow-closed"},
                               {PoissonBoundary::Periodic, PoissonBoundary::Periodic, "periodic"}};

TEST(SpectralBasis, EveryModeIsAnOrthonormalEigenvectorOfTheSecondDifference) {
    for (const SidePair& pair : kSidePairs)
        for (int n : {1, 2, 3, 4, 7, 11, 19, 64, 255, 256}) {
            const std::string label = std::string(pair.name) + ", " + std::to_string(n) + " cells";
            const detail::AxisBasis b = detail::axisBasis(uint32_t(n), pair.low, pair.high);
            const std::vector<double> t = secondDifference(n, pair.low, pair.high);
            ASSERT_EQ(b.modes.size(), size_t(n) * n) << label;
            ASSERT_EQ(b.eigenvalues.size(), size_t(n)) << label;
            // Entries of T are at most 2 in magnitude and of a unit vector at most 1: rounding of
            // the basis (a few ulps of each entry) and of these sums leaves ~1e-15; 1e-12 leaves
            // room for n = 256 while any wrong mode or eigenvalue is off by far more.
            double worstEigen = 0.0, worstOrtho = 0.0;
            for (int m = 0; m < n; ++m) {
                EXPECT_GE(b.eigenvalues[m], 0.0) << label;
                for (int j = 0; j < n; ++j) {
                    double tv = 0.0;
                    for (int k = 0; k < n; ++k) tv += t[size_t(j) * n + k] * b.modes[size_t(k) * n + m];
                    worstEigen = std::max(worstEigen, std::abs(tv - b.eigenvalues[m] * b.modes[size_t(j) * n + m]));
                }
                for (int m2 = m; m2 < n; ++m2) {
                    double dot = 0.0;
                    for (int j = 0; j < n; ++j) dot += b.modes[size_t(j) * n + m] * b.modes[size_t(j) * n + m2];
                    worstOrtho = std::max(worstOrtho, std::abs(dot - (m == m2 ? 1.0 : 0.0)));
                }
            }
            EXPECT_LT(worstEigen, 1e-12) << label;
            EXPECT_LT(worstOrtho, 1e-12) << label;
            // The null space: the constant on closed-closed and periodic axes, nothing with an outflow.
            int zero = 0;
            for (double lambda : b.eigenvalues) zero += lambda < 1e-12;
            const bool singular = pair.low != PoissonBoundary::Outflow && pair.high != PoissonBoundary::Outflow;
            EXPECT_EQ(zero, singular ? 1 : 0) << label;
        }
}

// The folded transforms (SpectralSolve::folds: alike closed or outflow sides) rely on every mode
// being even or odd about the axis's centre by its index: Q[n-1-j][m] = (-1)^m Q[j][m]. Checked
// for every side pair: it must hold where the solve folds, and the test shows it fails elsewhere
// (so folding there would be wrong, not merely slow) for every n > 1.
TEST(SpectralBasis, TheFoldedAxesModesAlternateInParity) {
    for (const SidePair& pair : kSidePairs) {
        if (pair.low == PoissonBoundary::Periodic) continue;  // its modes pair as cosines and sines
        for (int n : {1, 2, 3, 4, 7, 11, 19, 64, 255, 256}) {
            const std::string label = std::string(pair.name) + ", " + std::to_string(n) + " cells";
            const detail::AxisBasis b = detail::axisBasis(uint32_t(n), pair.low, pair.high);
            double worst = 0.0;
            for (int m = 0; m < n; ++m)
                for (int j = 0; j < n; ++j) {
                    const double sign = m % 2 == 0 ? 1.0 : -1.0;
                    worst = std::max(worst, std::abs(b.modes[size_t(n - 1 - j) * n + m] - sign * b.modes[size_t(j) * n + m]));
                }
            if (detail::SpectralSolve::folds(pair.low, pair.high)) {
                EXPECT_LT(worst, 1e-12) << label;
            } else if (n > 1) {
                EXPECT_GT(worst, 1e-3) << label;
            }
        }
    }
    EXPECT_FALSE(detail::SpectralSolve::folds(PoissonBoundary::Periodic, PoissonBoundary::Periodic));
}

TEST(SpectralBasis, RefusesAnAxisPeriodicOnOneSideOnly) {
    EXPECT_THROW(detail::axisBasis(8, PoissonBoundary::Periodic, PoissonBoundary::Closed), Error);
    EXPECT_THROW(detail::axisBasis(0, PoissonBoundary::Closed, PoissonBoundary::Closed), Error);
}

} // namespace
} // namespace billow::test
