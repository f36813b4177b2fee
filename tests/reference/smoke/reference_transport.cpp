// Reference of the transport kernels: advect_velocity, advect_scalars, advect_dye,
// diffuse_velocity, diffuse_dye.
#include "reference/smoke/reference_kernels.hpp"

namespace billow::ref {

FaceField advectFaces(const RefGrid& g, const RefFields& f, const FaceField& field, double dt) {
    FaceField out = field;  // closed faces keep their (prescribed) value
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (f.openX[g.u(i, j)] > 0.0)
                out.u[g.u(i, j)] = g.sampleU(field.u, g.traceBack(f.u, f.v, {i * g.h, (j + 0.5) * g.h}, dt));
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (f.openY[g.v(i, j)] > 0.0)
                out.v[g.v(i, j)] = g.sampleV(field.v, g.traceBack(f.u, f.v, {(i + 0.5) * g.h, j * g.h}, dt));
    copyPeriodicFaces(g, out.u, out.v);
    return out;
}

void advectVelocity(const RefGrid& g, RefFields& f, double dt) {
    FaceField advected = advectFaces(g, f, {f.u, f.v}, dt);
    f.u = std::move(advected.u);
    f.v = std::move(advected.v);
}

void advectScalars(const RefGrid& g, RefFields& f, double dt, double ambient) {
    Values density(g.cellCount()), temperature(g.cellCount());
    std::array<double, 4> inflowDensity, inflowTemperature;
    for (int s = 0; s < 4; ++s) {
        inflowDensity[s] = g.sides[s].density;
        inflowTemperature[s] = g.sides[s].temperature;
    }
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const size_t c = g.cell(i, j);
            if (f.solid[c] >= 1.0) {
                // A fully solid cell: the mean of its fluid (not fully solid) neighbours inside the
                // domain, or no smoke at ambient temperature when there is none.
                double sumDensity = 0.0, sumTemperature = 0.0;
                int count = 0;
                const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                for (const auto& o : offsets) {
                    const int ni = i + o[0], nj = j + o[1];
                    if (ni < 0 || nj < 0 || ni >= g.nx || nj >= g.ny || f.solid[g.cell(ni, nj)] >= 1.0) continue;
                    sumDensity += f.density[g.cell(ni, nj)];
                    sumTemperature += f.temperature[g.cell(ni, nj)];
                    ++count;
                }
                density[c] = count ? sumDensity / count : 0.0;
                temperature[c] = count ? sumTemperature / count : ambient;
                continue;
            }
            const Point p = g.traceBack(f.u, f.v, {(i + 0.5) * g.h, (j + 0.5) * g.h}, dt);
            const double cx = p.x / g.h - 0.5, cy = p.y / g.h - 0.5;
            density[c] = bilinear(cx, cy, [&](int a, int b) { return g.cellAt(f.density, g.nx, g.ny, 1, 0, a, b, inflowDensity); });
            temperature[c] =
                bilinear(cx, cy, [&](int a, int b) { return g.cellAt(f.temperature, g.nx, g.ny, 1, 0, a, b, inflowTemperature); });
        }
    f.density = std::move(density);
    f.temperature = std::move(temperature);
}

void advectDye(const RefGrid& g, RefFields& f, double dt) {
    Values dye(g.dyeCount());
    const double hx = g.dyeHx(), hy = g.dyeHy();
    for (int channel = 0; channel < 4; ++channel) {
        std::array<double, 4> inflow;
        for (int s = 0; s < 4; ++s) inflow[s] = g.sides[s].dye[channel];
        for (int j = 0; j < g.dyeNy; ++j)
            for (int i = 0; i < g.dyeNx; ++i) {
                const Point p = g.traceBack(f.u, f.v, {(i + 0.5) * hx, (j + 0.5) * hy}, dt);
                dye[(size_t(i) + size_t(j) * g.dyeNx) * 4 + channel] = bilinear(
                    p.x / hx - 0.5, p.y / hy - 0.5,
                    [&](int a, int b) { return g.cellAt(f.dye, g.dyeNx, g.dyeNy, 4, channel, a, b, inflow); });
            }
    }
    f.dye = std::move(dye);
}

void advectAll(const RefGrid& g, RefFields& f, double dt, double ambient) {
    // Scalars and dye first: they need the pre-advection velocity.
    advectScalars(g, f, dt, ambient);
    advectDye(g, f, dt);
    advectVelocity(g, f, dt);
}

void diffuseVelocity(const RefGrid& g, RefFields& f, double a, int sweeps) {
    const Values bU = f.u, bV = f.v;
    const double denominator = 1.0 + 4.0 * a;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        Values u = f.u, v = f.v;
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i <= g.nx; ++i)
                if (f.openX[g.u(i, j)] > 0.0)
                    u[g.u(i, j)] = (bU[g.u(i, j)] + a * (g.uAt(f.u, i - 1, j) + g.uAt(f.u, i + 1, j) + g.uAt(f.u, i, j - 1) +
                                                         g.uAt(f.u, i, j + 1))) / denominator;
        for (int j = 0; j <= g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (f.openY[g.v(i, j)] > 0.0)
                    v[g.v(i, j)] = (bV[g.v(i, j)] + a * (g.vAt(f.v, i - 1, j) + g.vAt(f.v, i + 1, j) + g.vAt(f.v, i, j - 1) +
                                                         g.vAt(f.v, i, j + 1))) / denominator;
        copyPeriodicFaces(g, u, v);
        f.u = std::move(u);
        f.v = std::move(v);
    }
}

void diffuseDye(const RefGrid& g, RefFields& f, double ax, double ay, int sweeps) {
    const Values b = f.dye;
    const double denominator = 1.0 + 2.0 * ax + 2.0 * ay;
    for (int sweep = 0; sweep < sweeps; ++sweep) {
        Values next(b.size());
        for (int channel = 0; channel < 4; ++channel) {
            std::array<double, 4> inflow;
            for (int s = 0; s < 4; ++s) inflow[s] = g.sides[s].dye[channel];
            auto at = [&](int i, int j) { return g.cellAt(f.dye, g.dyeNx, g.dyeNy, 4, channel, i, j, inflow); };
            for (int j = 0; j < g.dyeNy; ++j)
                for (int i = 0; i < g.dyeNx; ++i) {
                    const size_t k = (size_t(i) + size_t(j) * g.dyeNx) * 4 + channel;
                    next[k] = (b[k] + ax * (at(i - 1, j) + at(i + 1, j)) + ay * (at(i, j - 1) + at(i, j + 1))) / denominator;
                }
        }
        f.dye = std::move(next);
    }
}

} // namespace billow::ref
