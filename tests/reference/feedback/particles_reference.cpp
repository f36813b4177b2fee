#include "reference/feedback/particles_reference.hpp"

#include <algorithm>
#include <cmath>

#include "reference/water/water_reference.hpp"

namespace billow::feedback_ref {

namespace {

// The cell index along an axis of n cells holding coordinate x (m): wrapped or clamped.
int cellOf(double x, double h, int n, bool periodic) {
    const int i = int(std::floor(x / h));
    return periodic ? smoke_ref::wrap(i, n) : std::clamp(i, 0, n - 1);
}

// x onto [0, extent] (clamped) or [0, extent) (periodic); `onSide` when clamped at or beyond a side.
double intoAxis(double x, double extent, bool periodic, bool& onSide) {
    onSide = !periodic && (x <= 0.0 || x >= extent);
    return periodic ? x - extent * std::floor(x / extent) : std::clamp(x, 0.0, extent);
}

// Whether the move from a cell of solid fraction `here` to one of `there` is stopped.
bool blockedMove(double here, double there) { return here >= 0.5 ? there > here : there >= 0.5; }

// The move rule shared by the grids: the new point and velocity from the fluid velocity `sample(p)`.
template <class Sample, class Clamp>
void advance(const ParticleMotion& m, Particle& p, Vec3& x1, Vec3& v1, Sample sample, Clamp clampToDomain) {
    if (m.drag > 0.0) {
        Vec3 mid;
        for (int a = 0; a < 3; ++a) mid[a] = p.x[a] + 0.5 * m.dt * p.v[a];
        v1 = relaxedVelocity(m, p.v, sample(clampToDomain(mid)));
        for (int a = 0; a < 3; ++a) x1[a] = p.x[a] + 0.5 * m.dt * (p.v[a] + v1[a]);
    } else {
        const Vec3 u0 = sample(p.x);
        Vec3 mid;
        for (int a = 0; a < 3; ++a) mid[a] = p.x[a] + 0.5 * m.dt * u0[a];
        const Vec3 um = sample(clampToDomain(mid));
        for (int a = 0; a < 3; ++a) x1[a] = p.x[a] + m.dt * um[a];
        x1 = clampToDomain(x1);
        for (int a = 0; a < 3; ++a) v1[a] = (x1[a] - p.x[a]) / m.dt;
    }
}

} // namespace

Vec3 relaxedVelocity(const ParticleMotion& m, const Vec3& v, const Vec3& u) {
    const double decay = std::exp(-m.drag * m.dt), relaxTime = (1.0 - decay) / m.drag;
    Vec3 out;
    for (int a = 0; a < 3; ++a) out[a] = u[a] + (v[a] - u[a]) * decay + m.gravity[a] * relaxTime;
    return out;
}

ParticleCounts moveParticles2D(const smoke_ref::Grid& g, const Values& u, const Values& v, const Values& solid,
                               const ParticleMotion& m, std::vector<Particle>& particles) {
    ParticleCounts counts;
    const bool periodic[2] = {g.periodicX(), g.periodicY()};
    const int n[2] = {g.nx, g.ny};
    const auto solidAt = [&](const Vec3& p) {
        return solid[g.cell(cellOf(p[0], g.h, g.nx, periodic[0]), cellOf(p[1], g.h, g.ny, periodic[1]))];
    };
    const auto sample = [&](const Vec3& p) {
        const smoke_ref::Point q{p[0], p[1]};
        return Vec3{g.sampleU(u, q), g.sampleV(v, q), 0.0};
    };
    const auto clampToDomain = [&](const Vec3& p) {
        const smoke_ref::Point q = g.clampToDomain({p[0], p[1]});
        return Vec3{q.x, q.y, p[2]};
    };
    for (Particle& p : particles) {
        Vec3 x1, v1;
        advance(m, p, x1, v1, sample, clampToDomain);
        bool anySide = false;
        for (int a = 0; a < 2; ++a) {
            bool onSide = false;
            x1[a] = intoAxis(x1[a], n[a] * g.h, periodic[a], onSide);
            if (onSide) v1[a] = 0.0;
            anySide = anySide || onSide;
        }
        x1[2] = p.x[2];
        v1[2] = p.v[2];
        const double here = solidAt(p.x), there = solidAt(x1);
        if (here >= 0.5) ++counts.inSolid;
        if (blockedMove(here, there)) {
            ++counts.blocked;
            p.v = {0.0, 0.0, p.v[2]};
            continue;
        }
        if (anySide) ++counts.outside;
        p.x = x1;
        p.v = v1;
    }
    return counts;
}

ParticleCounts moveParticles3D(const smoke3d_ref::Grid& g, const smoke3d_ref::Velocity& vel, const Values& solid,
                               const ParticleMotion& m, std::vector<Particle>& particles) {
    ParticleCounts counts;
    const auto solidAt = [&](const Vec3& p) {
        smoke3d_ref::Index c;
        for (int a = 0; a < 3; ++a) c[a] = cellOf(p[a], g.h, g.n[a], g.periodic(a));
        return solid[g.cell(c)];
    };
    const auto sample = [&](const Vec3& p) { return g.velocityAt(vel, p); };
    const auto clampToDomain = [&](const Vec3& p) { return g.clampToDomain(p); };
    for (Particle& p : particles) {
        Vec3 x1, v1;
        advance(m, p, x1, v1, sample, clampToDomain);
        bool anySide = false;
        for (int a = 0; a < 3; ++a) {
            bool onSide = false;
            x1[a] = intoAxis(x1[a], g.n[a] * g.h, g.periodic(a), onSide);
            if (onSide) v1[a] = 0.0;
            anySide = anySide || onSide;
        }
        const double here = solidAt(p.x), there = solidAt(x1);
        if (here >= 0.5) ++counts.inSolid;
        if (blockedMove(here, there)) {
            ++counts.blocked;
            p.v = {0.0, 0.0, 0.0};
            continue;
        }
        if (anySide) ++counts.outside;
        p.x = x1;
        p.v = v1;
    }
    return counts;
}

ParticleCounts moveParticlesWater(const WaterCells& w, const ParticleMotion& m, std::vector<Particle>& particles) {
    ParticleCounts counts;
    const bool triangle = w.lattice == WaterLattice::Triangle;
    const double rowSpacing = triangle ? w.h * std::sqrt(3.0) / 2.0 : w.h;
    const double extent[2] = {(w.nx + (triangle ? 0.5 : 0.0)) * w.h, w.ny * rowSpacing};
    WaterSettings lattice;
    lattice.nx = uint32_t(w.nx);
    lattice.ny = uint32_t(w.ny);
    lattice.cellSize = float(w.h);
    lattice.lattice = WaterLattice::Triangle;
    // Bilinear between cell centres; beyond the outermost centres, the edge cells' values.
    const auto bilinear = [&](const Values& f, const Vec3& p) {
        const double cx = std::clamp(p[0] / w.h - 0.5, 0.0, double(w.nx - 1));
        const double cy = std::clamp(p[1] / w.h - 0.5, 0.0, double(w.ny - 1));
        const int i = std::min(int(std::floor(cx)), w.nx - 1), j = std::min(int(std::floor(cy)), w.ny - 1);
        const int i1 = std::min(i + 1, w.nx - 1), j1 = std::min(j + 1, w.ny - 1);
        const double tx = cx - i, ty = cy - j;
        const auto at = [&](int a, int b) { return f[size_t(a) + size_t(b) * w.nx]; };
        return (1 - ty) * ((1 - tx) * at(i, j) + tx * at(i1, j)) + ty * ((1 - tx) * at(i, j1) + tx * at(i1, j1));
    };
    const auto interpolate = [&](const Values& f, const Vec3& p) {
        return triangle ? water_ref::sampleTriangle(lattice, f, 1, 0, p[0], p[1]) : bilinear(f, p);
    };
    Values surface(w.depth.size());
    for (size_t c = 0; c < surface.size(); ++c) surface[c] = w.terrain[c] + w.depth[c];
    const auto sample = [&](const Vec3& p) { return Vec3{interpolate(w.velocityX, p), interpolate(w.velocityY, p), 0.0}; };
    // The water solver's particles do not leave the domain even in the midpoint stage.
    const auto clampToDomain = [&](const Vec3& p) { return p; };
    // The cell whose square (Triangle: brick; a row's bricks start h / 2 in on odd rows) holds p.
    const auto dry = [&](const Vec3& p) {
        const int j = std::clamp(int(std::floor(p[1] / rowSpacing)), 0, w.ny - 1);
        const double start = triangle && j % 2 == 1 ? 0.5 * w.h : 0.0;
        const int i = std::clamp(int(std::floor((p[0] - start) / w.h)), 0, w.nx - 1);
        return w.depth[size_t(i) + size_t(j) * w.nx] <= w.dryDepth;
    };
    for (Particle& p : particles) {
        for (int a = 0; a < 2; ++a) p.x[a] = std::clamp(p.x[a], 0.0, extent[a]);
        ParticleMotion flat = m;
        flat.gravity = {0.0, 0.0, 0.0};
        Vec3 x1, v1;
        Particle start = p;
        start.v[2] = 0.0;
        advance(flat, start, x1, v1, sample, clampToDomain);
        bool anySide = false;
        for (int a = 0; a < 2; ++a) {
            bool onSide = false;
            x1[a] = intoAxis(x1[a], extent[a], false, onSide);
            if (onSide) v1[a] = 0.0;
            anySide = anySide || onSide;
        }
        v1[2] = 0.0;
        if (dry(p.x) || dry(x1)) {
            ++counts.stranded;
            x1 = p.x;
            v1 = {0.0, 0.0, 0.0};
        } else if (anySide) {
            ++counts.outside;
        }
        x1[2] = interpolate(surface, x1);
        p.x = x1;
        p.v = v1;
    }
    return counts;
}

} // namespace billow::feedback_ref
