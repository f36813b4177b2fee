#include "reference/feedback/probe_reference.hpp"

#include <algorithm>
#include <cmath>

#include "billow/probes.hpp"

namespace billow::probe_ref {

namespace {

// Clamps `p` onto [0, extent] on each of the first `axes` axes; true when it moved.
template <size_t N>
bool clampOnto(std::array<double, N>& p, const std::array<double, N>& extent) {
    bool moved = false;
    for (size_t a = 0; a < N; ++a) {
        const double c = std::clamp(p[a], 0.0, extent[a]);
        moved = moved || c != p[a];
        p[a] = c;
    }
    return moved;
}

// The cell along an axis of n cells holding coordinate x (m) in [0, n h]: the far side belongs
// to the last cell.
int cellOf(double x, double h, int n) { return std::min(int(std::floor(x / h)), n - 1); }

// The index along an axis of n cells of a pressure sample at cell i, by the pressure's rule; -1
// when it lies beyond an outflow side (p = 0 there).
int pressureIndex(int i, int n, BoundaryType low, BoundaryType high) {
    if (low == BoundaryType::Periodic) return smoke_ref::wrap(i, n);
    if (i < 0) return low == BoundaryType::Outflow ? -1 : 0;
    if (i >= n) return high == BoundaryType::Outflow ? -1 : n - 1;
    return i;
}

} // namespace

Sample smokeProbe(const smoke_ref::Grid& g, const smoke_ref::State& s, std::array<double, 3> point) {
    Sample out;
    std::array<double, 2> p{point[0], point[1]};
    if (clampOnto(p, {g.nx * g.h, g.ny * g.h})) out.flags |= kProbeOutside;
    if (s.solid[g.cell(cellOf(p[0], g.h, g.nx), cellOf(p[1], g.h, g.ny))] >= 0.5) out.flags |= kProbeInSolid;
    const smoke_ref::Point q{p[0], p[1]};
    out.velocity = {g.sampleU(s.u, q), g.sampleV(s.v, q), 0.0};
    // Cell centres sit at integer coordinates x / h - 1/2.
    const double cx = p[0] / g.h - 0.5, cy = p[1] / g.h - 0.5;
    out.density = smoke_ref::bilinear(cx, cy, [&](int i, int j) { return g.densityAt(s.density, i, j); });
    out.temperature = smoke_ref::bilinear(cx, cy, [&](int i, int j) { return g.temperatureAt(s.temperature, i, j); });
    out.pressure = smoke_ref::bilinear(cx, cy, [&](int i, int j) {
        const int a = pressureIndex(i, g.nx, g.sides[smoke_ref::kLeft].type, g.sides[smoke_ref::kRight].type);
        const int b = pressureIndex(j, g.ny, g.sides[smoke_ref::kBottom].type, g.sides[smoke_ref::kTop].type);
        return a < 0 || b < 0 ? 0.0 : s.pressure[g.cell(a, b)];
    });
    return out;
}

Sample smoke3dProbe(const smoke3d_ref::Grid& g, const smoke3d_ref::State& s, std::array<double, 3> point) {
    using smoke3d_ref::CellField;
    using smoke3d_ref::Index;
    Sample out;
    if (clampOnto(point, {g.n[0] * g.h, g.n[1] * g.h, g.n[2] * g.h})) out.flags |= kProbeOutside;
    Index cell{};
    for (int a = 0; a < 3; ++a) cell[a] = cellOf(point[a], g.h, g.n[a]);
    if (s.solid[g.cell(cell)] >= 0.5) out.flags |= kProbeInSolid;
    const smoke3d_ref::Point p = point;
    for (int a = 0; a < 3; ++a) out.velocity[a] = g.sampleFace(s.vel[a], a, p);
    const smoke3d_ref::Point c = smoke3d_ref::sampleCoordinates(g, p, {0.5, 0.5, 0.5});
    const auto cellField = [&](const smoke3d_ref::Values& values, CellField field) {
        return smoke3d_ref::trilinear(c, [&](Index k) { return g.cellAt(values, field, 0, k); });
    };
    out.density = cellField(s.density, CellField::Density);
    out.temperature = cellField(s.temperature, CellField::Temperature);
    out.fuel = cellField(s.fuel, CellField::Fuel);
    out.pressure = smoke3d_ref::trilinear(c, [&](Index k) {
        Index r{};
        for (int a = 0; a < 3; ++a) {
            r[a] = pressureIndex(k[a], g.n[a], g.side(a, false).type, g.side(a, true).type);
            if (r[a] < 0) return 0.0;
        }
        return s.pressure[g.cell(r)];
    });
    return out;
}

Sample waterProbe(const WaterFields& w, std::array<double, 3> point) {
    Sample out;
    std::array<double, 2> p{point[0], point[1]};
    if (clampOnto(p, {w.nx * w.h, w.ny * w.h})) out.flags |= kProbeOutside;
    const double cx = p[0] / w.h - 0.5, cy = p[1] / w.h - 0.5;
    const auto at = [&](const std::vector<double>& f, int stride, int channel) {
        return smoke_ref::bilinear(cx, cy, [&](int i, int j) {
            i = std::clamp(i, 0, w.nx - 1);
            j = std::clamp(j, 0, w.ny - 1);
            return f[(size_t(i) + size_t(j) * w.nx) * stride + channel];
        });
    };
    out.depth = at(w.depth, 1, 0);
    out.terrain = at(w.terrain, 1, 0);
    out.surfaceHeight = out.terrain + out.depth;
    out.velocity = {at(w.velocity, 2, 0), at(w.velocity, 2, 1), 0.0};
    return out;
}

} // namespace billow::probe_ref
