#include "reference/smoke3d/transport.hpp"
#include "reference/mass/mass_correction_reference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace billow::smoke3d_ref {

namespace {

constexpr double kNone = std::numeric_limits<double>::infinity();

// The eight samples read(Index) around coordinates c: their range, and the plain semi-Lagrangian
// value there (trilinear or monotone cubic; either lies in that range).
struct Stencil {
    double low, high, value;
    bool holds(double x) const { return x >= low && x <= high; }
    double distance(double x) const { return std::min(std::abs(x - low), std::abs(x - high)); }
    double clamp(double x) const { return std::clamp(x, low, high); }
};

template <class Read>
Stencil stencilAt(const Grid& g, Point c, Read read) {
    const Index base{int(std::floor(c[0])), int(std::floor(c[1])), int(std::floor(c[2]))};
    Stencil s{kNone, -kNone, interpolate(g.interpolation, c, read)};
    for (int corner = 0; corner < 8; ++corner) {
        const double x = read(Index{base[0] + (corner & 1), base[1] + ((corner >> 1) & 1), base[2] + ((corner >> 2) & 1)});
        s.low = std::min(s.low, x);
        s.high = std::max(s.high, x);
    }
    return s;
}

// phi + (phi - backward) / 2, the field BFECC advects again.
Values compensated(const Values& original, const Values& backward) {
    Values out(original.size());
    for (size_t k = 0; k < out.size(); ++k) out[k] = original[k] + 0.5 * (original[k] - backward[k]);
    return out;
}

Point faceOffset(int axis) {
    Point o{0.5, 0.5, 0.5};
    o[axis] = 0.0;
    return o;
}

} // namespace

Velocity advectFaces(const Grid& g, const Velocity& vel, const std::array<Values, 3>& open, const Velocity& field, double dt) {
    Velocity out = field;
    for (int a = 0; a < 3; ++a)
        forEach(g.faceDims(a), [&](Index f) {
            const size_t k = g.face(a, f);
            if (open[a][k] > 0.0) out[a][k] = g.carryFace(field[a], a, g.traceBack(vel, g.faceCentre(a, f), dt));
        });
    copyPeriodicFaces(g, out);
    return out;
}

std::vector<Point> cellTraces(const Grid& g, const Velocity& vel, double dt) {
    std::vector<Point> traces(g.cellCount());
    forEach(g.n, [&](Index c) { traces[g.cell(c)] = g.traceBack(vel, g.cellCentre(c), dt); });
    return traces;
}

std::array<std::vector<Point>, 3> faceTraces(const Grid& g, const Velocity& vel, double dt) {
    std::array<std::vector<Point>, 3> traces;
    for (int a = 0; a < 3; ++a) {
        traces[a].resize(g.faceCount(a));
        forEach(g.faceDims(a), [&](Index f) { traces[a][g.face(a, f)] = g.traceBack(vel, g.faceCentre(a, f), dt); });
    }
    return traces;
}

namespace {

// advectCells with the cells' back-traced positions given.
Values advectCellsAlong(const Grid& g, const std::vector<Point>& traces, const Values& solid, const Values& values,
                        CellField field, double empty) {
    const int stride = channels(field);
    Values out(values.size());
    forEach(g.n, [&](Index c) {
        const size_t k = g.cell(c);
        if (solid[k] >= 1.0) {
            Rgba sum{};
            int count = 0;
            for (int a = 0; a < 3; ++a)
                for (int d : {-1, 1}) {
                    Index nb = c;
                    nb[a] += d;
                    if (nb[a] < 0 || nb[a] >= g.n[a] || solid[g.cell(nb)] >= 1.0) continue;
                    for (int ch = 0; ch < stride; ++ch) sum[ch] += values[g.cell(nb) * stride + ch];
                    ++count;
                }
            for (int ch = 0; ch < stride; ++ch) out[k * stride + ch] = count ? sum[ch] / count : empty;
            return;
        }
        for (int ch = 0; ch < stride; ++ch) out[k * stride + ch] = g.sampleCell(values, field, ch, traces[k]);
    });
    return out;
}

// advectFaces with the faces' back-traced positions given.
Velocity advectFacesAlong(const Grid& g, const std::array<std::vector<Point>, 3>& traces, const std::array<Values, 3>& open,
                          const Velocity& field) {
    Velocity out = field;
    for (int a = 0; a < 3; ++a)
        for (size_t k = 0; k < out[a].size(); ++k)
            if (open[a][k] > 0.0) out[a][k] = g.carryFace(field[a], a, traces[a][k]);
    copyPeriodicFaces(g, out);
    return out;
}

} // namespace

Values advectCells(const Grid& g, const Velocity& vel, const Values& solid, const Values& values, CellField field, double dt,
                   double empty) {
    return advectCellsAlong(g, cellTraces(g, vel, dt), solid, values, field, empty);
}

void advectVelocityCorrected(const Grid& g, State& s, double dt, AdvectionScheme scheme, AdvectionLimiter limiter,
                             std::array<Values, 3>* margin) {
    if (margin)
        for (int a = 0; a < 3; ++a) (*margin)[a].assign(g.faceCount(a), kNone);
    const Velocity original = s.vel;
    const std::array<std::vector<Point>, 3> ahead = faceTraces(g, original, dt);
    const Velocity forward = advectFacesAlong(g, ahead, s.open, original);
    if (scheme == AdvectionScheme::SemiLagrangian) {
        s.vel = forward;
        return;
    }
    const Velocity backward = advectFacesAlong(g, faceTraces(g, original, -dt), s.open, forward);
    Velocity again;
    if (scheme == AdvectionScheme::BFECC) {
        Velocity comp = original;
        for (int a = 0; a < 3; ++a)
            for (size_t k = 0; k < comp[a].size(); ++k)
                if (s.open[a][k] > 0.0) comp[a][k] = original[a][k] + 0.5 * (original[a][k] - backward[a][k]);
        copyPeriodicFaces(g, comp);
        again = advectFacesAlong(g, ahead, s.open, comp);
    }
    Velocity result = original;
    for (int a = 0; a < 3; ++a)
        forEach(g.faceDims(a), [&](Index f) {
            const size_t k = g.face(a, f);
            if (!(s.open[a][k] > 0.0)) return;
            const double value = scheme == AdvectionScheme::BFECC ? again[a][k]
                                                                  : forward[a][k] + 0.5 * (original[a][k] - backward[a][k]);
            const Stencil st = stencilAt(g, sampleCoordinates(g, ahead[a][k], faceOffset(a)),
                                         [&](Index x) { return g.faceAt(original[a], a, x); });
            if (margin) (*margin)[a][k] = st.distance(value);
            result[a][k] = st.holds(value) ? value : limiter == AdvectionLimiter::Clamp ? st.clamp(value) : st.value;
        });
    copyPeriodicFaces(g, result);
    if (margin) copyPeriodicFaces(g, *margin);
    s.vel = std::move(result);
}

Values advectCellsCorrected(const Grid& g, const State& s, const Values& values, CellField field, double dt, double empty,
                            AdvectionScheme scheme, AdvectionLimiter limiter, Values* margin) {
    if (margin) margin->assign(values.size(), kNone);
    const std::vector<Point> ahead = cellTraces(g, s.vel, dt);
    const Values forward = advectCellsAlong(g, ahead, s.solid, values, field, empty);
    if (scheme == AdvectionScheme::SemiLagrangian) return forward;
    const Values backward = advectCellsAlong(g, cellTraces(g, s.vel, -dt), s.solid, forward, field, empty);
    Values again;
    if (scheme == AdvectionScheme::BFECC) again = advectCellsAlong(g, ahead, s.solid, compensated(values, backward), field, empty);
    const Values& lastForward = scheme == AdvectionScheme::BFECC ? again : forward;
    const int stride = channels(field);
    Values out(values.size());
    forEach(g.n, [&](Index c) {
        const size_t k = g.cell(c);
        if (s.solid[k] >= 1.0) {
            for (int ch = 0; ch < stride; ++ch) out[k * stride + ch] = lastForward[k * stride + ch];
            return;
        }
        const Point at = sampleCoordinates(g, ahead[k], {0.5, 0.5, 0.5});
        Stencil st[4];
        double value[4];
        bool inside = true;
        double least = kNone;
        for (int ch = 0; ch < stride; ++ch) {
            const size_t e = k * stride + ch;
            st[ch] = stencilAt(g, at, [&](Index x) { return g.cellAt(values, field, ch, x); });
            value[ch] = scheme == AdvectionScheme::BFECC ? again[e] : forward[e] + 0.5 * (values[e] - backward[e]);
            inside = inside && st[ch].holds(value[ch]);
            least = std::min(least, st[ch].distance(value[ch]));
        }
        for (int ch = 0; ch < stride; ++ch) {
            const size_t e = k * stride + ch;
            if (margin) (*margin)[e] = least;
            out[e] = inside ? value[ch] : limiter == AdvectionLimiter::Clamp ? st[ch].clamp(value[ch]) : st[ch].value;
        }
    });
    return out;
}

double massCorrectionFactor(const Grid& g, const State& s, CellField field, const Values& before, const Values& after,
                            double dt) {
    mass_ref::Budget b;
    for (size_t c = 0; c < g.cellCount(); ++c) {
        const double fluid = 1.0 - std::clamp(s.solid[c], 0.0, 1.0);
        b.before += fluid * before[c];
        b.after += fluid * after[c];
    }
    // The faces of each side: outward normal speed, open fraction, the inner cell's value.
    for (int axis = 0; axis < 3; ++axis)
        for (bool high : {false, true}) {
            const Boundary& side = g.side(axis, high);
            const double inflow = field == CellField::Density ? side.density : side.fuel;
            const int a = (axis + 1) % 3, bAxis = (axis + 2) % 3;
            for (int p = 0; p < g.n[a]; ++p)
                for (int q = 0; q < g.n[bAxis]; ++q) {
                    Index cell{}, face{};
                    cell[a] = face[a] = p;
                    cell[bAxis] = face[bAxis] = q;
                    cell[axis] = high ? g.n[axis] - 1 : 0;
                    face[axis] = high ? g.n[axis] : 0;
                    const size_t f = g.face(axis, face);
                    const double outward = high ? s.vel[axis][f] : -s.vel[axis][f];
                    b.outflow += mass_ref::sideOutflow(side.type, outward, s.open[axis][f], before[g.cell(cell)], inflow) *
                                 dt / g.h;
                }
        }
    return mass_ref::factor(b, mass_ref::kMaxChangePerStep);
}

void advectAll(const Grid& g, State& s, const SmokeSettings3D& settings, double dt) {
    const AdvectionScheme scalar = settings.scalarAdvection;
    const AdvectionLimiter limiter = settings.advectionLimiter;
    Values density = advectCellsCorrected(g, s, s.density, CellField::Density, dt, 0.0, scalar, limiter);
    const Values temperature = advectCellsCorrected(g, s, s.temperature, CellField::Temperature, dt,
                                                    settings.ambientTemperature, scalar, limiter);
    Values fuel = advectCellsCorrected(g, s, s.fuel, CellField::Fuel, dt, 0.0, scalar, limiter);
    if (settings.massCorrection) {
        const double kDensity = massCorrectionFactor(g, s, CellField::Density, s.density, density, dt);
        const double kFuel = massCorrectionFactor(g, s, CellField::Fuel, s.fuel, fuel, dt);
        for (double& d : density) d *= kDensity;
        for (double& f : fuel) f *= kFuel;
    }
    if (!s.colour.empty())
        s.colour = advectCellsCorrected(g, s, s.colour, CellField::Colour, dt, 0.0, settings.colourAdvection, limiter);
    s.density = density;
    s.temperature = temperature;
    s.fuel = fuel;
    // The velocity last: the cell fields are carried by the pre-advection one.
    advectVelocityCorrected(g, s, dt, settings.velocityAdvection, limiter);
}

void diffuseVelocity(const Grid& g, State& s, double a, int sweeps) {
    const Velocity b = s.vel;
    const double denominator = 1.0 + 6.0 * a;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        Velocity next = s.vel;
        for (int axis = 0; axis < 3; ++axis)
            forEach(g.faceDims(axis), [&](Index f) {
                const size_t k = g.face(axis, f);
                if (!(s.open[axis][k] > 0.0)) return;
                double sum = 0.0;
                for (int x = 0; x < 3; ++x)
                    for (int d : {-1, 1}) {
                        Index nb = f;
                        nb[x] += d;
                        sum += g.faceAt(s.vel[axis], axis, nb);
                    }
                next[axis][k] = (b[axis][k] + a * sum) / denominator;
            });
        copyPeriodicFaces(g, next);
        s.vel = std::move(next);
    }
}

void diffuseCells(const Grid& g, Values& values, CellField field, double a, int sweeps) {
    const Values b = values;
    const int stride = channels(field);
    const double denominator = 1.0 + 6.0 * a;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        Values next(values.size());
        forEach(g.n, [&](Index c) {
            for (int ch = 0; ch < stride; ++ch) {
                double sum = 0.0;
                for (int x = 0; x < 3; ++x)
                    for (int d : {-1, 1}) {
                        Index nb = c;
                        nb[x] += d;
                        sum += g.cellAt(values, field, ch, nb);
                    }
                const size_t e = g.cell(c) * stride + ch;
                next[e] = (b[e] + a * sum) / denominator;
            }
        });
        values = std::move(next);
    }
}

} // namespace billow::smoke3d_ref
