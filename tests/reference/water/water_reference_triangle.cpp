// The virtual-pipe substep (Mei, Decaudin & Hu 2007) on the Triangle lattice, in double, written
// from the geometry (billow/water_settings.hpp, WaterLattice::Triangle) and the flow layout
// (billow/water_solver.hpp): a vertex's six neighbours are found from positions (the points at
// distance h in the six directions 60 degrees apart, mapped back to rows and columns), each edge
// is a pipe of length h and width h / sqrt(3) between two hexagonal columns of area h^2 sqrt(3)/2,
// and a positive stored flow runs along e_x = (1, 0), e_y = (1/2, sqrt(3)/2) or e_z = (-1/2, sqrt(3)/2).
#include <algorithm>
#include <cmath>
#include <numbers>

#include "reference/water/water_reference.hpp"
#include "reference/water/water_reference_grid.hpp"

namespace billow::water_ref {
namespace {

constexpr double kMargin = 7.62939453125e-6;  // the GPU's float constant (water_types.h)
const double kSqrt3 = std::sqrt(3.0);

struct Vertex {
    int i, j;
};

// One pipe: positive flow runs from `from` to `to` along `array` (0: x, 1: y, 2: z); one end may
// lie outside the grid (a boundary edge).
struct Edge {
    Vertex from, to;
    int array;
    size_t index;
};

struct Lattice {
    const WaterSettings& s;
    int nx, ny;
    double h;

    bool inside(Vertex v) const { return v.i >= 0 && v.j >= 0 && v.i < nx && v.j < ny; }
    int cell(Vertex v) const { return v.i + v.j * nx; }
    void position(Vertex v, double& x, double& y) const { cellCentre(s, v.i, v.j, x, y); }
    // The vertex at (x, y) (rows h sqrt(3)/2 apart, odd rows shifted by h/2), also beyond the grid.
    Vertex at(double x, double y) const {
        const int j = int(std::lround(y / (h * kSqrt3 / 2.0) - 0.5));
        const int parity = ((j % 2) + 2) % 2;
        return {int(std::lround(x / h - 0.5 - 0.5 * parity)), j};
    }
    // The neighbour of v in direction `sixth` * 60 degrees.
    Vertex neighbour(Vertex v, int sixth) const {
        double x, y;
        position(v, x, y);
        const double angle = sixth * std::numbers::pi / 3.0;
        return at(x + h * std::cos(angle), y + h * std::sin(angle));
    }
    // Index of the edge of `array` that ends at `to` (billow/water_solver.hpp's layout; flowZ is
    // stored one further along the row).
    size_t index(int array, Vertex to) const { return size_t((array == 2 ? to.i + 1 : to.i) + to.j * (nx + 1)); }
};

std::vector<double>& flowsOf(State& st, int array) { return array == 0 ? st.flowX : array == 1 ? st.flowY : st.flowZ; }

} // namespace

void substepTriangle(const WaterSettings& s, State& st, double dt, double time, Bounds& bounds) {
    const Lattice L{s, int(s.nx), int(s.ny), s.cellSize};
    const double h = s.cellSize, g0 = s.gravity;
    const double area = h * h * kSqrt3 / 2.0, width = h / kSqrt3;
    const double friction = std::pow(1.0 - double(s.friction), dt);
    const bool depthPipes = s.model == WaterModel::DepthPipes;
    const double direction[3][2] = {{1.0, 0.0}, {0.5, kSqrt3 / 2.0}, {-0.5, kSqrt3 / 2.0}};
    auto pipeArea = [&](double faceDepth) { return width * (depthPipes ? faceDepth : double(s.pipeDepth)); };
    auto viscous = [&](double q, double upwindDepth) { return viscousDamping(s, q, upwindDepth, dt); };
    const std::vector<double>& T = st.terrain;
    const std::vector<double> H = st.depth;

    // Every edge once: from each vertex along +e_x, +e_y, +e_z (0, 60, 120 degrees), and the
    // boundary edges that enter a vertex from outside along them (from 180, 240, 300 degrees).
    std::vector<Edge> edges;
    std::vector<std::vector<size_t>> edgesOf(size_t(L.nx) * L.ny);  // each vertex's six
    for (int j = 0; j < L.ny; ++j)
        for (int i = 0; i < L.nx; ++i) {
            const Vertex v{i, j};
            for (int d = 0; d < 3; ++d) {
                const Vertex to = L.neighbour(v, d);
                const Vertex from = L.neighbour(v, d + 3);
                edges.push_back({v, to, d, L.index(d, to)});
                if (!L.inside(from)) edges.push_back({from, v, d, L.index(d, v)});
            }
        }
    for (size_t e = 0; e < edges.size(); ++e)
        for (Vertex v : {edges[e].from, edges[e].to})
            if (L.inside(v)) edgesOf[L.cell(v)].push_back(e);

    // The side beyond which an outside vertex lies (the bottom and top first at the corners),
    // and the boundary rule of the inner vertex's row or column on it.
    auto boundaryRule = [&](Vertex inner, Vertex outside, double& normalX, double& normalY) {
        normalX = normalY = 0.0;
        if (outside.j < 0) { normalY = 1.0; return boundaryAt(s, Side::Bottom, inner.i); }
        if (outside.j >= L.ny) { normalY = -1.0; return boundaryAt(s, Side::Top, inner.i); }
        if (outside.i < 0) { normalX = 1.0; return boundaryAt(s, Side::Left, inner.j); }
        normalX = -1.0;
        return boundaryAt(s, Side::Right, inner.j);
    };

    // New flows, each with the magnitude its float rounding scales with.
    std::vector<double> q(edges.size()), mag(edges.size());
    for (size_t e = 0; e < edges.size(); ++e) {
        const Edge& E = edges[e];
        double flow = flowsOf(st, E.array)[E.index];
        if (L.inside(E.from) && L.inside(E.to)) {
            const int a = L.cell(E.from), b = L.cell(E.to);
            const double drive = dt * g0 * pipeArea(0.5 * (H[a] + H[b])) / h;
            mag[e] = std::abs(flow) * friction + drive * (std::abs(T[a]) + H[a] + std::abs(T[b]) + H[b]);
            flow = flow * friction + drive * ((T[a] + H[a]) - (T[b] + H[b]));
            q[e] = viscous(flow, flow > 0.0 ? H[a] : H[b]);
            continue;
        }
        // Boundary edge: `into` is +1 when a positive flow enters the domain.
        const bool entersAtTo = L.inside(E.to);
        const Vertex inner = entersAtTo ? E.to : E.from, outside = entersAtTo ? E.from : E.to;
        const double into = entersAtTo ? 1.0 : -1.0;
        double nX, nY;
        const WaterBoundary b = boundaryRule(inner, outside, nX, nY);
        const double sideLength = width * std::abs(direction[E.array][0] * nX + direction[E.array][1] * nY);
        const double d = H[L.cell(inner)];
        const double inflowBefore = into * flow;
        double inflow = 0.0;
        mag[e] = 0.0;
        switch (b.type) {
        case WaterBoundaryType::Inflow:
        case WaterBoundaryType::WaveMaker: {
            double unitMag;
            inflow = prescribedInflow(b, time, unitMag) * sideLength;
            mag[e] = unitMag * sideLength;
            break;
        }
        case WaterBoundaryType::Outflow: {
            const double drive = dt * g0 * pipeArea(d) / h;
            mag[e] = std::abs(inflowBefore) * friction + drive * (d + b.drop);
            inflow = -viscous(std::max(-inflowBefore * friction + drive * (d + b.drop), 0.0), d);
            break;
        }
        case WaterBoundaryType::Wall: inflow = 0.0; break;
        }
        q[e] = into * inflow;
    }

    // Outflow scaling: a factor per vertex, then each edge takes its upwind vertex's factor.
    std::vector<double> scale(H.size(), 1.0), cellMag(H.size(), 0.0);
    bounds.scaledCells = 0;
    for (int c = 0; c < int(H.size()); ++c) {
        double out = 0.0;
        for (size_t e : edgesOf[c]) {
            const bool leaves = L.inside(edges[e].from) && L.cell(edges[e].from) == c;
            out += std::max(leaves ? q[e] : -q[e], 0.0);
            cellMag[c] += mag[e];
        }
        const double available = H[c] * (1.0 - kMargin) * area / dt;
        scale[c] = out > available ? available / out : 1.0;
        bounds.scaledCells += scale[c] < 1.0;
    }
    // Rounding of a scaled flow: its own and, through the factor, its upwind vertex's other edges.
    constexpr double kFlowUlps = 32.0;
    std::vector<double> bound(edges.size());
    for (size_t e = 0; e < edges.size(); ++e) {
        const Edge& E = edges[e];
        double m = mag[e];
        for (Vertex v : {E.from, E.to})
            if (L.inside(v)) m += cellMag[L.cell(v)];
        bound[e] = kFlowUlps * kFloatUlp * m;
        const Vertex up = q[e] > 0.0 ? E.from : E.to;
        if (L.inside(up)) q[e] *= scale[L.cell(up)];
    }
    bounds.flowX.assign(st.flowX.size(), 0.0);
    bounds.flowY.assign(st.flowY.size(), 0.0);
    bounds.flowZ.assign(st.flowZ.size(), 0.0);
    for (size_t e = 0; e < edges.size(); ++e) {
        flowsOf(st, edges[e].array)[edges[e].index] = q[e];
        (edges[e].array == 0 ? bounds.flowX : edges[e].array == 1 ? bounds.flowY : bounds.flowZ)[edges[e].index] = bound[e];
    }

    // Depth and velocity: a uniform velocity u gives q_d = (u . e_d) * width * H, and
    // sum_d (u . e_d) e_d = 3/2 u for three unit vectors 120 degrees apart.
    const double k = dt / area;
    bounds.depth.assign(H.size(), 0.0);
    bounds.velocity.assign(2 * H.size(), 0.0);
    for (int c = 0; c < int(H.size()); ++c) {
        double net = 0.0, absSum = 0.0, flowBound = 0.0;
        double sum[2] = {0.0, 0.0}, sumBound[2] = {0.0, 0.0};
        for (size_t e : edgesOf[c]) {
            const bool leaves = L.inside(edges[e].from) && L.cell(edges[e].from) == c;
            net += leaves ? -q[e] : q[e];
            absSum += std::abs(q[e]);
            flowBound += bound[e];
            for (int a = 0; a < 2; ++a) {
                sum[a] += 0.5 * q[e] * direction[edges[e].array][a];  // half: two edges per direction
                sumBound[a] += 0.5 * std::abs(direction[edges[e].array][a]) * (bound[e] + 8.0 * kFloatUlp * std::abs(q[e]));
            }
        }
        const double oldDepth = H[c];
        st.depth[c] = oldDepth + k * net;
        bounds.depth[c] = k * flowBound + 12.0 * kFloatUlp * (oldDepth + k * absSum);
        const double mean = 0.5 * (oldDepth + st.depth[c]);
        const double meanBound = 0.5 * bounds.depth[c] + 2.0 * kFloatUlp * mean;
        for (int a = 0; a < 2; ++a) {
            if (mean > s.dryDepth) {
                st.velocity[2 * c + a] = 2.0 / 3.0 * sum[a] / (width * mean);
                bounds.velocity[2 * c + a] = 2.0 / 3.0 * sumBound[a] / (width * mean) +
                                             std::abs(st.velocity[2 * c + a]) * (meanBound / mean + 8.0 * kFloatUlp);
            } else {
                st.velocity[2 * c + a] = 0.0;
            }
        }
    }
}

// y is clamped between the first and the last row; the nearest vertex is a corner of the triangle
// holding the point (its hexagonal Voronoi cell lies within its six triangles), so the triangle is
// the one of those six whose barycentric weights are all >= 0; values beyond the grid's columns
// are the edge vertices'.
double sampleTriangle(const WaterSettings& s, const std::vector<double>& field, int stride, int component, double x,
                      double y) {
    const Lattice L{s, int(s.nx), int(s.ny), s.cellSize};
    const double rowSpacing = L.h * kSqrt3 / 2.0;
    y = std::clamp(y, 0.5 * rowSpacing, (L.ny - 0.5) * rowSpacing);
    // The nearest vertex: the row-and-column rounding's vertex or one of its neighbours.
    Vertex a = L.at(x, y);
    double ax, ay;
    L.position(a, ax, ay);
    const Vertex rounded = a;
    for (int k = 0; k < 6; ++k) {
        const Vertex n = L.neighbour(rounded, k);
        double nx, ny;
        L.position(n, nx, ny);
        if (std::hypot(nx - x, ny - y) < std::hypot(ax - x, ay - y)) a = n, ax = nx, ay = ny;
    }
    auto at = [&](Vertex v) {
        v.i = std::clamp(v.i, 0, L.nx - 1);
        v.j = std::clamp(v.j, 0, L.ny - 1);
        return field[size_t(stride * L.cell(v) + component)];
    };
    double best = -1e300, value = 0.0;
    for (int k = 0; k < 6; ++k) {
        const Vertex b = L.neighbour(a, k), c = L.neighbour(a, k + 1);
        double bx, by, cx, cy;
        L.position(b, bx, by);
        L.position(c, cx, cy);
        // p = a + wb (b - a) + wc (c - a), solved by Cramer's rule.
        const double det = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
        const double wb = ((x - ax) * (cy - ay) - (cx - ax) * (y - ay)) / det;
        const double wc = ((bx - ax) * (y - ay) - (x - ax) * (by - ay)) / det;
        const double wa = 1.0 - wb - wc;
        const double worst = std::min({wa, wb, wc});
        if (worst <= best) continue;
        best = worst;
        value = wa * at(a) + wb * at(b) + wc * at(c);
    }
    return value;
}

void advectDyeTriangle(const WaterSettings& s, State& st, double dt) {
    const Lattice L{s, int(s.nx), int(s.ny), s.cellSize};
    const double decay = std::exp(-double(s.dyeDecay) * dt);
    auto sample = [&](const std::vector<double>& field, int stride, int component, double x, double y) {
        return sampleTriangle(s, field, stride, component, x, y);
    };
    std::vector<double> out(st.dye.size());
    for (int j = 0; j < L.ny; ++j)
        for (int i = 0; i < L.nx; ++i) {
            const int c = L.cell({i, j});
            if (st.depth[c] <= s.dryDepth) { out[c] = 0.0; continue; }
            double x, y;
            L.position({i, j}, x, y);
            const double mx = x - 0.5 * dt * st.velocity[2 * c], my = y - 0.5 * dt * st.velocity[2 * c + 1];
            const double vx = sample(st.velocity, 2, 0, mx, my), vy = sample(st.velocity, 2, 1, mx, my);
            out[c] = sample(st.dye, 1, 0, x - dt * vx, y - dt * vy) * decay;
        }
    st.dye = out;
}

} // namespace billow::water_ref
