#include "reference/smoke/forces.hpp"

#include <algorithm>
#include <cmath>

namespace billow::smoke_ref {

namespace {
double splatWeight(const Splat& s, Point p) {
    const double r = s.radius, d = std::hypot(p.x - double(s.x), p.y - double(s.y));
    if (s.falloff == Falloff::Linear) return std::max(0.0, 1.0 - d / r);
    return d > 4.0 * r ? 0.0 : std::exp(-(d * d) / (r * r));
}
} // namespace

void splat(const Grid& g, State& s, const std::vector<Splat>& splats) {
    for (const Splat& sp : splats) {
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i <= g.nx; ++i)
                if (s.openX[g.u(i, j)] > 0.0)
                    s.u[g.u(i, j)] += splatWeight(sp, {g.canonicalColumn(i) * g.h, (j + 0.5) * g.h}) * sp.velocity[0];
        for (int j = 0; j <= g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (s.openY[g.v(i, j)] > 0.0)
                    s.v[g.v(i, j)] += splatWeight(sp, {(i + 0.5) * g.h, g.canonicalRow(j) * g.h}) * sp.velocity[1];
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const double w = splatWeight(sp, {(i + 0.5) * g.h, (j + 0.5) * g.h});
                s.density[g.cell(i, j)] += w * sp.density;
                s.temperature[g.cell(i, j)] += w * sp.temperature;
            }
        for (int j = 0; j < g.dyeNy; ++j)
            for (int i = 0; i < g.dyeNx; ++i) {
                const double w = splatWeight(sp, {(i + 0.5) * g.dyeHx(), (j + 0.5) * g.dyeHy()});
                for (int c = 0; c < 4; ++c) s.dye[g.dye(i, j, c)] += w * sp.dye[c];
            }
    }
}

namespace {
double emitterWeight(const Emitter2D& e, double x, double y) {
    const double dx = x - e.centre[0], dy = y - e.centre[1];
    double d2 = dx * dx + dy * dy, size = e.radius;
    if (e.shape == EmitterShape::Box) {
        const double ox = std::max(0.0, std::abs(dx) - double(e.halfExtents[0]));
        const double oy = std::max(0.0, std::abs(dy) - double(e.halfExtents[1]));
        d2 = ox * ox + oy * oy;
        size = std::min(e.halfExtents[0], e.halfExtents[1]);
    }
    if (e.falloff == Falloff::Linear) return std::max(0.0, 1.0 - std::sqrt(d2) / size);
    return d2 > 16.0 * size * size ? 0.0 : std::exp(-d2 / (size * size));
}
} // namespace

void emit(const Grid& g, State& s, const std::vector<Emitter2D>& emitters, double dt) {
    for (const Emitter2D& e : emitters) {
        const double pull = 1.0 - std::exp(-double(e.velocityCoupling) * dt);
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i <= g.nx; ++i)
                if (s.openX[g.u(i, j)] > 0.0) {
                    double& u = s.u[g.u(i, j)];
                    u += emitterWeight(e, g.canonicalColumn(i) * g.h, (j + 0.5) * g.h) * pull * (e.velocity[0] - u);
                }
        for (int j = 0; j <= g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (s.openY[g.v(i, j)] > 0.0) {
                    double& v = s.v[g.v(i, j)];
                    v += emitterWeight(e, (i + 0.5) * g.h, g.canonicalRow(j) * g.h) * pull * (e.velocity[1] - v);
                }
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const double w = emitterWeight(e, (i + 0.5) * g.h, (j + 0.5) * g.h) * dt;
                s.density[g.cell(i, j)] += w * e.density;
                s.temperature[g.cell(i, j)] += w * e.temperature;
            }
        for (int j = 0; j < g.dyeNy; ++j)
            for (int i = 0; i < g.dyeNx; ++i) {
                const double w = emitterWeight(e, (i + 0.5) * g.dyeHx(), (j + 0.5) * g.dyeHy()) * dt;
                for (int c = 0; c < 4; ++c) s.dye[g.dye(i, j, c)] += w * e.dye[c];
            }
    }
}

void buoyancy(const Grid& g, State& s, const SmokeSettings& settings, double dt) {
    const double densityWeight = settings.densityWeight, thermalExpansion = settings.thermalExpansion;
    const double ambient = settings.ambientTemperature;
    auto lift = [&](int i, int j) {
        return densityWeight * g.densityAt(s.density, i, j) - thermalExpansion * (g.temperatureAt(s.temperature, i, j) - ambient);
    };
    const double gx = settings.gravity[0], gy = settings.gravity[1];
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx + (g.periodicX() ? 0 : 1); ++i)
            if (s.openX[g.u(i, j)] > 0.0) s.u[g.u(i, j)] += dt * gx * 0.5 * (lift(i - 1, j) + lift(i, j));
    for (int j = 0; j < g.ny + (g.periodicY() ? 0 : 1); ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0.0) s.v[g.v(i, j)] += dt * gy * 0.5 * (lift(i, j - 1) + lift(i, j));
    copyPeriodicFaces(g, s.u, s.v);
}

void curl(const Grid& g, State& s) {
    s.curl.assign(g.nodeCount(), 0.0);
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            // Node (a, b) at (a h, b h): v faces left and right of it, u faces below and above.
            const int a = g.canonicalColumn(i), b = g.canonicalRow(j);
            const double dvdx = (g.vAt(s.v, a, b) - g.vAt(s.v, a - 1, b)) / g.h;
            const double dudy = (g.uAt(s.u, a, b) - g.uAt(s.u, a, b - 1)) / g.h;
            s.curl[g.node(i, j)] = dvdx - dudy;
        }
}

void vorticityForce(const Grid& g, State& s, double dt, double epsilon, Values* conditioning) {
    // omega at any node index: wrapped on periodic axes, the nearest node on the others.
    auto omega = [&](int i, int j) {
        i = g.periodicX() ? wrap(i, g.nx) : std::clamp(i, 0, g.nx);
        j = g.periodicY() ? wrap(j, g.ny) : std::clamp(j, 0, g.ny);
        return s.curl[g.node(i, j)];
    };
    auto magnitude = [&](int i, int j) { return std::abs(omega(i, j)); };
    const double strength = dt * epsilon * g.h;
    if (conditioning) conditioning->assign(g.uCount() + g.vCount(), 0.0);
    // N from grad|omega| (both gradients in units of 1/h: they are only normalised), and the
    // conditioning of that normalisation.
    auto direction = [&](double gx, double gy, double largest, size_t slot, double& nx, double& ny) {
        const double length = std::hypot(gx, gy);
        nx = length > 0.0 ? gx / length : 0.0;
        ny = length > 0.0 ? gy / length : 0.0;
        if (conditioning && length > 0.0) (*conditioning)[slot] = largest / length;
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            if (!(s.openX[g.u(i, j)] > 0.0)) continue;
            // The face spans nodes (a, j) .. (a, j + 1): |omega| varies along it (y) and across (x).
            const int a = g.canonicalColumn(i);
            const double gy = magnitude(a, j + 1) - magnitude(a, j);
            const double gx = 0.25 * (magnitude(a + 1, j) - magnitude(a - 1, j) + magnitude(a + 1, j + 1) - magnitude(a - 1, j + 1));
            const double largest = std::max({magnitude(a, j), magnitude(a, j + 1), magnitude(a + 1, j), magnitude(a - 1, j),
                                             magnitude(a + 1, j + 1), magnitude(a - 1, j + 1)});
            double nx, ny;
            direction(gx, gy, largest, g.u(i, j), nx, ny);
            s.u[g.u(i, j)] += strength * ny * 0.5 * (omega(a, j) + omega(a, j + 1));  // (N x omega)_x = N_y omega
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            if (!(s.openY[g.v(i, j)] > 0.0)) continue;
            // The face spans nodes (i, b) .. (i + 1, b).
            const int b = g.canonicalRow(j);
            const double gx = magnitude(i + 1, b) - magnitude(i, b);
            const double gy = 0.25 * (magnitude(i, b + 1) - magnitude(i, b - 1) + magnitude(i + 1, b + 1) - magnitude(i + 1, b - 1));
            const double largest = std::max({magnitude(i, b), magnitude(i + 1, b), magnitude(i, b + 1), magnitude(i, b - 1),
                                             magnitude(i + 1, b + 1), magnitude(i + 1, b - 1)});
            double nx, ny;
            direction(gx, gy, largest, g.uCount() + g.v(i, j), nx, ny);
            s.v[g.v(i, j)] -= strength * nx * 0.5 * (omega(i, b) + omega(i + 1, b));  // (N x omega)_y = -N_x omega
        }
}

void dampVelocity(const Grid& g, State& s, const SmokeSettings& settings, double dt) {
    const double factor = std::exp(-double(settings.velocityDamping) * dt), maxSpeed = settings.maxSpeed;
    auto limited = [&](double own, double other) {
        const double value = own * factor, speed = factor * std::hypot(own, other);
        return maxSpeed > 0.0 && speed > maxSpeed ? value * maxSpeed / speed : value;
    };
    Values u = s.u, v = s.v;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (s.openX[g.u(i, j)] > 0.0) {
                const double vMean = 0.25 * (g.vAt(s.v, i - 1, j) + g.vAt(s.v, i, j) + g.vAt(s.v, i - 1, j + 1) + g.vAt(s.v, i, j + 1));
                u[g.u(i, j)] = limited(s.u[g.u(i, j)], vMean);
            }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0.0) {
                const double uMean = 0.25 * (g.uAt(s.u, i, j - 1) + g.uAt(s.u, i + 1, j - 1) + g.uAt(s.u, i, j) + g.uAt(s.u, i + 1, j));
                v[g.v(i, j)] = limited(s.v[g.v(i, j)], uMean);
            }
    copyPeriodicFaces(g, u, v);
    s.u = std::move(u);
    s.v = std::move(v);
}

void dampScalars(State& s, const SmokeSettings& settings, double dt) {
    const double densityFactor = std::exp(-double(settings.densityDamping) * dt);
    const double temperatureFactor = std::exp(-double(settings.temperatureRelaxation) * dt);
    const double ambient = settings.ambientTemperature;
    for (double& d : s.density) d *= densityFactor;
    for (double& t : s.temperature) t = ambient + (t - ambient) * temperatureFactor;
}

void dampDye(State& s, const SmokeSettings& settings, double dt) {
    const double factor = std::exp(-double(settings.dyeDamping) * dt);
    for (double& c : s.dye) c *= factor;
}

} // namespace billow::smoke_ref
