// The grid of the 3D smoke reference: the MAC layout, the boundary rules for samples beyond the
// six sides, trilinear sampling and the RK2 back-trace, in double. It extends the 2D reference
// (reference/smoke/grid.hpp) axis by axis; the rules are stated here as equations.
//
// MAC grid (Harris, GPU Gems ch. 38; Fedkiw, Stam & Jensen 2001), cubic cells of edge h, y up:
//   cell (i, j, k), 0 <= i < nx, ...: density, temperature, fuel, colour, pressure, divergence,
//       solid at ((i + 1/2) h, (j + 1/2) h, (k + 1/2) h);
//   face normal to axis a (0 x, 1 y, 2 z) at index f: the velocity component a, at f h along a and
//       (f_b + 1/2) h along the two other axes b; nx + 1 faces along x for u, and so on.
//   Layouts are SmokeSolver3D::download's (x fastest, then y, then z).
//
// Boundary rules: the value of a sample beyond a side. n is the velocity component normal to the
// side, t a tangential one, t_in the stored t half a cell inside the side and t_g its mirror half
// a cell outside.
//   free-slip wall:    n = 0 on the side's faces;  t_g = t_in            (no friction)
//   moving wall at V:  n = 0;                      t_g = 2 V_t - t_in    (t = V_t on the wall: no slip)
//   inflow at speed S: n = S into the domain;      t_g = -t_in           (t = 0 on the inflow face)
//   outflow:           n solved (free);            t_g = t_in
//   periodic:          every index wraps (face n_a is face 0 again)
// Along its own axis a face sample stays on the side's face (clamped): n there is the side's
// value. A sample beyond two sides at once (an edge of the box) applies the mirror of each side in
// turn, the side of the lower axis first (kGhostAxisOrder).
// Cell-centred fields beyond an inflow side take the value the inflow carries in (the side of the
// lowest axis beyond an edge or corner of two inflows), beyond any other non-periodic side the
// nearest cell's (zero gradient). Pressure beyond a non-periodic side is 0: it is read only through
// open faces, so it acts only at outflow sides, where it is the Dirichlet condition p = 0.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "billow/smoke3d_settings.hpp"
#include "reference/interpolation/monotone_cubic.hpp"

namespace billow::smoke3d_ref {

using Values = std::vector<double>;
using Rgba = std::array<double, 4>;
using Index = std::array<int, 3>;
using Point = std::array<double, 3>;
// The three velocity components, each on its own faces: vel[a] lives on the faces normal to axis a.
using Velocity = std::array<Values, 3>;

// Side indices, in the order of SmokeSettings3D::boundaries: side 2a is the low side of axis a.
inline constexpr int kLeft = 0, kRight = 1, kBottom = 2, kTop = 3, kBack = 4, kFront = 5;

// One side of the domain, in double.
struct Boundary {
    BoundaryType type = BoundaryType::Wall;
    Point wallVelocity{};       // moving wall: V (its normal part unused)
    double inflowSpeed = 0.0;   // inflow: speed S into the domain
    double density = 0.0, temperature = 0.0, fuel = 0.0;  // inflow: the scalars it carries in
    Rgba colour{};                                        // inflow: the colour it carries in
};

// The cell-centred fields, each with its inflow value per side.
enum class CellField { Density, Temperature, Fuel, Colour };

struct Grid {
    Index n{};  // cells along x, y, z
    double h = 0.0;
    std::array<Boundary, 6> sides{};
    // How advections sample the field they carry (settings.advectionInterpolation); the back-trace
    // always samples the velocity trilinearly.
    AdvectionInterpolation interpolation = AdvectionInterpolation::Linear;
    // How advections trace back to the departure point (settings.backTrace).
    BackTrace backTrace = BackTrace::Midpoint;

    explicit Grid(const SmokeSettings3D& settings);

    bool periodic(int axis) const { return sides[2 * axis].type == BoundaryType::Periodic; }
    const Boundary& side(int axis, bool high) const { return sides[2 * axis + (high ? 1 : 0)]; }

    // Sizes and indices, in the layouts of SmokeSolver3D::download.
    size_t cellCount() const { return size_t(n[0]) * n[1] * n[2]; }
    Index faceDims(int axis) const { Index d = n; ++d[axis]; return d; }
    size_t faceCount(int axis) const { const Index d = faceDims(axis); return size_t(d[0]) * d[1] * d[2]; }
    size_t cell(Index c) const { return size_t(c[0]) + size_t(n[0]) * (size_t(c[1]) + size_t(n[1]) * c[2]); }
    size_t face(int axis, Index f) const {
        const Index d = faceDims(axis);
        return size_t(f[0]) + size_t(d[0]) * (size_t(f[1]) + size_t(d[1]) * f[2]);
    }
    // The face a face index stands for: on a periodic axis face n_a is face 0.
    Index canonicalFace(int axis, Index f) const {
        if (periodic(axis) && f[axis] == n[axis]) f[axis] = 0;
        return f;
    }
    Point cellCentre(Index c) const { return {(c[0] + 0.5) * h, (c[1] + 0.5) * h, (c[2] + 0.5) * h}; }
    Point faceCentre(int axis, Index f) const {
        Point p = cellCentre(f);
        p[axis] = f[axis] * h;
        return p;
    }

    // Boundary rules (top of this file) for indices up to a cell beyond the sides.
    double faceAt(const Values& component, int axis, Index f) const;
    // Cell field `field` with `stride` values per cell (4 for the colour), its channel `channel`.
    double cellAt(const Values& values, CellField field, int channel, Index c) const;
    double pressureAt(const Values& p, Index c) const;
    // The inflow value of `field` (its channel) carried in through `side`.
    double inflowValue(int side, CellField field, int channel) const;

    // Trilinear velocity component at a position (m), from its own staggered samples.
    double sampleFace(const Values& component, int axis, Point p) const;
    Point velocityAt(const Velocity& vel, Point p) const;
    // A carried face component at a position, with `interpolation`.
    double carryFace(const Values& component, int axis, Point p) const;
    // A carried cell field at a position, with `interpolation`.
    double sampleCell(const Values& values, CellField field, int channel, Point p) const;
    // Onto the closed domain on non-periodic axes.
    Point clampToDomain(Point p) const;
    // Back-trace of p over dt through `vel`, each stage clamped to the domain: midpoint (RK2)
    // p - dt vel(p - dt/2 vel(p)), or Euler p - dt vel(p).
    Point traceBack(const Velocity& vel, Point p, double dt) const;
};

int wrap(int i, int n);
int channels(CellField field);

// Calls f(index) for every index of a dims[0] x dims[1] x dims[2] box, x fastest.
template <class F>
void forEach(Index dims, F f) {
    for (int k = 0; k < dims[2]; ++k)
        for (int j = 0; j < dims[1]; ++j)
            for (int i = 0; i < dims[0]; ++i) f(Index{i, j, k});
}

// On a periodic axis face n_a is face 0 again: copies face 0 there, for each component.
void copyPeriodicFaces(const Grid& g, Velocity& vel);

// The sample coordinates (in cells) of position p for samples at integer coordinates offset by
// `offset` cells: c_b = p_b / h - offset_b.
inline Point sampleCoordinates(const Grid& g, Point p, Point offset) {
    return {p[0] / g.h - offset[0], p[1] / g.h - offset[1], p[2] / g.h - offset[2]};
}

// Trilinear interpolation of read(Index) (samples at integer coordinates) at coordinates c.
template <class Read>
double trilinear(Point c, Read read) {
    Index base;
    Point t;
    for (int a = 0; a < 3; ++a) {
        const double f = std::floor(c[a]);
        base[a] = int(f);
        t[a] = c[a] - f;
    }
    double sum = 0.0;
    for (int corner = 0; corner < 8; ++corner) {
        double weight = 1.0;
        Index at = base;
        for (int a = 0; a < 3; ++a) {
            const bool up = (corner >> a) & 1;
            weight *= up ? t[a] : 1.0 - t[a];
            at[a] += up ? 1 : 0;
        }
        sum += weight * read(at);
    }
    return sum;
}

// The field read(Index) at coordinates c: trilinear, or monotone cubic along x through the 16
// lines of the 4 x 4 x 4 samples around c (base - 1 .. base + 2 on each axis), then along y
// through each plane's four values, then along z (the order is part of the definition: the
// limited cubics do not commute).
template <class Read>
double interpolate(AdvectionInterpolation how, Point c, Read read) {
    if (how == AdvectionInterpolation::Linear) return trilinear(c, read);
    Index b;
    Point t;
    for (int a = 0; a < 3; ++a) {
        const double f = std::floor(c[a]);
        b[a] = int(f);
        t[a] = c[a] - f;
    }
    double planes[4];
    for (int z = 0; z < 4; ++z) {
        double lines[4];
        for (int y = 0; y < 4; ++y) {
            double s[4];
            for (int x = 0; x < 4; ++x) s[x] = read(Index{b[0] - 1 + x, b[1] - 1 + y, b[2] - 1 + z});
            lines[y] = ref::monotoneCubic(s[0], s[1], s[2], s[3], t[0]);
        }
        planes[z] = ref::monotoneCubic(lines[0], lines[1], lines[2], lines[3], t[1]);
    }
    return ref::monotoneCubic(planes[0], planes[1], planes[2], planes[3], t[2]);
}

} // namespace billow::smoke3d_ref
