// Double-precision reference of the momentum model's face update (shaders/water/momentum.comp and
// water/momentum_flow.comp): face velocities advected in momentum-conserving form (Stelling &
// Duinmeijer 2003) with the flows the last depth update applied, accelerated by the surface
// slope, and the new flows Q = h * (upwind depth) * u, each value with a bound on the float
// rounding the GPU's value may carry.
//
// Bounds: every quantity is a short chain of float operations (at most ~15 roundings from an
// input to a face velocity: the flow per metre Q/h, the corner average, the difference and
// product, the sum of four sides, the multiplication by 1/h and the division by the face depth,
// the surface difference times g/h, the update u*f - dt*a, the viscosity factor). Each rounding
// adds at most one ulp of the intermediate, and every intermediate is at most the sum of the
// absolute values of the terms it is built from, so |gpu - exact| <= n ulp * magnitude with
// n <= 32 (twice the longest chain, to leave room for the few inputs such as 1/h and the friction
// factor that arrive rounded). A decision on a sign or on the dry threshold that rounding could
// flip (|value| within its bound) is covered by widening the bound to both outcomes.
#include <algorithm>
#include <cmath>

#include "reference/water/water_reference.hpp"
#include "reference/water/water_reference_grid.hpp"

namespace billow::water_ref {
namespace {

constexpr double kVelocityUlps = 32.0;

// The state at the start of the substep, read-only, with the face geometry (axis 0: x-faces,
// axis 1: y-faces).
struct FaceField {
    const Grid& g;
    double invH;
    const std::vector<double>& depth;
    const std::vector<double>& u0;  // x-face velocities
    const std::vector<double>& v0;  // y-face velocities
    const std::vector<double>& flowX;  // flows the last depth update applied, m^3/s
    const std::vector<double>& flowY;

    int cellsAlong(int axis) const { return axis == 0 ? g.nx : g.ny; }
    double velocity(int axis, int i, int j) const { return axis == 0 ? u0[g.xFace(i, j)] : v0[g.yFace(i, j)]; }
    // Depth of the cell a velocity u at face (i, j) of `axis` leaves (the inner cell at a boundary).
    double upwindDepth(int axis, int i, int j, double u) const {
        const int di = axis == 0 ? 1 : 0, dj = 1 - di;
        const bool hasLow = (axis == 0 ? i : j) - 1 >= 0, hasHigh = (axis == 0 ? i : j) < cellsAlong(axis);
        const bool low = (u > 0.0 && hasLow) || !hasHigh;
        return low ? depth[g.cell(i - di, j - dj)] : depth[g.cell(i, j)];
    }
    double unitFlow(int axis, int i, int j) const { return (axis == 0 ? flowX[g.xFace(i, j)] : flowY[g.yFace(i, j)]) * invH; }
};

struct Value { double value, bound; };

// Advection term of face (i, j) of `axis` with velocity u and face depth faceDepth, and the
// magnitude its rounding scales with.
Value advection(const FaceField& f, int axis, int i, int j, double u, double faceDepth, double invH) {
    const int across = 1 - axis;
    const int ei = axis == 0 ? 1 : 0, ej = 1 - ei;  // along
    const int ti = ej, tj = ei;                      // across
    double term = 0.0, magnitude = 0.0;
    // One side of the control volume: corner/cell flow from two faces' flows q1, q2, the velocity
    // beyond it, and whether it is the "before" side (its flow enters when positive).
    auto side = [&](double q1, double q2, double uBeyond, bool before) {
        const double qbar = 0.5 * (q1 + q2);
        if (before) term += std::max(qbar, 0.0) * (u - uBeyond);
        else term += std::min(qbar, 0.0) * (uBeyond - u);
        magnitude += 0.5 * (std::abs(q1) + std::abs(q2)) * (std::abs(u) + std::abs(uBeyond));
    };
    const double qHere = f.unitFlow(axis, i, j);
    side(f.unitFlow(axis, i - ei, j - ej), qHere, f.velocity(axis, i - ei, j - ej), true);
    side(qHere, f.unitFlow(axis, i + ei, j + ej), f.velocity(axis, i + ei, j + ej), false);
    const int acrossPos = axis == 0 ? j : i;
    const double uBelow = acrossPos > 0 ? f.velocity(axis, i - ti, j - tj) : u;
    const double uAbove = acrossPos + 1 < f.cellsAlong(across) ? f.velocity(axis, i + ti, j + tj) : u;
    side(f.unitFlow(across, i - ei, j - ej), f.unitFlow(across, i, j), uBelow, true);
    side(f.unitFlow(across, i - ei + ti, j - ej + tj), f.unitFlow(across, i + ti, j + tj), uAbove, false);
    return {term * invH / faceDepth, magnitude * invH / faceDepth};
}

} // namespace

void momentumFaces(const WaterSettings& s, State& st, double dt, double time,
                   std::vector<double>& flowBoundX, std::vector<double>& flowBoundY, Bounds& bounds) {
    const Grid g{int(s.nx), int(s.ny)};
    const double h = s.cellSize, invH = 1.0 / h, gravity = s.gravity, dry = s.dryDepth;
    const double friction = std::pow(1.0 - double(s.friction), dt);
    const std::vector<double> u0 = st.faceVelocityX, v0 = st.faceVelocityY, flowX0 = st.flowX, flowY0 = st.flowY;
    const FaceField field{g, invH, st.depth, u0, v0, flowX0, flowY0};
    const std::vector<double>& H = st.depth;
    const std::vector<double>& T = st.terrain;
    const double ulp = kFloatUlp;

    auto viscous = [&](double q, double upwindDepth) { return viscousDamping(s, q, upwindDepth, dt); };
    // Interior face between cells a and b (b at (i, j)).
    auto interior = [&](int axis, int i, int j, int a, int b) -> Value {
        const double faceDepth = 0.5 * (H[a] + H[b]);
        if (faceDepth <= dry) return {0.0, 0.0};
        const double u = field.velocity(axis, i, j);
        const Value adv = advection(field, axis, i, j, u, faceDepth, invH);
        const double slope = gravity * ((T[b] + H[b]) - (T[a] + H[a])) * invH;
        const double slopeMagnitude = gravity * (std::abs(T[a]) + H[a] + std::abs(T[b]) + H[b]) * invH;
        const double v = u * friction - dt * (adv.value + slope);
        double bound = kVelocityUlps * ulp * (std::abs(u) * friction + dt * (adv.bound + slopeMagnitude));
        // The dry-face test on a rounded face depth could go either way.
        if (std::abs(faceDepth - dry) <= 4.0 * ulp * faceDepth) bound += std::abs(v);
        const double upwind = v > 0.0 ? H[a] : H[b];
        // Within its bound the sign, hence the upwind cell and the dry test, could differ.
        if (std::abs(v) <= bound) bound += std::abs(v);
        if (upwind <= dry) return {0.0, bound};
        const double w = viscous(v, upwind);
        return {w, bound + 8.0 * ulp * std::abs(w)};
    };
    // Boundary face: velocity and flow into the domain (flowIn, bound flowInBound).
    auto boundary = [&](const WaterBoundary& b, int inner, double& flowIn, double& flowInBound) -> Value {
        const double d = H[inner];
        flowIn = flowInBound = 0.0;
        if (b.type == WaterBoundaryType::Inflow || b.type == WaterBoundaryType::WaveMaker) {
            double magnitude;
            const double q = prescribedInflow(b, time, magnitude);
            flowIn = q * h;
            flowInBound = kVelocityUlps * ulp * magnitude * h;
            if (d <= dry) return {0.0, 0.0};
            const double critical = std::sqrt(gravity * d);
            const double u = std::clamp(q / d, -critical, critical);
            return {u, kVelocityUlps * ulp * magnitude / d + 8.0 * ulp * critical};
        }
        if (b.type == WaterBoundaryType::Outflow) {
            if (d <= dry) return {0.0, 0.0};
            const double speed = std::sqrt(gravity * d);
            flowIn = -speed * d * h;
            flowInBound = 8.0 * ulp * std::abs(flowIn);
            return {-speed, 8.0 * ulp * speed};
        }
        return {0.0, 0.0};
    };

    std::vector<double> u1(u0.size()), v1(v0.size());
    bounds.faceVelocityX.assign(u0.size(), 0.0);
    bounds.faceVelocityY.assign(v0.size(), 0.0);
    flowBoundX.assign(u0.size(), 0.0);
    flowBoundY.assign(v0.size(), 0.0);
    // The flow of an interior face and its bound: h * (upwind depth) * u, where within u's bound
    // the upwind cell could be either.
    auto interiorFlow = [&](int axis, int i, int j, int a, int b, const Value& u, double& flow, double& bound) {
        flow = u.value * field.upwindDepth(axis, i, j, u.value) * h;
        bound = 2.0 * h * std::max(H[a], H[b]) * u.bound + 16.0 * ulp * std::abs(flow);
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            const int f = g.xFace(i, j);
            Value u;
            if (i == 0 || i == g.nx) {
                const bool low = i == 0;
                double flowIn, flowInBound;
                u = boundary(boundaryAt(s, low ? Side::Left : Side::Right, j), g.cell(low ? 0 : i - 1, j), flowIn,
                             flowInBound);
                if (!low) u.value = -u.value, flowIn = -flowIn;
                st.flowX[f] = flowIn;
                flowBoundX[f] = flowInBound + 8.0 * ulp * std::abs(flowIn);
            } else {
                u = interior(0, i, j, g.cell(i - 1, j), g.cell(i, j));
                interiorFlow(0, i, j, g.cell(i - 1, j), g.cell(i, j), u, st.flowX[f], flowBoundX[f]);
            }
            u1[f] = u.value;
            bounds.faceVelocityX[f] = u.bound;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            const int f = g.yFace(i, j);
            Value u;
            if (j == 0 || j == g.ny) {
                const bool low = j == 0;
                double flowIn, flowInBound;
                u = boundary(boundaryAt(s, low ? Side::Bottom : Side::Top, i), g.cell(i, low ? 0 : j - 1), flowIn,
                             flowInBound);
                if (!low) u.value = -u.value, flowIn = -flowIn;
                st.flowY[f] = flowIn;
                flowBoundY[f] = flowInBound + 8.0 * ulp * std::abs(flowIn);
            } else {
                u = interior(1, i, j, g.cell(i, j - 1), g.cell(i, j));
                interiorFlow(1, i, j, g.cell(i, j - 1), g.cell(i, j), u, st.flowY[f], flowBoundY[f]);
            }
            v1[f] = u.value;
            bounds.faceVelocityY[f] = u.bound;
        }
    st.faceVelocityX = u1;
    st.faceVelocityY = v1;
}

} // namespace billow::water_ref
