#include "reference/smoke/grid.hpp"

#include <algorithm>

namespace billow::smoke_ref {

int wrap(int i, int n) { return ((i % n) + n) % n; }

Grid::Grid(const SmokeSettings& s)
    : nx(int(s.nx)), ny(int(s.ny)), dyeNx(int(s.effectiveDyeNx())), dyeNy(int(s.effectiveDyeNy())), h(s.cellSize),
      interpolation(s.advectionInterpolation), backTrace(s.backTrace) {
    for (int k = 0; k < 4; ++k) {
        const BoundarySide& b = s.boundaries[k];
        Boundary& side = sides[k];
        side.type = b.type;
        side.wallSpeed = b.tangentialVelocity;
        side.inflowSpeed = b.normalVelocity;
        side.density = b.density;
        side.temperature = b.temperature;
        for (int c = 0; c < 4; ++c) side.dye[c] = b.dye[c];
    }
}

void copyPeriodicFaces(const Grid& g, Values& u, Values& v) {
    if (g.periodicX())
        for (int j = 0; j < g.ny; ++j) u[g.u(g.nx, j)] = u[g.u(0, j)];
    if (g.periodicY())
        for (int i = 0; i < g.nx; ++i) v[g.v(i, g.ny)] = v[g.v(i, 0)];
}

namespace {
// The tangential velocity t_g half a cell beyond `side`, given t_in half a cell inside.
double tangentialGhost(const Boundary& side, double inner) {
    switch (side.type) {
    case BoundaryType::MovingWall: return 2.0 * side.wallSpeed - inner;
    case BoundaryType::Inflow: return -inner;
    default: return inner;  // free-slip wall, outflow
    }
}
} // namespace

double Grid::uAt(const Values& u, int i, int j) const {
    i = periodicX() ? wrap(i, nx) : std::clamp(i, 0, nx);  // along the normal: the side's face
    if (j >= 0 && j < ny) return u[this->u(i, j)];
    if (periodicY()) return u[this->u(i, wrap(j, ny))];
    return j < 0 ? tangentialGhost(sides[kBottom], u[this->u(i, 0)]) : tangentialGhost(sides[kTop], u[this->u(i, ny - 1)]);
}

double Grid::vAt(const Values& v, int i, int j) const {
    j = periodicY() ? wrap(j, ny) : std::clamp(j, 0, ny);
    if (i >= 0 && i < nx) return v[this->v(i, j)];
    if (periodicX()) return v[this->v(wrap(i, nx), j)];
    return i < 0 ? tangentialGhost(sides[kLeft], v[this->v(0, j)]) : tangentialGhost(sides[kRight], v[this->v(nx - 1, j)]);
}

double Grid::cellFieldAt(const Values& f, int sizeX, int sizeY, int stride, int channel, int i, int j,
                         const std::array<double, 4>& inflow) const {
    int inflowSide = -1;
    if (i < 0 || i >= sizeX) {
        const int side = i < 0 ? kLeft : kRight;
        if (periodicX()) i = wrap(i, sizeX);
        else {
            if (sides[side].type == BoundaryType::Inflow) inflowSide = side;
            i = std::clamp(i, 0, sizeX - 1);
        }
    }
    if (j < 0 || j >= sizeY) {
        const int side = j < 0 ? kBottom : kTop;
        if (periodicY()) j = wrap(j, sizeY);
        else {
            if (inflowSide < 0 && sides[side].type == BoundaryType::Inflow) inflowSide = side;
            j = std::clamp(j, 0, sizeY - 1);
        }
    }
    if (inflowSide >= 0) return inflow[inflowSide];
    return f[(size_t(i) + size_t(j) * sizeX) * stride + channel];
}

double Grid::densityAt(const Values& density, int i, int j) const {
    const std::array<double, 4> inflow{sides[0].density, sides[1].density, sides[2].density, sides[3].density};
    return cellFieldAt(density, nx, ny, 1, 0, i, j, inflow);
}

double Grid::temperatureAt(const Values& temperature, int i, int j) const {
    const std::array<double, 4> inflow{sides[0].temperature, sides[1].temperature, sides[2].temperature, sides[3].temperature};
    return cellFieldAt(temperature, nx, ny, 1, 0, i, j, inflow);
}

double Grid::dyeAt(const Values& dye, int channel, int i, int j) const {
    const std::array<double, 4> inflow{sides[0].dye[channel], sides[1].dye[channel], sides[2].dye[channel],
                                       sides[3].dye[channel]};
    return cellFieldAt(dye, dyeNx, dyeNy, 4, channel, i, j, inflow);
}

double Grid::pressureAt(const Values& p, int i, int j) const {
    const bool outsideX = i < 0 || i >= nx, outsideY = j < 0 || j >= ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return 0.0;
    return p[cell(wrap(i, nx), wrap(j, ny))];
}

double Grid::carryU(const Values& u, Point p) const {
    return interpolate(interpolation, p.x / h, p.y / h - 0.5, [&](int i, int j) { return uAt(u, i, j); });
}

double Grid::carryV(const Values& v, Point p) const {
    return interpolate(interpolation, p.x / h - 0.5, p.y / h, [&](int i, int j) { return vAt(v, i, j); });
}

double Grid::sampleU(const Values& u, Point p) const {
    return bilinear(p.x / h, p.y / h - 0.5, [&](int i, int j) { return uAt(u, i, j); });
}

double Grid::sampleV(const Values& v, Point p) const {
    return bilinear(p.x / h - 0.5, p.y / h, [&](int i, int j) { return vAt(v, i, j); });
}

Point Grid::clampToDomain(Point p) const {
    if (!periodicX()) p.x = std::clamp(p.x, 0.0, nx * h);
    if (!periodicY()) p.y = std::clamp(p.y, 0.0, ny * h);
    return p;
}

Point Grid::traceBack(const Values& u, const Values& v, Point p, double dt) const {
    if (backTrace == BackTrace::Euler) return clampToDomain({p.x - dt * sampleU(u, p), p.y - dt * sampleV(v, p)});
    const Point mid = clampToDomain({p.x - 0.5 * dt * sampleU(u, p), p.y - 0.5 * dt * sampleV(v, p)});
    return clampToDomain({p.x - dt * sampleU(u, mid), p.y - dt * sampleV(v, mid)});
}

} // namespace billow::smoke_ref
