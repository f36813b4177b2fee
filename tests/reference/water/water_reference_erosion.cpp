#include "reference/water/water_reference_erosion.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reference/water/water_reference.hpp"
#include "reference/water/water_reference_grid.hpp"

namespace billow::water_ref {
namespace {

bool triangle(const WaterSettings& s) { return s.lattice == WaterLattice::Triangle; }

} // namespace

double latticeCellArea(const WaterSettings& s) {
    const double h = s.cellSize;
    return triangle(s) ? std::sqrt(3.0) / 2.0 * h * h : h * h;
}

std::vector<LatticeNeighbour> latticeNeighbours(const WaterSettings& s, int i, int j) {
    const int nx = int(s.nx), ny = int(s.ny);
    const double h = s.cellSize;
    double hereX, hereY;
    cellCentre(s, i, j, hereX, hereY);
    std::vector<LatticeNeighbour> out;
    for (int dj = -1; dj <= 1; ++dj)
        for (int di = -1; di <= 1; ++di) {
            if (di == 0 && dj == 0) continue;
            double thereX, thereY;
            cellCentre(s, i + di, j + dj, thereX, thereY);
            const double dx = (thereX - hereX) / h, dy = (thereY - hereY) / h;  // in cellSize
            if (std::abs(std::hypot(dx, dy) - 1.0) > 1e-9) continue;  // not one cellSize away
            LatticeNeighbour n;
            n.i = i + di;
            n.j = j + dj;
            n.inside = n.i >= 0 && n.j >= 0 && n.i < nx && n.j < ny;
            n.cell = n.inside ? n.i + n.j * nx : -1;
            n.towardsX = dx;
            n.towardsY = dy;
            // A stored flow is positive along +x, or upwards: it runs from the lower (left) cell
            // of the pair into the upper (right) one, and is stored by the latter.
            const bool neighbourLater = dy > 1e-9 || (std::abs(dy) <= 1e-9 && dx > 0.0);
            const int qi = neighbourLater ? n.i : i, qj = neighbourLater ? n.j : j;
            const double ux = neighbourLater ? dx : -dx;
            n.sign = neighbourLater ? -1.0 : 1.0;
            if (std::abs(ux - 1.0) < 1e-9) {  // along +x
                n.array = 0;
                n.index = size_t(qi + qj * (nx + 1));
            } else if (!triangle(s)) {  // along +y
                n.array = 1;
                n.index = size_t(qi + qj * nx);
            } else if (ux > 0.0) {  // (1/2, sqrt(3)/2): from the lower-left neighbour
                n.array = 1;
                n.index = size_t(qi + qj * (nx + 1));
            } else {  // (-1/2, sqrt(3)/2): from the lower-right neighbour, i from -1
                n.array = 2;
                n.index = size_t(qi + 1 + qj * (nx + 1));
            }
            out.push_back(n);
        }
    return out;
}

void transportSediment(const WaterSettings& s, double dt, const std::vector<double>& depth,
                       const std::array<std::vector<double>, 3>& flows, std::vector<double>& sediment,
                       std::vector<double>& bound) {
    const int nx = int(s.nx), ny = int(s.ny);
    const double area = latticeCellArea(s);
    std::vector<double> out(sediment.size());
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const int c = i + j * nx;
            double net = 0.0, moved = 0.0;
            for (const LatticeNeighbour& n : latticeNeighbours(s, i, j)) {
                const double q = flows[size_t(n.array)][n.index];
                const bool entering = q * n.sign > 0.0;
                if (entering && !n.inside) continue;  // clean water from outside
                const int up = entering ? n.cell : c;
                if (depth[size_t(up)] <= 0.0) continue;
                const double carried = std::abs(q) * dt / area * sediment[size_t(up)] / depth[size_t(up)];
                net += entering ? carried : -carried;
                moved += carried;
            }
            out[size_t(c)] = sediment[size_t(c)] + net;
            // Each edge's transfer is ~6 roundings of its value; the sums a few ulps of the total.
            bound[size_t(c)] += 16.0 * kFloatUlp * (sediment[size_t(c)] + moved);
        }
    sediment = out;
}

std::array<double, 2> terrainGradient(const WaterSettings& s, const std::vector<double>& terrain, int i, int j) {
    // Least squares over the neighbours inside: (sum e e^T) g = sum (T_k - T_c) e / h.
    const int c = i + j * int(s.nx);
    double mxx = 0, mxy = 0, myy = 0, rx = 0, ry = 0;
    for (const LatticeNeighbour& n : latticeNeighbours(s, i, j)) {
        if (!n.inside) continue;
        const double d = terrain[size_t(n.cell)] - terrain[size_t(c)];
        mxx += n.towardsX * n.towardsX;
        mxy += n.towardsX * n.towardsY;
        myy += n.towardsY * n.towardsY;
        rx += d * n.towardsX;
        ry += d * n.towardsY;
    }
    const double det = mxx * myy - mxy * mxy;
    if (det <= 0.0) return {0.0, 0.0};
    return {(myy * rx - mxy * ry) / (det * s.cellSize), (mxx * ry - mxy * rx) / (det * s.cellSize)};
}

void erode(const WaterSettings& s, double dt, ErosionState& st, ErosionBounds& b) {
    const int nx = int(s.nx), ny = int(s.ny);
    const HydraulicErosionSettings& hy = s.erosion.hydraulic;
    const ThermalErosionSettings& th = s.erosion.thermal;
    const double u = kFloatUlp;
    const double edges = triangle(s) ? 6.0 : 4.0;
    const double slideFraction = std::min(double(th.rate) * dt, 1.0) / (2.0 * edges);
    const double talusDrop = s.cellSize * std::tan(double(th.talusAngle) * std::numbers::pi / 180.0);
    const std::vector<double> T = st.terrain;
    std::vector<double> change(T.size(), 0.0);
    b.terrain.assign(T.size(), 0.0);
    b.depth.assign(T.size(), 0.0);
    b.sediment.resize(T.size(), 0.0);
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            const size_t c = size_t(i + j * nx);
            const double H = st.depth[c] * std::exp(-double(s.evaporation) * dt);
            st.depth[c] = H;
            b.depth[c] = 2.0 * u * H;  // the factor rounded to float, one product
            if (hy.enabled) {
                const double sOld = st.sediment[c], sBound = b.sediment[c];
                double sNew = 0.0, newBound = 0.0;
                // Dry, or a sheet of runoff: all it carries settles.
                if (H > std::max(double(s.dryDepth), double(hy.sheetFlowDepth))) {
                    const std::array<double, 2> g = terrainGradient(s, T, i, j);
                    const double g2 = g[0] * g[0] + g[1] * g[1];
                    const double sinTilt = std::sqrt(g2 / (1.0 + g2));
                    const double speed = std::hypot(st.velocity[2 * c], st.velocity[2 * c + 1]);
                    const double limit = hy.deepWaterLimit;
                    const double ramp = limit > 0.0 ? std::clamp(2.0 - H / limit, 0.0, 1.0) : 1.0;
                    const double tilt = std::max(sinTilt, double(hy.minimumTilt));
                    const double C = hy.capacity * tilt * speed * ramp;
                    const bool dissolving = sOld < C;
                    const double rate = dissolving ? hy.dissolveRate * (1.0 - st.hardness[c]) : double(hy.depositRate);
                    const double x = rate * dt;
                    const double f = -std::expm1(-x);
                    sNew = sOld + (C - sOld) * f;
                    // The gradient: a few roundings of each (T_k - T_c) and of the 2x2 solve, whose
                    // inverse has norm at most 2 (the smallest eigenvalue of sum e e^T is >= 1/2).
                    double magnitude = 0.0;
                    for (const LatticeNeighbour& n : latticeNeighbours(s, i, j))
                        if (n.inside) magnitude += std::abs(T[size_t(n.cell)]) + std::abs(T[c]);
                    const double gBound = 32.0 * u * 2.0 * magnitude / s.cellSize + 8.0 * u * std::sqrt(g2);
                    const double rampBound = limit > 0.0 ? 4.0 * u * (2.0 + H / limit) : 0.0;
                    const double cBound = hy.capacity * speed * (ramp * (gBound + 4.0 * u * tilt) + tilt * rampBound) + 8.0 * u * C;
                    // 1 - exp(-x): exp within (3 + 2x) ulps (the Vulkan precision), x a few roundings.
                    const double fBound = dissolving ? (12.0 + 2.0 * x) * u : 2.0 * u;
                    newBound = sBound * (1.0 - f) + f * cBound + std::abs(C - sOld) * fBound + 4.0 * u * (sOld + C) +
                               std::min(std::abs(C - sOld), sBound + cBound);  // s < C may round either way
                }
                st.sediment[c] = sNew;
                b.sediment[c] = newBound;
                change[c] -= sNew - sOld;
                b.terrain[c] += newBound + sBound + 4.0 * u * (sNew + sOld);
            }
            if (th.enabled) {
                double moved = 0.0;
                for (const LatticeNeighbour& n : latticeNeighbours(s, i, j)) {
                    if (!n.inside) continue;
                    const double drop = T[c] - T[size_t(n.cell)];
                    const double excess = std::abs(drop) - talusDrop;
                    const double hardness = drop > 0.0 ? st.hardness[c] : st.hardness[size_t(n.cell)];
                    // Near the talus angle the float test may go either way: the amount is ~0 there.
                    b.terrain[c] += 8.0 * u * slideFraction * (std::abs(T[c]) + std::abs(T[size_t(n.cell)]) + talusDrop);
                    if (excess <= 0.0) continue;
                    const double amount = slideFraction * excess * (1.0 - hardness);
                    change[c] += drop > 0.0 ? -amount : amount;
                    moved += amount;
                }
                b.terrain[c] += 8.0 * u * moved;
            }
        }
    for (size_t c = 0; c < T.size(); ++c) {
        st.terrain[c] = T[c] + change[c];
        if (hy.enabled || th.enabled) b.terrain[c] += 2.0 * u * (std::abs(T[c]) + std::abs(change[c]));
    }
}

} // namespace billow::water_ref
