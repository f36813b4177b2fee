// The grid of the smoke reference: the MAC layout, the boundary rules for samples beyond the sides,
// bilinear and monotone cubic sampling and the back-trace (midpoint or Euler), in double.
//
// MAC grid (Harris, GPU Gems ch. 38; Fedkiw, Stam & Jensen 2001), cells of size h, x right, y up:
//   cell (i, j), 0 <= i < nx, 0 <= j < ny: scalars (density, temperature, pressure, divergence,
//       solid) at ((i + 1/2) h, (j + 1/2) h);
//   x-face (i, j), 0 <= i <= nx, 0 <= j < ny: u at (i h, (j + 1/2) h);
//   y-face (i, j), 0 <= i < nx, 0 <= j <= ny: v at ((i + 1/2) h, j h);
//   node (i, j), 0 <= i <= nx, 0 <= j <= ny: the curl at (i h, j h);
//   the dye on its own dyeNx x dyeNy cell grid over the same domain (cells dyeHx x dyeHy).
//
// Boundary rules: the value of a sample that falls beyond a side, for each side type. Below, n is
// the velocity component normal to the side, t the tangential one, and t_in the stored t half a
// cell inside the side, whose mirror sample t_g lies half a cell outside.
//   free-slip wall:    n = 0 on the side's faces;  t_g = t_in       (dt/dn = 0: no friction)
//   moving wall at V:  n = 0;                      t_g = 2 V - t_in (t = V on the wall: no slip)
//   inflow at speed S: n = S into the domain;      t_g = -t_in      (t = 0 on the inflow face)
//   outflow:           n solved (free);            t_g = t_in
//   periodic:          every index wraps (x-face nx is x-face 0 again, y-face ny is y-face 0)
// Beyond the normal direction a face sample stays on the side's face: n there is the side's value.
// Cell-centred fields (density, temperature, dye) beyond an inflow side take the values the inflow
// carries in (the x side's beyond a corner of two inflows), beyond any other non-periodic side the
// edge cell's (zero gradient). A sample more than one cell beyond a side (the cubic's outer
// samples) follows the same rule as one just beyond it: the edge sample, mirrored, negated or
// wrapped (`wrap` takes any distance). Pressure beyond a non-periodic side is 0: it is read only through open faces,
// so it acts only at outflow sides, where it is the Dirichlet condition p = 0.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "billow/smoke_settings.hpp"
#include "reference/interpolation/monotone_cubic.hpp"

namespace billow::smoke_ref {

using Values = std::vector<double>;
using Rgba = std::array<double, 4>;

// Side indices, in the order of SmokeSettings::boundaries.
inline constexpr int kLeft = 0, kRight = 1, kBottom = 2, kTop = 3;

// One side of the domain, in double.
struct Boundary {
    BoundaryType type = BoundaryType::Wall;
    double wallSpeed = 0.0;    // moving wall: tangential speed V (+x on bottom/top, +y on left/right)
    double inflowSpeed = 0.0;  // inflow: speed S into the domain
    double density = 0.0, temperature = 0.0;  // inflow: the scalars it carries in
    Rgba dye{};                               // inflow: the colour it carries in
};

struct Point { double x = 0.0, y = 0.0; };

struct Grid {
    int nx = 0, ny = 0;        // velocity / scalar cells
    int dyeNx = 0, dyeNy = 0;  // dye cells
    double h = 0.0;            // cell size, m
    std::array<Boundary, 4> sides{};  // left, right, bottom, top
    // How advections sample the field they carry (settings.advectionInterpolation); the back-trace
    // always samples the velocity bilinearly.
    AdvectionInterpolation interpolation = AdvectionInterpolation::Linear;
    // How advections trace back to the departure point (settings.backTrace).
    BackTrace backTrace = BackTrace::Midpoint;

    explicit Grid(const SmokeSettings& settings);

    bool periodicX() const { return sides[kLeft].type == BoundaryType::Periodic; }
    bool periodicY() const { return sides[kBottom].type == BoundaryType::Periodic; }
    double dyeHx() const { return h * nx / dyeNx; }
    double dyeHy() const { return h * ny / dyeNy; }

    // Sizes and indices of the fields, in the layouts of SmokeSolver::download.
    size_t uCount() const { return size_t(nx + 1) * ny; }
    size_t vCount() const { return size_t(nx) * (ny + 1); }
    size_t cellCount() const { return size_t(nx) * ny; }
    size_t nodeCount() const { return size_t(nx + 1) * (ny + 1); }
    size_t dyeCount() const { return size_t(dyeNx) * dyeNy * 4; }
    size_t u(int i, int j) const { return size_t(i) + size_t(j) * (nx + 1); }
    size_t v(int i, int j) const { return size_t(i) + size_t(j) * nx; }
    size_t cell(int i, int j) const { return size_t(i) + size_t(j) * nx; }
    size_t node(int i, int j) const { return size_t(i) + size_t(j) * (nx + 1); }
    size_t dye(int i, int j, int channel) const { return (size_t(i) + size_t(j) * dyeNx) * 4 + size_t(channel); }

    // The face column (row) a face index stands for: on a periodic axis the last one is face 0.
    int canonicalColumn(int i) const { return periodicX() && i == nx ? 0 : i; }
    int canonicalRow(int j) const { return periodicY() && j == ny ? 0 : j; }

    // Boundary rules (see the top of this file) for indices up to a cell beyond the sides.
    double uAt(const Values& u, int i, int j) const;
    double vAt(const Values& v, int i, int j) const;
    double densityAt(const Values& density, int i, int j) const;
    double temperatureAt(const Values& temperature, int i, int j) const;
    double dyeAt(const Values& dye, int channel, int i, int j) const;
    double pressureAt(const Values& p, int i, int j) const;

    // Bilinear velocity at a position (m), each component from its own staggered samples.
    double sampleU(const Values& u, Point p) const;
    double sampleV(const Values& v, Point p) const;
    // A carried face field at a position, with `interpolation`.
    double carryU(const Values& u, Point p) const;
    double carryV(const Values& v, Point p) const;
    // Onto the closed domain on non-periodic axes.
    Point clampToDomain(Point p) const;
    // Back-trace of p over dt through the velocity (u, v), each stage clamped to the domain:
    // midpoint (RK2) p - dt vel(p - dt/2 vel(p)), or Euler p - dt vel(p).
    Point traceBack(const Values& u, const Values& v, Point p, double dt) const;

private:
    // The value of a cell-centred field of sizeX x sizeY cells with `stride` values per cell at
    // cell (i, j), by the rules for cell-centred fields; `inflow` is the value per side.
    double cellFieldAt(const Values& f, int sizeX, int sizeY, int stride, int channel, int i, int j,
                       const std::array<double, 4>& inflow) const;
};

int wrap(int i, int n);

// On a periodic axis the last face column (row) is face 0 again: copies face 0 there.
void copyPeriodicFaces(const Grid& g, Values& u, Values& v);

// Bilinear interpolation of read(i, j) (samples at integer coordinates) at coordinate (cx, cy).
template <class Read>
double bilinear(double cx, double cy, Read read) {
    const double fx = std::floor(cx), fy = std::floor(cy);
    const int i = int(fx), j = int(fy);
    const double tx = cx - fx, ty = cy - fy;
    const double bottom = (1.0 - tx) * read(i, j) + tx * read(i + 1, j);
    const double top = (1.0 - tx) * read(i, j + 1) + tx * read(i + 1, j + 1);
    return (1.0 - ty) * bottom + ty * top;
}

// The field read(i, j) (samples at integer coordinates) at coordinate (cx, cy): bilinear, or
// monotone cubic along x through the four rows j - 1 .. j + 2 around it, then along y through
// those four values (the order is part of the definition: the limited cubics do not commute).
template <class Read>
double interpolate(AdvectionInterpolation how, double cx, double cy, Read read) {
    if (how == AdvectionInterpolation::Linear) return bilinear(cx, cy, read);
    const double fx = std::floor(cx), fy = std::floor(cy);
    const int i = int(fx), j = int(fy);
    double rows[4];
    for (int r = 0; r < 4; ++r)
        rows[r] = ref::monotoneCubic(read(i - 1, j - 1 + r), read(i, j - 1 + r), read(i + 1, j - 1 + r),
                                read(i + 2, j - 1 + r), cx - fx);
    return ref::monotoneCubic(rows[0], rows[1], rows[2], rows[3], cy - fy);
}

} // namespace billow::smoke_ref
