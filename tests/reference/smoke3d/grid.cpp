#include "reference/smoke3d/grid.hpp"

#include <algorithm>

namespace billow::smoke3d_ref {

int wrap(int i, int n) { return ((i % n) + n) % n; }

int channels(CellField field) { return field == CellField::Colour ? 4 : 1; }

Grid::Grid(const SmokeSettings3D& s)
    : n{int(s.nx), int(s.ny), int(s.nz)}, h(s.cellSize), interpolation(s.advectionInterpolation), backTrace(s.backTrace) {
    for (int k = 0; k < 6; ++k) {
        const BoundarySide3D& b = s.boundaries[k];
        Boundary& side = sides[k];
        side.type = b.type;
        for (int a = 0; a < 3; ++a) side.wallVelocity[a] = b.wallVelocity[a];
        side.inflowSpeed = b.normalVelocity;
        side.density = b.density;
        side.temperature = b.temperature;
        side.fuel = b.fuel;
        for (int c = 0; c < 4; ++c) side.colour[c] = b.colour[c];
    }
}

void copyPeriodicFaces(const Grid& g, Velocity& vel) {
    for (int a = 0; a < 3; ++a) {
        if (!g.periodic(a)) continue;
        Index dims = g.faceDims(a);
        dims[a] = 1;
        forEach(dims, [&](Index f) {
            Index last = f;
            last[a] = g.n[a];
            vel[a][g.face(a, last)] = vel[a][g.face(a, f)];
        });
    }
}

namespace {
// The tangential component `axis` half a cell beyond `side`, given its value t_in half a cell inside.
double tangentialGhost(const Boundary& side, int axis, double inner) {
    switch (side.type) {
    case BoundaryType::MovingWall: return 2.0 * side.wallVelocity[axis] - inner;
    case BoundaryType::Inflow: return -inner;
    default: return inner;  // free-slip wall, outflow
    }
}
} // namespace

double Grid::faceAt(const Values& component, int axis, Index f) const {
    const Index d = faceDims(axis);
    if (f[0] >= 0 && f[1] >= 0 && f[2] >= 0 && f[0] < d[0] && f[1] < d[1] && f[2] < d[2] && !(periodic(axis) && f[axis] == n[axis]))
        return component[face(axis, f)];  // a stored face (the rules below leave it as it is)
    // Along the normal: the side's face (clamped), or wrapped.
    f[axis] = periodic(axis) ? wrap(f[axis], n[axis]) : std::clamp(f[axis], 0, n[axis]);
    // Across: wrapped, or the stored sample inside the side, mirrored by each side crossed.
    std::array<const Boundary*, 3> crossed{};
    for (int b = 0; b < 3; ++b) {
        if (b == axis || (f[b] >= 0 && f[b] < n[b])) continue;
        if (periodic(b)) f[b] = wrap(f[b], n[b]);
        else {
            crossed[b] = &side(b, f[b] >= n[b]);
            f[b] = std::clamp(f[b], 0, n[b] - 1);
        }
    }
    double value = component[face(axis, f)];
    for (int b = 0; b < 3; ++b)  // the lower axis's side first
        if (crossed[b]) value = tangentialGhost(*crossed[b], axis, value);
    return value;
}

double Grid::inflowValue(int s, CellField field, int channel) const {
    const Boundary& b = sides[s];
    switch (field) {
    case CellField::Density: return b.density;
    case CellField::Temperature: return b.temperature;
    case CellField::Fuel: return b.fuel;
    case CellField::Colour: return b.colour[channel];
    }
    return 0.0;
}

double Grid::cellAt(const Values& values, CellField field, int channel, Index c) const {
    if (c[0] >= 0 && c[1] >= 0 && c[2] >= 0 && c[0] < n[0] && c[1] < n[1] && c[2] < n[2])
        return values[cell(c) * channels(field) + channel];  // a cell of the grid
    int inflowSide = -1;
    for (int a = 0; a < 3; ++a) {
        if (c[a] >= 0 && c[a] < n[a]) continue;
        if (periodic(a)) c[a] = wrap(c[a], n[a]);
        else {
            const int s = 2 * a + (c[a] >= n[a] ? 1 : 0);
            if (inflowSide < 0 && sides[s].type == BoundaryType::Inflow) inflowSide = s;
            c[a] = std::clamp(c[a], 0, n[a] - 1);
        }
    }
    if (inflowSide >= 0) return inflowValue(inflowSide, field, channel);
    return values[cell(c) * channels(field) + channel];
}

double Grid::pressureAt(const Values& p, Index c) const {
    for (int a = 0; a < 3; ++a) {
        if (c[a] >= 0 && c[a] < n[a]) continue;
        if (!periodic(a)) return 0.0;
        c[a] = wrap(c[a], n[a]);
    }
    return p[cell(c)];
}

double Grid::sampleFace(const Values& component, int axis, Point p) const {
    Point offset{0.5, 0.5, 0.5};
    offset[axis] = 0.0;
    return trilinear(sampleCoordinates(*this, p, offset), [&](Index f) { return faceAt(component, axis, f); });
}

Point Grid::velocityAt(const Velocity& vel, Point p) const {
    return {sampleFace(vel[0], 0, p), sampleFace(vel[1], 1, p), sampleFace(vel[2], 2, p)};
}

double Grid::carryFace(const Values& component, int axis, Point p) const {
    Point offset{0.5, 0.5, 0.5};
    offset[axis] = 0.0;
    return interpolate(interpolation, sampleCoordinates(*this, p, offset), [&](Index f) { return faceAt(component, axis, f); });
}

double Grid::sampleCell(const Values& values, CellField field, int channel, Point p) const {
    return interpolate(interpolation, sampleCoordinates(*this, p, {0.5, 0.5, 0.5}), [&](Index c) { return cellAt(values, field, channel, c); });
}

Point Grid::clampToDomain(Point p) const {
    for (int a = 0; a < 3; ++a)
        if (!periodic(a)) p[a] = std::clamp(p[a], 0.0, n[a] * h);
    return p;
}

Point Grid::traceBack(const Velocity& vel, Point p, double dt) const {
    const Point v0 = velocityAt(vel, p);
    if (backTrace == BackTrace::Euler) return clampToDomain({p[0] - dt * v0[0], p[1] - dt * v0[1], p[2] - dt * v0[2]});
    const Point mid = clampToDomain({p[0] - 0.5 * dt * v0[0], p[1] - 0.5 * dt * v0[1], p[2] - 0.5 * dt * v0[2]});
    const Point v1 = velocityAt(vel, mid);
    return clampToDomain({p[0] - dt * v1[0], p[1] - dt * v1[1], p[2] - dt * v1[2]});
}

} // namespace billow::smoke3d_ref
