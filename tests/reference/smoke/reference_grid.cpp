#include "reference/smoke/reference_grid.hpp"

#include <algorithm>

namespace billow::ref {

int wrap(int i, int n) { return ((i % n) + n) % n; }

RefGrid RefGrid::fromSettings(const SmokeSettings& s) {
    RefGrid g;
    g.nx = int(s.nx);
    g.ny = int(s.ny);
    g.dyeNx = int(s.effectiveDyeNx());
    g.dyeNy = int(s.effectiveDyeNy());
    g.h = s.cellSize;
    for (int k = 0; k < 4; ++k) {
        const BoundarySide& b = s.boundaries[k];
        RefSide& r = g.sides[k];
        r.type = b.type;
        r.wallSpeed = b.tangentialVelocity;
        r.inflowSpeed = b.normalVelocity;
        r.density = b.density;
        r.temperature = b.temperature;
        for (int c = 0; c < 4; ++c) r.dye[c] = b.dye[c];
    }
    return g;
}

namespace {
// The tangential velocity one half-cell beyond `side`, given the stored value one half-cell inside.
double ghostTangential(const RefSide& side, double inner) {
    switch (side.type) {
    case BoundaryType::MovingWall: return 2.0 * side.wallSpeed - inner;  // no-slip at the wall speed
    case BoundaryType::Inflow: return -inner;                            // enters without tangential speed
    default: return inner;                                               // free slip, outflow: mirror
    }
}
} // namespace

double RefGrid::uAt(const Values& u, int i, int j) const {
    i = periodicX() ? wrap(i, nx) : std::clamp(i, 0, nx);
    if (j >= 0 && j < ny) return u[this->u(i, j)];
    if (periodicY()) return u[this->u(i, wrap(j, ny))];
    return j < 0 ? ghostTangential(sides[2], u[this->u(i, 0)]) : ghostTangential(sides[3], u[this->u(i, ny - 1)]);
}

double RefGrid::vAt(const Values& v, int i, int j) const {
    j = periodicY() ? wrap(j, ny) : std::clamp(j, 0, ny);
    if (i >= 0 && i < nx) return v[this->v(i, j)];
    if (periodicX()) return v[this->v(wrap(i, nx), j)];
    return i < 0 ? ghostTangential(sides[0], v[this->v(0, j)]) : ghostTangential(sides[1], v[this->v(nx - 1, j)]);
}

double RefGrid::cellAt(const Values& f, int sizeX, int sizeY, int stride, int channel, int i, int j,
                       const std::array<double, 4>& inflow) const {
    int inflowSide = -1;
    if (i < 0 || i >= sizeX) {
        const int side = i < 0 ? 0 : 1;
        if (periodicX()) i = wrap(i, sizeX);
        else {
            if (sides[side].type == BoundaryType::Inflow) inflowSide = side;
            i = std::clamp(i, 0, sizeX - 1);
        }
    }
    if (j < 0 || j >= sizeY) {
        const int side = j < 0 ? 2 : 3;
        if (periodicY()) j = wrap(j, sizeY);
        else {
            if (inflowSide < 0 && sides[side].type == BoundaryType::Inflow) inflowSide = side;
            j = std::clamp(j, 0, sizeY - 1);
        }
    }
    if (inflowSide >= 0) return inflow[inflowSide];
    return f[(size_t(i) + size_t(j) * sizeX) * stride + channel];
}

double RefGrid::sampleU(const Values& u, Point p) const {
    // u(i, j) sits at (i h, (j + 1/2) h).
    return bilinear(p.x / h, p.y / h - 0.5, [&](int i, int j) { return uAt(u, i, j); });
}

double RefGrid::sampleV(const Values& v, Point p) const {
    // v(i, j) sits at ((i + 1/2) h, j h).
    return bilinear(p.x / h - 0.5, p.y / h, [&](int i, int j) { return vAt(v, i, j); });
}

Point RefGrid::clampToDomain(Point p) const {
    if (!periodicX()) p.x = std::clamp(p.x, 0.0, nx * h);
    if (!periodicY()) p.y = std::clamp(p.y, 0.0, ny * h);
    return p;
}

Point RefGrid::traceBack(const Values& u, const Values& v, Point p, double dt) const {
    const Point mid = clampToDomain({p.x - 0.5 * dt * sampleU(u, p), p.y - 0.5 * dt * sampleV(v, p)});
    return clampToDomain({p.x - dt * sampleU(u, mid), p.y - dt * sampleV(v, mid)});
}

double RefGrid::pressureAt(const Values& p, int i, int j) const {
    const bool outsideX = i < 0 || i >= nx, outsideY = j < 0 || j >= ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return 0.0;
    return p[cell(wrap(i, nx), wrap(j, ny))];
}

} // namespace billow::ref
