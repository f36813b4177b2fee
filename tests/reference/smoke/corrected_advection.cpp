#include "reference/smoke/corrected_advection.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reference/smoke/transport.hpp"

namespace billow::smoke_ref {

namespace {

// The four samples read(i, j) around coordinate (cx, cy): their range, and the plain
// semi-Lagrangian value there (bilinear or monotone cubic; either lies in that range).
struct Stencil {
    double low, high, plain;
    bool holds(double value) const { return value >= low && value <= high; }
    double distance(double value) const { return std::min(std::abs(value - low), std::abs(value - high)); }
};

template <class Read>
Stencil stencilAt(const Grid& g, double cx, double cy, Read read) {
    const int i = int(std::floor(cx)), j = int(std::floor(cy));
    const double s[4] = {read(i, j), read(i + 1, j), read(i, j + 1), read(i + 1, j + 1)};
    return {*std::min_element(s, s + 4), *std::max_element(s, s + 4), interpolate(g.interpolation, cx, cy, read)};
}

double limited(double value, const Stencil& stencil, AdvectionLimiter limiter) {
    if (stencil.holds(value)) return value;
    return limiter == AdvectionLimiter::Clamp ? std::clamp(value, stencil.low, stencil.high) : stencil.plain;
}

// The corrected value of element k before limiting (`again` is A(phi + e), used by BFECC only).
double unlimited(AdvectionScheme scheme, const Values& original, const Values& forward, const Values& backward,
                 const Values& again, size_t k) {
    if (scheme == AdvectionScheme::BFECC) return again[k];
    return forward[k] + 0.5 * (original[k] - backward[k]);
}

// phi + e, the field BFECC advects again.
Values compensated(const Values& original, const Values& backward) {
    Values out(original.size());
    for (size_t k = 0; k < out.size(); ++k) out[k] = original[k] + 0.5 * (original[k] - backward[k]);
    return out;
}

// The point the forward back-trace of a cell-centred sample (i, j) of cells cellX x cellY reaches,
// in that grid's sample coordinates.
Point cellStencilCoordinate(const Grid& g, const State& s, int i, int j, double cellX, double cellY, double dt) {
    const Point p = g.traceBack(s.u, s.v, {(i + 0.5) * cellX, (j + 0.5) * cellY}, dt);
    return {p.x / cellX - 0.5, p.y / cellY - 0.5};
}

// Applies `value(k, xFaces, i, j)` to every open face of both components (closed faces keep the
// field's value), then makes the periodic duplicate faces copies of face 0.
template <class Value>
FaceField overOpenFaces(const Grid& g, const State& s, const FaceField& field, Value value) {
    FaceField out = field;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (s.openX[g.u(i, j)] > 0.0) out.u[g.u(i, j)] = value(g.u(i, j), true, i, j);
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0.0) out.v[g.v(i, j)] = value(g.v(i, j), false, i, j);
    copyPeriodicFaces(g, out.u, out.v);
    return out;
}

} // namespace

void advectVelocityCorrected(const Grid& g, State& s, double dt, AdvectionScheme scheme, AdvectionLimiter limiter,
                             FaceField* revertMargin) {
    const double none = std::numeric_limits<double>::infinity();
    if (revertMargin) *revertMargin = {Values(g.uCount(), none), Values(g.vCount(), none)};
    if (scheme == AdvectionScheme::SemiLagrangian) {
        advectVelocity(g, s, dt);
        return;
    }
    const FaceField original{s.u, s.v};
    const FaceField forward = advectFaces(g, s, original, dt);
    const FaceField backward = advectFaces(g, s, forward, -dt);
    FaceField again;
    if (scheme == AdvectionScheme::BFECC)
        again = advectFaces(g, s, overOpenFaces(g, s, original, [&](size_t k, bool xFaces, int, int) {
            return xFaces ? original.u[k] + 0.5 * (original.u[k] - backward.u[k])
                          : original.v[k] + 0.5 * (original.v[k] - backward.v[k]);
        }), dt);
    FaceField margin{Values(g.uCount(), none), Values(g.vCount(), none)};
    const FaceField result = overOpenFaces(g, s, original, [&](size_t k, bool xFaces, int i, int j) {
        auto pick = [&](const FaceField& f) -> const Values& { return xFaces ? f.u : f.v; };
        const double value = unlimited(scheme, pick(original), pick(forward), pick(backward), pick(again), k);
        // The stencil: x-face samples sit at integer x and half-integer y (in cells), y-faces the other way.
        const Point start = xFaces ? Point{i * g.h, (j + 0.5) * g.h} : Point{(i + 0.5) * g.h, j * g.h};
        const Point p = g.traceBack(s.u, s.v, start, dt);
        const double cx = p.x / g.h - (xFaces ? 0.0 : 0.5), cy = p.y / g.h - (xFaces ? 0.5 : 0.0);
        const Stencil stencil = stencilAt(g, cx, cy, [&](int a, int b) {
            return xFaces ? g.uAt(original.u, a, b) : g.vAt(original.v, a, b);
        });
        (xFaces ? margin.u : margin.v)[k] = stencil.distance(value);
        return limited(value, stencil, limiter);
    });
    s.u = result.u;
    s.v = result.v;
    if (revertMargin) {
        copyPeriodicFaces(g, margin.u, margin.v);  // a duplicate face takes face 0's value
        *revertMargin = std::move(margin);
    }
}

void advectScalarsCorrected(const Grid& g, State& s, double dt, double ambient, AdvectionScheme scheme,
                            AdvectionLimiter limiter, Values* densityMargin, Values* temperatureMargin) {
    const double none = std::numeric_limits<double>::infinity();
    if (densityMargin) densityMargin->assign(g.cellCount(), none);
    if (temperatureMargin) temperatureMargin->assign(g.cellCount(), none);
    if (scheme == AdvectionScheme::SemiLagrangian) {
        advectScalars(g, s, dt, ambient);
        return;
    }
    const State original = s;
    State forward = original;
    advectScalars(g, forward, dt, ambient);
    State backward = forward;
    advectScalars(g, backward, -dt, ambient);
    State again = original;
    if (scheme == AdvectionScheme::BFECC) {
        again.density = compensated(original.density, backward.density);
        again.temperature = compensated(original.temperature, backward.temperature);
        advectScalars(g, again, dt, ambient);
    }
    const State& lastForward = scheme == AdvectionScheme::BFECC ? again : forward;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t c = g.cell(i, j);
            if (original.solid[c] >= 1.0) {
                s.density[c] = lastForward.density[c];
                s.temperature[c] = lastForward.temperature[c];
                continue;
            }
            const Point at = cellStencilCoordinate(g, original, i, j, g.h, g.h, dt);
            const Stencil density = stencilAt(g, at.x, at.y, [&](int a, int b) { return g.densityAt(original.density, a, b); });
            const Stencil temperature =
                stencilAt(g, at.x, at.y, [&](int a, int b) { return g.temperatureAt(original.temperature, a, b); });
            const double densityValue = unlimited(scheme, original.density, forward.density, backward.density, again.density, c);
            const double temperatureValue =
                unlimited(scheme, original.temperature, forward.temperature, backward.temperature, again.temperature, c);
            s.density[c] = limited(densityValue, density, limiter);
            s.temperature[c] = limited(temperatureValue, temperature, limiter);
            if (densityMargin) (*densityMargin)[c] = density.distance(densityValue);
            if (temperatureMargin) (*temperatureMargin)[c] = temperature.distance(temperatureValue);
        }
}

void advectDyeCorrected(const Grid& g, State& s, double dt, AdvectionScheme scheme, AdvectionLimiter limiter,
                        Values* dyeMargin) {
    if (dyeMargin) dyeMargin->assign(g.dyeCount(), std::numeric_limits<double>::infinity());
    if (scheme == AdvectionScheme::SemiLagrangian) {
        advectDye(g, s, dt);
        return;
    }
    const State original = s;
    State forward = original;
    advectDye(g, forward, dt);
    State backward = forward;
    advectDye(g, backward, -dt);
    State again = original;
    if (scheme == AdvectionScheme::BFECC) {
        again.dye = compensated(original.dye, backward.dye);
        advectDye(g, again, dt);
    }
    for (int j = 0; j < g.dyeNy; ++j)
        for (int i = 0; i < g.dyeNx; ++i) {
            const Point at = cellStencilCoordinate(g, original, i, j, g.dyeHx(), g.dyeHy(), dt);
            Stencil stencil[4];
            double value[4];
            bool inside = true;
            double margin = std::numeric_limits<double>::infinity();
            for (int channel = 0; channel < 4; ++channel) {
                stencil[channel] =
                    stencilAt(g, at.x, at.y, [&](int a, int b) { return g.dyeAt(original.dye, channel, a, b); });
                value[channel] = unlimited(scheme, original.dye, forward.dye, backward.dye, again.dye, g.dye(i, j, channel));
                inside = inside && stencil[channel].holds(value[channel]);
                margin = std::min(margin, stencil[channel].distance(value[channel]));
            }
            if (dyeMargin)
                for (int channel = 0; channel < 4; ++channel) (*dyeMargin)[g.dye(i, j, channel)] = margin;
            // The Revert limiter replaces the whole colour when any channel leaves its range.
            for (int channel = 0; channel < 4; ++channel) {
                double& out = s.dye[g.dye(i, j, channel)];
                if (inside) out = value[channel];
                else if (limiter == AdvectionLimiter::Clamp)
                    out = std::clamp(value[channel], stencil[channel].low, stencil[channel].high);
                else out = stencil[channel].plain;
            }
        }
}

} // namespace billow::smoke_ref
