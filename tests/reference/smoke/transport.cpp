#include "reference/smoke/transport.hpp"

#include <algorithm>

#include "reference/smoke/corrected_advection.hpp"
#include "reference/mass/mass_correction_reference.hpp"

namespace billow::smoke_ref {

FaceField advectFaces(const Grid& g, const State& s, const FaceField& field, double dt) {
    FaceField out = field;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (s.openX[g.u(i, j)] > 0.0)
                out.u[g.u(i, j)] = g.carryU(field.u, g.traceBack(s.u, s.v, {i * g.h, (j + 0.5) * g.h}, dt));
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0.0)
                out.v[g.v(i, j)] = g.carryV(field.v, g.traceBack(s.u, s.v, {(i + 0.5) * g.h, j * g.h}, dt));
    copyPeriodicFaces(g, out.u, out.v);
    return out;
}

void advectVelocity(const Grid& g, State& s, double dt) {
    FaceField advected = advectFaces(g, s, {s.u, s.v}, dt);
    s.u = std::move(advected.u);
    s.v = std::move(advected.v);
}

void advectScalars(const Grid& g, State& s, double dt, double ambient) {
    Values density(g.cellCount()), temperature(g.cellCount());
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t c = g.cell(i, j);
            if (s.solid[c] >= 1.0) {
                double sumDensity = 0.0, sumTemperature = 0.0;
                int count = 0;
                const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                for (const auto& o : offsets) {
                    const int a = i + o[0], b = j + o[1];
                    if (a < 0 || b < 0 || a >= g.nx || b >= g.ny || s.solid[g.cell(a, b)] >= 1.0) continue;
                    sumDensity += s.density[g.cell(a, b)];
                    sumTemperature += s.temperature[g.cell(a, b)];
                    ++count;
                }
                density[c] = count ? sumDensity / count : 0.0;
                temperature[c] = count ? sumTemperature / count : ambient;
                continue;
            }
            const Point p = g.traceBack(s.u, s.v, {(i + 0.5) * g.h, (j + 0.5) * g.h}, dt);
            const double cx = p.x / g.h - 0.5, cy = p.y / g.h - 0.5;
            density[c] = interpolate(g.interpolation, cx, cy, [&](int a, int b) { return g.densityAt(s.density, a, b); });
            temperature[c] = interpolate(g.interpolation, cx, cy, [&](int a, int b) { return g.temperatureAt(s.temperature, a, b); });
        }
    s.density = std::move(density);
    s.temperature = std::move(temperature);
}

void advectDye(const Grid& g, State& s, double dt) {
    Values dye(g.dyeCount());
    const double hx = g.dyeHx(), hy = g.dyeHy();
    for (int j = 0; j < g.dyeNy; ++j)
        for (int i = 0; i < g.dyeNx; ++i) {
            const Point p = g.traceBack(s.u, s.v, {(i + 0.5) * hx, (j + 0.5) * hy}, dt);
            for (int channel = 0; channel < 4; ++channel)
                dye[g.dye(i, j, channel)] =
                    interpolate(g.interpolation, p.x / hx - 0.5, p.y / hy - 0.5, [&](int a, int b) { return g.dyeAt(s.dye, channel, a, b); });
        }
    s.dye = std::move(dye);
}

double massCorrectionFactor(const Grid& g, const State& s, const Values& before, const Values& after, const Values& u,
                            const Values& v, double dt) {
    mass_ref::Budget b;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t c = g.cell(i, j);
            const double fluid = 1.0 - std::clamp(s.solid[c], 0.0, 1.0);
            b.before += fluid * before[c];
            b.after += fluid * after[c];
        }
    // The sides' faces: x-faces i = 0 (outward -u) and nx (+u), y-faces j = 0 (-v) and ny (+v).
    auto side = [&](int k, double outward, double open, size_t inner) {
        b.outflow += mass_ref::sideOutflow(g.sides[k].type, outward, open, before[inner], g.sides[k].density) * dt / g.h;
    };
    for (int j = 0; j < g.ny; ++j) {
        side(kLeft, -u[g.u(0, j)], s.openX[g.u(0, j)], g.cell(0, j));
        side(kRight, u[g.u(g.nx, j)], s.openX[g.u(g.nx, j)], g.cell(g.nx - 1, j));
    }
    for (int i = 0; i < g.nx; ++i) {
        side(kBottom, -v[g.v(i, 0)], s.openY[g.v(i, 0)], g.cell(i, 0));
        side(kTop, v[g.v(i, g.ny)], s.openY[g.v(i, g.ny)], g.cell(i, g.ny - 1));
    }
    return mass_ref::factor(b, mass_ref::kMaxChangePerStep);
}

void advectAll(const Grid& g, State& s, const SmokeSettings& settings, double dt) {
    // The velocity last: scalars and dye are carried by the pre-advection one.
    const Values densityBefore = s.density;
    advectScalarsCorrected(g, s, dt, settings.ambientTemperature, settings.scalarAdvection, settings.advectionLimiter);
    if (settings.massCorrection) {
        const double k = massCorrectionFactor(g, s, densityBefore, s.density, s.u, s.v, dt);
        for (double& d : s.density) d *= k;
    }
    advectDyeCorrected(g, s, dt, settings.dyeAdvection, settings.advectionLimiter);
    advectVelocityCorrected(g, s, dt, settings.velocityAdvection, settings.advectionLimiter);
}

void diffuseVelocity(const Grid& g, State& s, double a, int sweeps) {
    const Values bU = s.u, bV = s.v;
    const double denominator = 1.0 + 4.0 * a;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        Values u = s.u, v = s.v;
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i <= g.nx; ++i)
                if (s.openX[g.u(i, j)] > 0.0)
                    u[g.u(i, j)] = (bU[g.u(i, j)] + a * (g.uAt(s.u, i - 1, j) + g.uAt(s.u, i + 1, j) + g.uAt(s.u, i, j - 1) +
                                                         g.uAt(s.u, i, j + 1))) / denominator;
        for (int j = 0; j <= g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (s.openY[g.v(i, j)] > 0.0)
                    v[g.v(i, j)] = (bV[g.v(i, j)] + a * (g.vAt(s.v, i - 1, j) + g.vAt(s.v, i + 1, j) + g.vAt(s.v, i, j - 1) +
                                                         g.vAt(s.v, i, j + 1))) / denominator;
        copyPeriodicFaces(g, u, v);
        s.u = std::move(u);
        s.v = std::move(v);
    }
}

void diffuseDye(const Grid& g, State& s, double ax, double ay, int sweeps) {
    const Values b = s.dye;
    const double denominator = 1.0 + 2.0 * ax + 2.0 * ay;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        Values next(b.size());
        for (int channel = 0; channel < 4; ++channel) {
            auto at = [&](int i, int j) { return g.dyeAt(s.dye, channel, i, j); };
            for (int j = 0; j < g.dyeNy; ++j)
                for (int i = 0; i < g.dyeNx; ++i) {
                    const size_t k = g.dye(i, j, channel);
                    next[k] = (b[k] + ax * (at(i - 1, j) + at(i + 1, j)) + ay * (at(i, j - 1) + at(i, j + 1))) / denominator;
                }
        }
        s.dye = std::move(next);
    }
}

} // namespace billow::smoke_ref
