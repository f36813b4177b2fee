#include "reference/smoke3d/forces.hpp"

#include <algorithm>
#include <cmath>

namespace billow::smoke3d_ref {

double emitterWeight(const Emitter3D& e, Point p) {
    double d2 = 0.0, size;
    if (e.shape == EmitterShape::Sphere) {
        for (int a = 0; a < 3; ++a) d2 += (p[a] - e.centre[a]) * (p[a] - e.centre[a]);
        size = e.radius;
    } else {
        for (int a = 0; a < 3; ++a) {
            const double outside = std::max(0.0, std::abs(p[a] - e.centre[a]) - double(e.halfExtents[a]));
            d2 += outside * outside;
        }
        size = std::min({double(e.halfExtents[0]), double(e.halfExtents[1]), double(e.halfExtents[2])});
    }
    if (e.falloff == Falloff::Linear) return std::max(0.0, 1.0 - std::sqrt(d2) / size);
    return d2 > kGaussianReach * kGaussianReach * size * size ? 0.0 : std::exp(-d2 / (size * size));
}

void emit(const Grid& g, State& s, std::span<const Emitter3D> emitters, double dt) {
    const bool colour = !s.colour.empty();
    for (const Emitter3D& e : emitters) {
        const double pull = 1.0 - std::exp(-double(e.velocityCoupling) * dt);
        for (int a = 0; a < 3; ++a)
            forEach(g.faceDims(a), [&](Index f) {
                const size_t k = g.face(a, f);
                if (!(s.open[a][k] > 0.0)) return;
                const double w = emitterWeight(e, g.faceCentre(a, g.canonicalFace(a, f)));
                s.vel[a][k] += w * pull * (e.velocity[a] - s.vel[a][k]);
            });
        forEach(g.n, [&](Index c) {
            const size_t k = g.cell(c);
            const double w = emitterWeight(e, g.cellCentre(c)) * dt;
            s.density[k] += w * e.density;
            s.temperature[k] += w * e.temperature;
            s.fuel[k] += w * e.fuel;
            if (colour)
                for (int ch = 0; ch < 4; ++ch) s.colour[4 * k + ch] += w * e.colour[ch];
        });
    }
}

void combustion(const Grid& g, State& s, const CombustionSettings& c, double dt, Values* burnt) {
    if (burnt) burnt->assign(g.cellCount(), 0.0);
    const double fraction = 1.0 - std::exp(-double(c.burnRate) * dt);
    for (size_t k = 0; k < g.cellCount(); ++k) {
        if (!(s.temperature[k] >= c.ignitionTemperature) || s.solid[k] >= 1.0) continue;
        const double b = s.fuel[k] * fraction;
        s.fuel[k] -= b;
        s.density[k] += c.smokeYield * b;
        s.temperature[k] += c.heatRelease * b;
        if (burnt) (*burnt)[k] = b;
    }
}

void buoyancy(const Grid& g, State& s, const SmokeSettings3D& settings, double dt) {
    const double densityWeight = settings.densityWeight, thermalExpansion = settings.thermalExpansion;
    const double ambient = settings.ambientTemperature;
    auto lift = [&](Index c) {
        return densityWeight * g.cellAt(s.density, CellField::Density, 0, c) -
               thermalExpansion * (g.cellAt(s.temperature, CellField::Temperature, 0, c) - ambient);
    };
    for (int a = 0; a < 3; ++a) {
        const double gravity = settings.gravity[a];
        forEach(g.faceDims(a), [&](Index f) {
            const size_t k = g.face(a, f);
            if (!(s.open[a][k] > 0.0) || (g.periodic(a) && f[a] == g.n[a])) return;
            Index below = f;
            --below[a];
            s.vel[a][k] += dt * gravity * 0.5 * (lift(below) + lift(f));
        });
    }
    copyPeriodicFaces(g, s.vel);
}

Index edgeDims(const Grid& g, int axis) {
    Index d{g.n[0] + 1, g.n[1] + 1, g.n[2] + 1};
    d[axis] = g.n[axis];
    return d;
}

size_t edgeIndex(const Grid& g, int axis, Index e) {
    const Index d = edgeDims(g, axis);
    return size_t(e[0]) + size_t(d[0]) * (size_t(e[1]) + size_t(d[1]) * e[2]);
}

EdgeCurl edgeCurl(const Grid& g, const Velocity& vel) {
    EdgeCurl curl;
    for (int a = 0; a < 3; ++a) {
        // omega_a = d vel_c / d x_b - d vel_b / d x_c, (a, b, c) cyclic.
        const int b = (a + 1) % 3, c = (a + 2) % 3;
        curl.component[a].assign(size_t(edgeDims(g, a)[0]) * edgeDims(g, a)[1] * edgeDims(g, a)[2], 0.0);
        forEach(edgeDims(g, a), [&](Index e) {
            // The edge at (e_a + 1/2) h along a, e_b h along b, e_c h along c: the faces normal to c
            // with index e_c sit on it, at cells e_b - 1 and e_b along b (and likewise for b).
            Index at = e;
            for (int x : {b, c})
                if (g.periodic(x) && at[x] == g.n[x]) at[x] = 0;
            Index lowB = at, lowC = at;
            --lowB[b];
            --lowC[c];
            const double dvcdb = (g.faceAt(vel[c], c, at) - g.faceAt(vel[c], c, lowB)) / g.h;
            const double dvbdc = (g.faceAt(vel[b], b, at) - g.faceAt(vel[b], b, lowC)) / g.h;
            curl.component[a][edgeIndex(g, a, e)] = dvcdb - dvbdc;
        });
    }
    return curl;
}

std::array<Values, 3> cellCurl(const Grid& g, const EdgeCurl& curl) {
    std::array<Values, 3> omega;
    for (int a = 0; a < 3; ++a) {
        const int b = (a + 1) % 3, c = (a + 2) % 3;
        omega[a].assign(g.cellCount(), 0.0);
        forEach(g.n, [&](Index cell) {
            double sum = 0.0;
            for (int db = 0; db < 2; ++db)
                for (int dc = 0; dc < 2; ++dc) {
                    Index e = cell;
                    e[b] += db;
                    e[c] += dc;
                    sum += curl.component[a][edgeIndex(g, a, e)];
                }
            omega[a][g.cell(cell)] = 0.25 * sum;
        });
    }
    return omega;
}

Values vorticityMagnitude(const Grid& g, const std::array<Values, 3>& omega) {
    Values m(g.cellCount());
    for (size_t k = 0; k < m.size(); ++k) m[k] = std::sqrt(omega[0][k] * omega[0][k] + omega[1][k] * omega[1][k] + omega[2][k] * omega[2][k]);
    return m;
}

void vorticityForce(const Grid& g, State& s, double dt, double epsilon, const Values* given,
                    std::array<Values, 3>* conditioning) {
    const std::array<Values, 3> omega = cellCurl(g, edgeCurl(g, s.vel));
    s.vorticity = vorticityMagnitude(g, omega);
    const Values& magnitude = given ? *given : s.vorticity;
    // |omega| at any cell index: wrapped on periodic axes, the nearest cell on the others.
    auto magnitudeAt = [&](Index c) {
        for (int a = 0; a < 3; ++a) c[a] = g.periodic(a) ? wrap(c[a], g.n[a]) : std::clamp(c[a], 0, g.n[a] - 1);
        return magnitude[g.cell(c)];
    };
    // The force per cell, f = eps h (N x omega), and the conditioning of N there.
    std::array<Values, 3> force{Values(g.cellCount()), Values(g.cellCount()), Values(g.cellCount())};
    Values cellConditioning(g.cellCount(), 0.0);
    forEach(g.n, [&](Index c) {
        Point gradient;
        double largest = 0.0;
        for (int a = 0; a < 3; ++a) {
            Index lo = c, hi = c;
            --lo[a];
            ++hi[a];
            gradient[a] = 0.5 * (magnitudeAt(hi) - magnitudeAt(lo));
            largest = std::max({largest, magnitudeAt(hi), magnitudeAt(lo)});
        }
        const double length = std::sqrt(gradient[0] * gradient[0] + gradient[1] * gradient[1] + gradient[2] * gradient[2]);
        if (!(length > 0.0)) return;
        Point N{gradient[0] / length, gradient[1] / length, gradient[2] / length};
        const size_t k = g.cell(c);
        const Point w{omega[0][k], omega[1][k], omega[2][k]};
        const Point cross{N[1] * w[2] - N[2] * w[1], N[2] * w[0] - N[0] * w[2], N[0] * w[1] - N[1] * w[0]};
        for (int a = 0; a < 3; ++a) force[a][k] = epsilon * g.h * cross[a];
        cellConditioning[k] = largest / length;
    });
    if (conditioning)
        for (int a = 0; a < 3; ++a) (*conditioning)[a].assign(g.faceCount(a), 0.0);
    for (int a = 0; a < 3; ++a)
        forEach(g.faceDims(a), [&](Index f) {
            const size_t k = g.face(a, f);
            if (!(s.open[a][k] > 0.0)) return;
            // The face's two cells (beyond a non-periodic side the inner one again).
            double sum = 0.0, cond = 0.0;
            for (int side = 0; side < 2; ++side) {
                Index c = g.canonicalFace(a, f);
                c[a] -= 1 - side;
                c[a] = g.periodic(a) ? wrap(c[a], g.n[a]) : std::clamp(c[a], 0, g.n[a] - 1);
                sum += force[a][g.cell(c)];
                cond = std::max(cond, cellConditioning[g.cell(c)]);
            }
            s.vel[a][k] += dt * 0.5 * sum;
            if (conditioning) (*conditioning)[a][k] = cond;
        });
    copyPeriodicFaces(g, s.vel);
}

void dampVelocity(const Grid& g, State& s, const SmokeSettings3D& settings, double dt) {
    const double factor = std::exp(-double(settings.velocityDamping) * dt), maxSpeed = settings.maxSpeed;
    for (int a = 0; a < 3; ++a)
        for (size_t k = 0; k < g.faceCount(a); ++k) {
            if (!(s.open[a][k] > 0.0)) continue;
            double u = s.vel[a][k] * factor;
            if (maxSpeed > 0.0) u = std::clamp(u, -maxSpeed, maxSpeed);
            s.vel[a][k] = u;
        }
}

void dampScalars(State& s, const SmokeSettings3D& settings, double dt) {
    const double densityFactor = std::exp(-double(settings.densityDamping) * dt);
    const double fuelFactor = std::exp(-double(settings.fuelDamping) * dt);
    const double colourFactor = std::exp(-double(settings.colourDamping) * dt);
    const double temperatureFactor = std::exp(-double(settings.temperatureRelaxation) * dt);
    const double ambient = settings.ambientTemperature;
    for (double& d : s.density) d *= densityFactor;
    for (double& f : s.fuel) f *= fuelFactor;
    for (double& c : s.colour) c *= colourFactor;
    for (double& t : s.temperature) t = ambient + (t - ambient) * temperatureFactor;
}

} // namespace billow::smoke3d_ref
