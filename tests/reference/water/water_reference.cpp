#include "reference/water/water_reference.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reference/water/water_reference_grid.hpp"

namespace billow::water_ref {
namespace {

// Mirrors the GPU's float constants (the margin and the wave frequency) exactly.
constexpr double kMargin = 7.62939453125e-6;

} // namespace

void applyBrushes(const WaterSettings& s, State& st, const std::vector<WaterBrush>& brushes) {
    const Grid g{int(s.nx), int(s.ny)};
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const int c = g.cell(i, j);
            double x, y;
            cellCentre(s, i, j, x, y);
            for (const WaterBrush& b : brushes) {
                const double w = std::max(0.0, 1.0 - std::hypot(x - b.x, y - b.y) / b.radius);
                if (w <= 0.0) continue;
                st.depth[c] = std::max(st.depth[c] + w * b.water, 0.0);
                st.terrain[c] += w * b.terrain;
                st.dye[c] = std::max(st.dye[c] + w * b.dye, 0.0);
            }
        }
}

double prescribedInflow(const WaterBoundary& b, double time, double& magnitude) {
    if (b.type != WaterBoundaryType::WaveMaker) {
        magnitude = std::abs(b.flow);
        return b.flow;
    }
    const double omega = double(float(2.0 * std::numbers::pi / b.period));
    const double t = double(float(time));  // the GPU receives the time as a float
    magnitude = (std::abs(b.flow) + std::abs(b.amplitude)) * (1.0 + std::abs(omega * t + b.phase));
    return b.flow + b.amplitude * std::sin(omega * t + b.phase);
}

void substep(const WaterSettings& s, State& st, double dt, double time, Bounds& bounds) {
    const Grid g{int(s.nx), int(s.ny)};
    const double h = s.cellSize, g0 = s.gravity;
    const double friction = std::pow(1.0 - double(s.friction), dt);
    const bool depthPipes = s.model == WaterModel::DepthPipes;
    auto area = [&](double faceDepth) { return h * (depthPipes ? faceDepth : double(s.pipeDepth)); };
    auto viscous = [&](double q, double upwindDepth) { return viscousDamping(s, q, upwindDepth, dt); };
    const std::vector<double>& T = st.terrain;
    const std::vector<double> H = st.depth;

    // Magnitude of what each face's flow is computed from: float rounding is a few ulps of it.
    std::vector<double> magX(st.flowX.size()), magY(st.flowY.size());
    auto interior = [&](double& q, double& mag, int a, int b) {
        const double drive = dt * g0 * area(0.5 * (H[a] + H[b])) / h;
        mag = std::abs(q) * friction + drive * (std::abs(T[a]) + H[a] + std::abs(T[b]) + H[b]);
        q = q * friction + drive * ((T[a] + H[a]) - (T[b] + H[b]));
        q = viscous(q, q > 0.0 ? H[a] : H[b]);
    };
    // Flow into the domain through a boundary face with inner cell `inner`.
    auto boundary = [&](const WaterBoundary& b, int inner, double inflowBefore, double& mag) {
        mag = 0.0;
        switch (b.type) {
        case WaterBoundaryType::Inflow: mag = std::abs(b.flow * h); return double(b.flow) * h;
        case WaterBoundaryType::WaveMaker: {
            double unitMag;
            const double q = prescribedInflow(b, time, unitMag);
            mag = unitMag * h;
            return q * h;
        }
        case WaterBoundaryType::Outflow: {
            const double d = H[inner];
            const double drive = dt * g0 * area(d) / h;
            mag = std::abs(inflowBefore) * friction + drive * (d + b.drop);
            return -viscous(std::max(-inflowBefore * friction + drive * (d + b.drop), 0.0), d);
        }
        case WaterBoundaryType::Wall: return 0.0;
        }
        return 0.0;
    };
    // Rounding of a scaled flow: its own and, through the factor, its upwind cell's other faces.
    constexpr double kFlowUlps = 32.0;  // ~12 roundings in the acceleration, ~10 in the scaling
    if (s.model == WaterModel::Momentum) {
        // The face velocities give the flows and each flow's own rounding bound, which the
        // scaling below reads as kFlowUlps ulps of a magnitude.
        momentumFaces(s, st, dt, time, magX, magY, bounds);
        for (double& m : magX) m /= kFlowUlps * kFloatUlp;
        for (double& m : magY) m /= kFlowUlps * kFloatUlp;
    } else {
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i <= g.nx; ++i) {
                double& q = st.flowX[g.xFace(i, j)];
                double& mag = magX[g.xFace(i, j)];
                if (i == 0) q = boundary(boundaryAt(s, Side::Left, j), g.cell(0, j), q, mag);
                else if (i == g.nx) q = -boundary(boundaryAt(s, Side::Right, j), g.cell(i - 1, j), -q, mag);
                else interior(q, mag, g.cell(i - 1, j), g.cell(i, j));
            }
        for (int j = 0; j <= g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                double& q = st.flowY[g.yFace(i, j)];
                double& mag = magY[g.yFace(i, j)];
                if (j == 0) q = boundary(boundaryAt(s, Side::Bottom, i), g.cell(i, 0), q, mag);
                else if (j == g.ny) q = -boundary(boundaryAt(s, Side::Top, i), g.cell(i, j - 1), -q, mag);
                else interior(q, mag, g.cell(i, j - 1), g.cell(i, j));
            }
    }

    // Outflow scaling: a factor per cell, then each face takes its upwind cell's factor.
    std::vector<double> scale(H.size(), 1.0), cellMag(H.size(), 0.0);
    bounds.scaledCells = 0;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const int c = g.cell(i, j);
            const double out = std::max(-st.flowX[g.xFace(i, j)], 0.0) + std::max(st.flowX[g.xFace(i + 1, j)], 0.0) +
                               std::max(-st.flowY[g.yFace(i, j)], 0.0) + std::max(st.flowY[g.yFace(i, j + 1)], 0.0);
            const double available = H[c] * (1.0 - kMargin) * h * h / dt;
            scale[c] = out > available ? available / out : 1.0;
            bounds.scaledCells += scale[c] < 1.0;
            cellMag[c] = magX[g.xFace(i, j)] + magX[g.xFace(i + 1, j)] + magY[g.yFace(i, j)] + magY[g.yFace(i, j + 1)];
        }
    bounds.flowX.assign(st.flowX.size(), 0.0);
    bounds.flowY.assign(st.flowY.size(), 0.0);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            const int f = g.xFace(i, j);
            double mag = magX[f];
            for (int c : {i - 1, i})
                if (c >= 0 && c < g.nx) mag += cellMag[g.cell(c, j)];
            bounds.flowX[f] = kFlowUlps * kFloatUlp * mag;
            const int up = st.flowX[f] > 0.0 ? i - 1 : i;
            if (up >= 0 && up < g.nx) st.flowX[f] *= scale[g.cell(up, j)];
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const int f = g.yFace(i, j);
            double mag = magY[f];
            for (int c : {j - 1, j})
                if (c >= 0 && c < g.ny) mag += cellMag[g.cell(i, c)];
            bounds.flowY[f] = kFlowUlps * kFloatUlp * mag;
            const int up = st.flowY[f] > 0.0 ? j - 1 : j;
            if (up >= 0 && up < g.ny) st.flowY[f] *= scale[g.cell(i, up)];
        }

    // Depth and velocity.
    const double k = dt / (h * h);
    bounds.depth.assign(H.size(), 0.0);
    bounds.velocity.assign(2 * H.size(), 0.0);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const int c = g.cell(i, j);
            const int l = g.xFace(i, j), r = g.xFace(i + 1, j), b = g.yFace(i, j), t = g.yFace(i, j + 1);
            const double ql = st.flowX[l], qr = st.flowX[r], qb = st.flowY[b], qt = st.flowY[t];
            const double net = ql - qr + qb - qt;
            const double oldDepth = H[c];
            st.depth[c] = oldDepth + k * net;
            const double flowBound = bounds.flowX[l] + bounds.flowX[r] + bounds.flowY[b] + bounds.flowY[t];
            bounds.depth[c] = k * flowBound +
                              8.0 * kFloatUlp * (oldDepth + k * (std::abs(ql) + std::abs(qr) + std::abs(qb) + std::abs(qt)));
            const double mean = 0.5 * (oldDepth + st.depth[c]);
            const double meanBound = 0.5 * bounds.depth[c] + 2.0 * kFloatUlp * mean;
            if (mean > s.dryDepth) {
                st.velocity[2 * c] = (ql + qr) * 0.5 / (h * mean);
                st.velocity[2 * c + 1] = (qb + qt) * 0.5 / (h * mean);
                for (int a = 0; a < 2; ++a) {
                    const double v = std::abs(st.velocity[2 * c + a]);
                    const double pairBound = a == 0 ? bounds.flowX[l] + bounds.flowX[r] : bounds.flowY[b] + bounds.flowY[t];
                    bounds.velocity[2 * c + a] = pairBound * 0.5 / (h * mean) + v * (meanBound / mean + 8.0 * kFloatUlp);
                }
            } else {
                st.velocity[2 * c] = st.velocity[2 * c + 1] = 0.0;
            }
        }
}

void advectDye(const WaterSettings& s, State& st, double dt) {
    if (s.lattice == WaterLattice::Triangle) return advectDyeTriangle(s, st, dt);
    const Grid g{int(s.nx), int(s.ny)};
    const double decay = std::exp(-double(s.dyeDecay) * dt);
    auto clampI = [&](int i) { return std::clamp(i, 0, g.nx - 1); };
    auto clampJ = [&](int j) { return std::clamp(j, 0, g.ny - 1); };
    auto bilerp = [&](const std::vector<double>& field, int stride, int component, double x, double y) {
        x = std::clamp(x, 0.0, double(g.nx - 1));
        y = std::clamp(y, 0.0, double(g.ny - 1));
        const int i = int(std::floor(x)), j = int(std::floor(y));
        const double tx = x - i, ty = y - j;
        auto at = [&](int a, int b) { return field[stride * g.cell(clampI(a), clampJ(b)) + component]; };
        return (1 - ty) * ((1 - tx) * at(i, j) + tx * at(i + 1, j)) + ty * ((1 - tx) * at(i, j + 1) + tx * at(i + 1, j + 1));
    };
    std::vector<double> out(st.dye.size());
    const double stepCells = dt / s.cellSize;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const int c = g.cell(i, j);
            if (st.depth[c] <= s.dryDepth) { out[c] = 0.0; continue; }
            const double mx = i - 0.5 * stepCells * st.velocity[2 * c];
            const double my = j - 0.5 * stepCells * st.velocity[2 * c + 1];
            const double vx = bilerp(st.velocity, 2, 0, mx, my), vy = bilerp(st.velocity, 2, 1, mx, my);
            out[c] = bilerp(st.dye, 1, 0, i - stepCells * vx, j - stepCells * vy) * decay;
        }
    st.dye = out;
}

} // namespace billow::water_ref
