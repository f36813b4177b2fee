// Monotone cubic interpolation (Fritsch & Carlson 1980), shared by the 2D and 3D smoke references
// (their advections' MonotoneCubic sampling applies it along one axis at a time).
#pragma once

#include <algorithm>

namespace billow::ref {

// The value between f1 (t = 0) and f2 (t = 1), t in [0, 1], with f0 and f3 the samples beyond:
// the cubic Hermite polynomial p(t) = h00 f1 + h10 m1 + h01 f2 + h11 m2 (h00 = 2t^3 - 3t^2 + 1,
// h10 = t^3 - 2t^2 + t, h01 = 3t^2 - 2t^3, h11 = t^3 - t^2) whose end slopes are the central
// differences (f2 - f0) / 2 and (f3 - f1) / 2 with alpha = m1 / delta and beta = m2 / delta
// (delta = f2 - f1) each brought into [0, 3], Fritsch & Carlson's sufficient condition for p to be
// monotone on [0, 1] (m1 = m2 = 0 where delta = 0). So p(t) lies in [min(f1, f2), max(f1, f2)].
inline double monotoneCubic(double f0, double f1, double f2, double f3, double t) {
    const double delta = f2 - f1;
    double m1 = 0.0, m2 = 0.0;
    if (delta != 0.0) {
        m1 = std::clamp((f2 - f0) / 2.0 / delta, 0.0, 3.0) * delta;
        m2 = std::clamp((f3 - f1) / 2.0 / delta, 0.0, 3.0) * delta;
    }
    const double t2 = t * t, t3 = t2 * t;
    return (2.0 * t3 - 3.0 * t2 + 1.0) * f1 + (t3 - 2.0 * t2 + t) * m1 + (3.0 * t2 - 2.0 * t3) * f2 + (t3 - t2) * m2;
}

} // namespace billow::ref
