// Reference of the corrected velocity advection: advect_velocity (forward, backward, and BFECC's
// second forward pass) with advect_correct_velocity, as SmokeSolver's Advect pass sequences them.
#include <algorithm>
#include <limits>

#include "reference/smoke/reference_kernels.hpp"

namespace billow::ref {

namespace {

// Limits `value` of face (i, j) of one component to the four samples of `original` around the
// point its forward back-trace reaches (the bilinear stencil of that sample): clamped to their
// min/max, or, with Revert, replaced by their bilinear value when outside. `margin` receives the
// distance of `value` to the nearer bound.
double limitToStencil(const RefGrid& g, const RefFields& f, const Values& original, bool xFaces, int i, int j,
                      double value, double dt, AdvectionLimiter limiter, double& margin) {
    const Point start = xFaces ? Point{i * g.h, (j + 0.5) * g.h} : Point{(i + 0.5) * g.h, j * g.h};
    const Point p = g.traceBack(f.u, f.v, start, dt);
    const double cx = p.x / g.h - (xFaces ? 0.0 : 0.5), cy = p.y / g.h - (xFaces ? 0.5 : 0.0);
    const int bi = int(std::floor(cx)), bj = int(std::floor(cy));
    auto at = [&](int a, int b) { return xFaces ? g.uAt(original, a, b) : g.vAt(original, a, b); };
    const double s[4] = {at(bi, bj), at(bi + 1, bj), at(bi, bj + 1), at(bi + 1, bj + 1)};
    const double low = *std::min_element(s, s + 4), high = *std::max_element(s, s + 4);
    margin = std::min(std::abs(value - low), std::abs(value - high));
    if (value >= low && value <= high) return value;
    if (limiter == AdvectionLimiter::Clamp) return std::clamp(value, low, high);
    return bilinear(cx, cy, at);
}

// Applies `combine(k, xFaces, i, j)` to every open face of both components (closed faces keep the
// original value), then makes the periodic duplicate faces copies of face 0.
template <class Combine>
FaceField overOpenFaces(const RefGrid& g, const RefFields& f, Combine combine) {
    FaceField out{f.u, f.v};
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (f.openX[g.u(i, j)] > 0.0) out.u[g.u(i, j)] = combine(g.u(i, j), true, i, j);
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (f.openY[g.v(i, j)] > 0.0) out.v[g.v(i, j)] = combine(g.v(i, j), false, i, j);
    copyPeriodicFaces(g, out.u, out.v);
    return out;
}

} // namespace

void advectVelocityCorrected(const RefGrid& g, RefFields& f, double dt, AdvectionScheme scheme,
                             AdvectionLimiter limiter, FaceField* revertMargin) {
    const FaceField original{f.u, f.v};
    const FaceField forward = advectFaces(g, f, original, dt);
    const FaceField backward = advectFaces(g, f, forward, -dt);
    auto pick = [](const FaceField& field, bool xFaces) -> const Values& { return xFaces ? field.u : field.v; };
    auto error = [&](size_t k, bool xFaces) { return 0.5 * (pick(original, xFaces)[k] - pick(backward, xFaces)[k]); };
    // Closed faces are set, not limited: no margin.
    const double none = std::numeric_limits<double>::infinity();
    FaceField margin{Values(g.uCount(), none), Values(g.vCount(), none)};
    auto limited = [&](size_t k, bool xFaces, int i, int j, double value) {
        return limitToStencil(g, f, pick(original, xFaces), xFaces, i, j, value, dt, limiter,
                              (xFaces ? margin.u : margin.v)[k]);
    };
    FaceField result;
    if (scheme == AdvectionScheme::MacCormack) {
        result = overOpenFaces(g, f, [&](size_t k, bool xFaces, int i, int j) {
            return limited(k, xFaces, i, j, pick(forward, xFaces)[k] + error(k, xFaces));
        });
    } else {
        const FaceField compensated =
            overOpenFaces(g, f, [&](size_t k, bool xFaces, int, int) { return pick(original, xFaces)[k] + error(k, xFaces); });
        const FaceField again = advectFaces(g, f, compensated, dt);
        result = overOpenFaces(g, f, [&](size_t k, bool xFaces, int i, int j) {
            return limited(k, xFaces, i, j, pick(again, xFaces)[k]);
        });
    }
    f.u = std::move(result.u);
    f.v = std::move(result.v);
    if (revertMargin) {
        copyPeriodicFaces(g, margin.u, margin.v);  // a duplicate face takes face 0's value
        *revertMargin = std::move(margin);
    }
}

} // namespace billow::ref
