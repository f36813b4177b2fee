// The grid of the double-precision reference: sizes, MAC indexing and the boundary rules for
// samples beyond the sides, written from the rules documented in shaders/common/grid.glsl and
// include/billow/smoke_settings.hpp. Only tests use it: it is the second, independent statement of
// the kernels' maths against which the GPU is checked.
#pragma once

#include <array>
#include <cmath>
#include <vector>

#include "billow/smoke_settings.hpp"

namespace billow::ref {

using Values = std::vector<double>;
using Rgba = std::array<double, 4>;

// One side of the domain, in double.
struct RefSide {
    BoundaryType type = BoundaryType::Wall;
    double wallSpeed = 0.0;    // moving wall: tangential speed (+x on bottom/top, +y on left/right)
    double inflowSpeed = 0.0;  // inflow: speed into the domain
    double density = 0.0, temperature = 0.0;  // inflow: carried scalars
    Rgba dye{};                                // inflow: carried colour
};

struct Point { double x = 0.0, y = 0.0; };

struct RefGrid {
    int nx = 0, ny = 0;        // velocity / scalar cells
    int dyeNx = 0, dyeNy = 0;  // dye cells (covering the same domain)
    double h = 0.0;            // cell size, m
    std::array<RefSide, 4> sides{};  // left, right, bottom, top

    static RefGrid fromSettings(const SmokeSettings& s);

    bool periodicX() const { return sides[0].type == BoundaryType::Periodic; }
    bool periodicY() const { return sides[2].type == BoundaryType::Periodic; }
    double dyeHx() const { return h * nx / dyeNx; }
    double dyeHy() const { return h * ny / dyeNy; }

    size_t uCount() const { return size_t(nx + 1) * ny; }
    size_t vCount() const { return size_t(nx) * (ny + 1); }
    size_t cellCount() const { return size_t(nx) * ny; }
    size_t nodeCount() const { return size_t(nx + 1) * (ny + 1); }
    size_t dyeCount() const { return size_t(dyeNx) * dyeNy * 4; }
    size_t u(int i, int j) const { return size_t(i) + size_t(j) * (nx + 1); }
    size_t v(int i, int j) const { return size_t(i) + size_t(j) * nx; }
    size_t cell(int i, int j) const { return size_t(i) + size_t(j) * nx; }
    size_t node(int i, int j) const { return size_t(i) + size_t(j) * (nx + 1); }

    // Face velocities at any face index near the domain: along the normal axis the index stays on
    // the boundary face (its stored value), beyond a tangential side the ghost rule of that side
    // applies (mirror for walls and outflow, 2 Vwall - inner for moving walls, -inner for inflow),
    // periodic axes wrap.
    double uAt(const Values& u, int i, int j) const;
    double vAt(const Values& v, int i, int j) const;

    // A cell-centred value of a sizeX x sizeY grid with `stride` values per cell: beyond an inflow
    // side the side's value (`inflow` per side; the x side wins at corners), periodic axes wrap,
    // other sides repeat the edge cell.
    double cellAt(const Values& f, int sizeX, int sizeY, int stride, int channel, int i, int j,
                  const std::array<double, 4>& inflow) const;

    // Bilinear velocity at a position (m), each component on its own staggered samples.
    double sampleU(const Values& u, Point p) const;
    double sampleV(const Values& v, Point p) const;
    // Clamp onto the closed domain on non-periodic axes.
    Point clampToDomain(Point p) const;
    // RK2 (midpoint) back-trace from p over dt, both stages clamped to the domain.
    Point traceBack(const Values& u, const Values& v, Point p, double dt) const;

    // Pressure of cell (i, j), wrapped on periodic axes, 0 beyond any other side.
    double pressureAt(const Values& p, int i, int j) const;
};

int wrap(int i, int n);

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

} // namespace billow::ref
