#include "water/water_checks.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

namespace billow::test {

std::vector<double> toDouble(const std::vector<float>& values) { return {values.begin(), values.end()}; }

void expectWithin(const char* what, const std::vector<float>& gpu, const std::vector<double>& ref,
                  const std::vector<double>& bound) {
    ASSERT_EQ(gpu.size(), ref.size()) << what;
    size_t failures = 0;
    double worst = 0.0;  // largest error / bound
    for (size_t k = 0; k < gpu.size(); ++k) {
        const double error = std::abs(double(gpu[k]) - ref[k]);
        if (bound[k] > 0.0) worst = std::max(worst, error / bound[k]);
        if (!(error <= bound[k]) && ++failures <= 5)
            ADD_FAILURE() << what << "[" << k << "]: gpu " << gpu[k] << " reference " << ref[k] << " error " << error
                          << " > bound " << bound[k];
    }
    EXPECT_EQ(failures, 0u) << what;
    std::printf("%s: largest error %.3g of its bound\n", what, worst);
}

WaterBoundary boundaryOf(WaterBoundaryType type) {
    WaterBoundary b;
    b.type = type;
    b.flow = 0.3f;
    b.amplitude = 0.5f;
    b.period = 2.3f;
    b.phase = 0.4f;
    b.drop = 0.25f;
    return b;
}

} // namespace billow::test
