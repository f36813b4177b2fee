// Reference of the force and damping kernels: splat, buoyancy, curl, vorticity_force,
// damp_velocity, damp_scalars.
#include <algorithm>
#include <cmath>

#include "reference/smoke/reference_kernels.hpp"

namespace billow::ref {

namespace {
// Falloff of a splat at distance d: linear max(0, 1 - d/r), or Gaussian exp(-d^2/r^2) that adds
// nothing beyond 4 radii (BILLOW_GAUSSIAN_REACH, where the weight is e^-16).
double splatWeight(const Splat& s, Point p) {
    const double r = s.radius, d = std::hypot(p.x - double(s.x), p.y - double(s.y));
    if (s.falloff == Falloff::Linear) return std::max(0.0, 1.0 - d / r);
    return d > 4.0 * r ? 0.0 : std::exp(-(d * d) / (r * r));
}

// The column (row) a face index stands for: on a periodic axis the last one is face 0.
int canonical(bool periodic, int i, int n) { return periodic && i == n ? 0 : i; }
} // namespace

void splat(const RefGrid& g, RefFields& f, const std::vector<Splat>& splats) {
    for (const Splat& s : splats) {
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i <= g.nx; ++i)
                if (f.openX[g.u(i, j)] > 0.0)
                    f.u[g.u(i, j)] += splatWeight(s, {canonical(g.periodicX(), i, g.nx) * g.h, (j + 0.5) * g.h}) * s.velocity[0];
        for (int j = 0; j <= g.ny; ++j)
            for (int i = 0; i < g.nx; ++i)
                if (f.openY[g.v(i, j)] > 0.0)
                    f.v[g.v(i, j)] += splatWeight(s, {(i + 0.5) * g.h, canonical(g.periodicY(), j, g.ny) * g.h}) * s.velocity[1];
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                const double w = splatWeight(s, {(i + 0.5) * g.h, (j + 0.5) * g.h});
                f.density[g.cell(i, j)] += w * s.density;
                f.temperature[g.cell(i, j)] += w * s.temperature;
            }
        for (int j = 0; j < g.dyeNy; ++j)
            for (int i = 0; i < g.dyeNx; ++i) {
                const double w = splatWeight(s, {(i + 0.5) * g.dyeHx(), (j + 0.5) * g.dyeHy()});
                for (int c = 0; c < 4; ++c) f.dye[(size_t(i) + size_t(j) * g.dyeNx) * 4 + c] += w * s.dye[c];
            }
    }
}

void buoyancy(const RefGrid& g, RefFields& f, const BuoyancyParams& p) {
    std::array<double, 4> inflowDensity, inflowTemperature;
    for (int s = 0; s < 4; ++s) {
        inflowDensity[s] = g.sides[s].density;
        inflowTemperature[s] = g.sides[s].temperature;
    }
    // Acceleration per unit gravity of cell (i, j); beyond the sides as the scalars' boundary rules say.
    auto lift = [&](int i, int j) {
        const double rho = g.cellAt(f.density, g.nx, g.ny, 1, 0, i, j, inflowDensity);
        const double temperature = g.cellAt(f.temperature, g.nx, g.ny, 1, 0, i, j, inflowTemperature);
        return p.densityWeight * rho - p.thermalExpansion * (temperature - p.ambient);
    };
    const Values u = f.u, v = f.v;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx + (g.periodicX() ? 0 : 1); ++i)
            if (f.openX[g.u(i, j)] > 0.0) f.u[g.u(i, j)] = u[g.u(i, j)] + p.dt * p.gravityX * 0.5 * (lift(i - 1, j) + lift(i, j));
    for (int j = 0; j < g.ny + (g.periodicY() ? 0 : 1); ++j)
        for (int i = 0; i < g.nx; ++i)
            if (f.openY[g.v(i, j)] > 0.0) f.v[g.v(i, j)] = v[g.v(i, j)] + p.dt * p.gravityY * 0.5 * (lift(i, j - 1) + lift(i, j));
    copyPeriodicFaces(g, f.u, f.v);
}

void curl(const RefGrid& g, RefFields& f) {
    f.curl.assign(g.nodeCount(), 0.0);
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            // Node (a, b) at (a h, b h): v faces left and right of it, u faces below and above.
            const int a = canonical(g.periodicX(), i, g.nx), b = canonical(g.periodicY(), j, g.ny);
            const double dvdx = (g.vAt(f.v, a, b) - g.vAt(f.v, a - 1, b)) / g.h;
            const double dudy = (g.uAt(f.u, a, b) - g.uAt(f.u, a, b - 1)) / g.h;
            f.curl[g.node(i, j)] = dvdx - dudy;
        }
}

void vorticityForce(const RefGrid& g, RefFields& f, double dt, double epsilon, Values* conditioning) {
    auto omega = [&](int i, int j) {
        i = g.periodicX() ? wrap(i, g.nx) : std::clamp(i, 0, g.nx);
        j = g.periodicY() ? wrap(j, g.ny) : std::clamp(j, 0, g.ny);
        return f.curl[g.node(i, j)];
    };
    auto magnitude = [&](int i, int j) { return std::abs(omega(i, j)); };
    const double strength = dt * epsilon * g.h;
    if (conditioning) conditioning->assign(g.uCount() + g.vCount(), 0.0);
    // N = grad|omega| / |grad|omega||, and the conditioning max|omega| / |grad|omega|| of that
    // normalisation (both gradients in units of 1/h; they are only normalised).
    auto direction = [&](double gx, double gy, double largest, size_t slot, double& nx, double& ny) {
        const double length = std::hypot(gx, gy);
        nx = length > 0.0 ? gx / length : 0.0;
        ny = length > 0.0 ? gy / length : 0.0;
        if (conditioning && length > 0.0) (*conditioning)[slot] = largest / length;
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            if (!(f.openX[g.u(i, j)] > 0.0)) continue;
            // The face spans nodes (a, j) .. (a, j + 1); |omega| varies along it (y) and across (x).
            const int a = canonical(g.periodicX(), i, g.nx);
            const double gy = magnitude(a, j + 1) - magnitude(a, j);
            const double gx = 0.25 * (magnitude(a + 1, j) - magnitude(a - 1, j) + magnitude(a + 1, j + 1) - magnitude(a - 1, j + 1));
            const double largest = std::max({magnitude(a, j), magnitude(a, j + 1), magnitude(a + 1, j), magnitude(a - 1, j),
                                             magnitude(a + 1, j + 1), magnitude(a - 1, j + 1)});
            double nx, ny;
            direction(gx, gy, largest, g.u(i, j), nx, ny);
            f.u[g.u(i, j)] += strength * ny * 0.5 * (omega(a, j) + omega(a, j + 1));  // (N x omega)_x = N_y omega
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            if (!(f.openY[g.v(i, j)] > 0.0)) continue;
            // The face spans nodes (i, b) .. (i + 1, b).
            const int b = canonical(g.periodicY(), j, g.ny);
            const double gx = magnitude(i + 1, b) - magnitude(i, b);
            const double gy = 0.25 * (magnitude(i, b + 1) - magnitude(i, b - 1) + magnitude(i + 1, b + 1) - magnitude(i + 1, b - 1));
            const double largest = std::max({magnitude(i, b), magnitude(i + 1, b), magnitude(i, b + 1), magnitude(i, b - 1),
                                             magnitude(i + 1, b + 1), magnitude(i + 1, b - 1)});
            double nx, ny;
            direction(gx, gy, largest, g.uCount() + g.v(i, j), nx, ny);
            f.v[g.v(i, j)] -= strength * nx * 0.5 * (omega(i, b) + omega(i + 1, b));  // (N x omega)_y = -N_x omega
        }
}

void dampVelocity(const RefGrid& g, RefFields& f, double factor, double maxSpeed) {
    // The damped component, then scaled to maxSpeed if the damped speed (with the other component
    // averaged from the four nearest faces) exceeds it.
    auto limited = [&](double own, double other) {
        const double value = own * factor, speed = factor * std::hypot(own, other);
        return maxSpeed > 0.0 && speed > maxSpeed ? value * maxSpeed / speed : value;
    };
    Values u = f.u, v = f.v;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (f.openX[g.u(i, j)] > 0.0) {
                const double vAverage = 0.25 * (g.vAt(f.v, i - 1, j) + g.vAt(f.v, i, j) + g.vAt(f.v, i - 1, j + 1) + g.vAt(f.v, i, j + 1));
                u[g.u(i, j)] = limited(f.u[g.u(i, j)], vAverage);
            }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (f.openY[g.v(i, j)] > 0.0) {
                const double uAverage = 0.25 * (g.uAt(f.u, i, j - 1) + g.uAt(f.u, i + 1, j - 1) + g.uAt(f.u, i, j) + g.uAt(f.u, i + 1, j));
                v[g.v(i, j)] = limited(f.v[g.v(i, j)], uAverage);
            }
    copyPeriodicFaces(g, u, v);
    f.u = std::move(u);
    f.v = std::move(v);
}

void dampScalars(RefFields& f, double densityFactor, double temperatureFactor, double ambient) {
    for (double& d : f.density) d *= densityFactor;
    for (double& t : f.temperature) t = ambient + (t - ambient) * temperatureFactor;
}

void dampDye(RefFields& f, double factor) {
    for (double& c : f.dye) c *= factor;
}

} // namespace billow::ref
