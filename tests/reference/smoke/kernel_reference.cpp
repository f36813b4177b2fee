#include "reference/smoke/kernel_reference.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

namespace billow::reference {
namespace {

constexpr int kLeft = 0, kRight = 1, kBottom = 2, kTop = 3;
constexpr int kMoving = int(BoundaryType::MovingWall), kInflow = int(BoundaryType::Inflow);

int wrap(int i, int n) { int r = i % n; return r < 0 ? r + n : r; }

struct Tap { int index; double scale, offset; };
struct CellTap { int index; int inflowSide; };

void tangentialGhost(const Grid& g, int side, Tap& t) {
    if (g.type[side] == kMoving) { t.scale = -1; t.offset = 2 * g.wallTangent[side]; }
    else if (g.type[side] == kInflow) { t.scale = -1; t.offset = 0; }
}

Tap tapU(const Grid& g, int i, int j) {
    Tap t{0, 1, 0};
    i = g.periodicX() ? wrap(i, g.nx) : std::clamp(i, 0, g.nx);
    if (j < 0 || j >= g.ny) {
        if (g.periodicY()) j = wrap(j, g.ny);
        else { tangentialGhost(g, j < 0 ? kBottom : kTop, t); j = std::clamp(j, 0, g.ny - 1); }
    }
    t.index = g.u(i, j);
    return t;
}

Tap tapV(const Grid& g, int i, int j) {
    Tap t{0, 1, 0};
    j = g.periodicY() ? wrap(j, g.ny) : std::clamp(j, 0, g.ny);
    if (i < 0 || i >= g.nx) {
        if (g.periodicX()) i = wrap(i, g.nx);
        else { tangentialGhost(g, i < 0 ? kLeft : kRight, t); i = std::clamp(i, 0, g.nx - 1); }
    }
    t.index = g.v(i, j);
    return t;
}

CellTap tapCell(const Grid& g, int i, int j, int sx, int sy) {
    CellTap t{0, -1};
    if (i < 0 || i >= sx) {
        if (g.periodicX()) i = wrap(i, sx);
        else { int side = i < 0 ? kLeft : kRight; if (g.type[side] == kInflow) t.inflowSide = side; i = std::clamp(i, 0, sx - 1); }
    }
    if (j < 0 || j >= sy) {
        if (g.periodicY()) j = wrap(j, sy);
        else {
            int side = j < 0 ? kBottom : kTop;
            if (t.inflowSide < 0 && g.type[side] == kInflow) t.inflowSide = side;
            j = std::clamp(j, 0, sy - 1);
        }
    }
    t.index = i + j * sx;
    return t;
}

double readU(const Grid& g, const Field& u, int i, int j) { Tap t = tapU(g, i, j); return t.scale * u[t.index] + t.offset; }
double readV(const Grid& g, const Field& v, int i, int j) { Tap t = tapV(g, i, j); return t.scale * v[t.index] + t.offset; }

double bilerp(double x, double y, const std::function<double(int, int)>& read) {
    double fx = std::floor(x), fy = std::floor(y);
    int i = int(fx), j = int(fy);
    double tx = x - fx, ty = y - fy;
    double a = read(i, j) * (1 - tx) + read(i + 1, j) * tx;
    double b = read(i, j + 1) * (1 - tx) + read(i + 1, j + 1) * tx;
    return a * (1 - ty) + b * ty;
}

struct Vec2 { double x, y; };

Vec2 clampToDomain(const Grid& g, Vec2 p) {
    if (!g.periodicX()) p.x = std::clamp(p.x, 0.0, g.nx * g.h);
    if (!g.periodicY()) p.y = std::clamp(p.y, 0.0, g.ny * g.h);
    return p;
}

Vec2 velocityAt(const Grid& g, const State& s, Vec2 p) {
    double u = bilerp(p.x / g.h, p.y / g.h - 0.5, [&](int i, int j) { return readU(g, s.u, i, j); });
    double v = bilerp(p.x / g.h - 0.5, p.y / g.h, [&](int i, int j) { return readV(g, s.v, i, j); });
    return {u, v};
}

Vec2 traceBack(const Grid& g, const State& s, Vec2 p, double dt) {
    Vec2 v1 = velocityAt(g, s, p);
    Vec2 mid = clampToDomain(g, {p.x - 0.5 * dt * v1.x, p.y - 0.5 * dt * v1.y});
    Vec2 v2 = velocityAt(g, s, mid);
    return clampToDomain(g, {p.x - dt * v2.x, p.y - dt * v2.y});
}

int canonicalU(const Grid& g, int i) { return g.periodicX() && i == g.nx ? 0 : i; }
int canonicalV(const Grid& g, int j) { return g.periodicY() && j == g.ny ? 0 : j; }

double fluid(const State& s, int c) { return std::clamp(1.0 - s.solid[c], 0.0, 1.0); }

double neighbourPressure(const Grid& g, const Field& p, int i, int j) {
    bool outX = i < 0 || i >= g.nx, outY = j < 0 || j >= g.ny;
    if ((outX && !g.periodicX()) || (outY && !g.periodicY())) return 0.0;
    return p[g.c(wrap(i, g.nx), wrap(j, g.ny))];
}

Field toDouble(const std::vector<float>& f) { return Field(f.begin(), f.end()); }

} // namespace

Grid::Grid(const SmokeSettings& s)
    : nx(int(s.nx)), ny(int(s.ny)), dnx(int(s.effectiveDyeNx())), dny(int(s.effectiveDyeNy())), h(s.cellSize) {
    dhx = h * nx / dnx;
    dhy = h * ny / dny;
    for (int k = 0; k < 4; ++k) {
        const BoundarySide& b = s.boundaries[k];
        type[k] = int(b.type);
        wallTangent[k] = b.tangentialVelocity;
        inflowSpeed[k] = b.normalVelocity;
        inflowDensity[k] = b.density;
        inflowTemperature[k] = b.temperature;
        for (int c = 0; c < 4; ++c) inflowDye[k][c] = b.dye[c];
    }
}

State fromSolver(SmokeSolver& solver) {
    State s;
    s.u = toDouble(solver.download(billow::Field::VelocityX));
    s.v = toDouble(solver.download(billow::Field::VelocityY));
    s.density = toDouble(solver.download(billow::Field::Density));
    s.temperature = toDouble(solver.download(billow::Field::Temperature));
    s.dye = toDouble(solver.download(billow::Field::Dye));
    s.pressure = toDouble(solver.download(billow::Field::Pressure));
    s.divergence = toDouble(solver.download(billow::Field::Divergence));
    s.curl = toDouble(solver.download(billow::Field::Curl));
    s.solid = toDouble(solver.download(billow::Field::Solid));
    s.openX = toDouble(solver.download(billow::Field::OpenX));
    s.openY = toDouble(solver.download(billow::Field::OpenY));
    return s;
}

void faceFractions(const Grid& g, State& s) {
    auto boundary = [&](int side, double inner, double wrapped) {
        if (g.type[side] == int(BoundaryType::Periodic)) return std::min(inner, wrapped);
        if (g.type[side] == int(BoundaryType::Outflow)) return inner;
        return 0.0;
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            double f;
            if (i == 0) f = boundary(kLeft, fluid(s, g.c(0, j)), fluid(s, g.c(g.nx - 1, j)));
            else if (i == g.nx) f = boundary(kRight, fluid(s, g.c(g.nx - 1, j)), fluid(s, g.c(0, j)));
            else f = std::min(fluid(s, g.c(i - 1, j)), fluid(s, g.c(i, j)));
            s.openX[g.u(i, j)] = f;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double f;
            if (j == 0) f = boundary(kBottom, fluid(s, g.c(i, 0)), fluid(s, g.c(i, g.ny - 1)));
            else if (j == g.ny) f = boundary(kTop, fluid(s, g.c(i, g.ny - 1)), fluid(s, g.c(i, 0)));
            else f = std::min(fluid(s, g.c(i, j - 1)), fluid(s, g.c(i, j)));
            s.openY[g.v(i, j)] = f;
        }
}

void inject(const Grid& g, State& s, const std::vector<Splat>& splats) {
    auto weight = [](const Splat& sp, double x, double y) {
        double d = std::hypot(x - sp.x, y - sp.y);
        if (sp.falloff == Falloff::Linear) return std::max(0.0, 1.0 - d / sp.radius);
        return d > 4.0 * sp.radius ? 0.0 : std::exp(-(d * d) / (double(sp.radius) * sp.radius));  // cut off at 4 radii
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (s.openX[g.u(i, j)] > 0)
                for (const Splat& sp : splats) s.u[g.u(i, j)] += weight(sp, canonicalU(g, i) * g.h, (j + 0.5) * g.h) * sp.velocity[0];
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0)
                for (const Splat& sp : splats) s.v[g.v(i, j)] += weight(sp, (i + 0.5) * g.h, canonicalV(g, j) * g.h) * sp.velocity[1];
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            for (const Splat& sp : splats) {
                double w = weight(sp, (i + 0.5) * g.h, (j + 0.5) * g.h);
                s.density[g.c(i, j)] += w * sp.density;
                s.temperature[g.c(i, j)] += w * sp.temperature;
            }
    for (int j = 0; j < g.dny; ++j)
        for (int i = 0; i < g.dnx; ++i)
            for (const Splat& sp : splats) {
                double w = weight(sp, (i + 0.5) * g.dhx, (j + 0.5) * g.dhy);
                for (int c = 0; c < 4; ++c) s.dye[(i + j * g.dnx) * 4 + c] += w * sp.dye[c];
            }
}

void buoyancy(const Grid& g, State& s, const SmokeSettings& st, double dt) {
    auto lift = [&](int i, int j) {
        CellTap t = tapCell(g, i, j, g.nx, g.ny);
        double rho = t.inflowSide >= 0 ? g.inflowDensity[t.inflowSide] : s.density[t.index];
        double temp = t.inflowSide >= 0 ? g.inflowTemperature[t.inflowSide] : s.temperature[t.index];
        return double(st.densityWeight) * rho - double(st.thermalExpansion) * (temp - st.ambientTemperature);
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (s.openX[g.u(i, j)] > 0) {
                int ic = canonicalU(g, i);
                s.u[g.u(i, j)] += dt * st.gravity[0] * 0.5 * (lift(ic - 1, j) + lift(ic, j));
            }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0) {
                int jc = canonicalV(g, j);
                s.v[g.v(i, j)] += dt * st.gravity[1] * 0.5 * (lift(i, jc - 1) + lift(i, jc));
            }
}

void vorticity(const Grid& g, State& s, double epsilon, double dt) {
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            int ic = canonicalU(g, i), jc = canonicalV(g, j);
            s.curl[g.node(i, j)] = (readV(g, s.v, ic, jc) - readV(g, s.v, ic - 1, jc) - readU(g, s.u, ic, jc) +
                                    readU(g, s.u, ic, jc - 1)) / g.h;
        }
    if (epsilon == 0) return;
    auto omega = [&](int i, int j) {
        i = g.periodicX() ? wrap(i, g.nx) : std::clamp(i, 0, g.nx);
        j = g.periodicY() ? wrap(j, g.ny) : std::clamp(j, 0, g.ny);
        return s.curl[g.node(i, j)];
    };
    auto unit = [](double x, double y) {
        double len = std::hypot(x, y);
        return len > 0 ? Vec2{x / len, y / len} : Vec2{0, 0};
    };
    const double strength = dt * epsilon * g.h;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            if (s.openX[g.u(i, j)] > 0) {
                int ic = canonicalU(g, i);
                double gy = std::abs(omega(ic, j + 1)) - std::abs(omega(ic, j));
                double gx = 0.25 * (std::abs(omega(ic + 1, j)) - std::abs(omega(ic - 1, j)) +
                                    std::abs(omega(ic + 1, j + 1)) - std::abs(omega(ic - 1, j + 1)));
                s.u[g.u(i, j)] += strength * unit(gx, gy).y * 0.5 * (omega(ic, j) + omega(ic, j + 1));
            }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i)
            if (s.openY[g.v(i, j)] > 0) {
                int jc = canonicalV(g, j);
                double gx = std::abs(omega(i + 1, jc)) - std::abs(omega(i, jc));
                double gy = 0.25 * (std::abs(omega(i, jc + 1)) - std::abs(omega(i, jc - 1)) +
                                    std::abs(omega(i + 1, jc + 1)) - std::abs(omega(i + 1, jc - 1)));
                s.v[g.v(i, j)] -= strength * unit(gx, gy).x * 0.5 * (omega(i, jc) + omega(i + 1, jc));
            }
}

void advect(const Grid& g, State& s, double dt, double ambient) {
    State out = s;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            int ic = canonicalU(g, i), k = g.u(ic, j);
            double value = s.u[k];
            if (s.openX[k] > 0) {
                Vec2 p = traceBack(g, s, {ic * g.h, (j + 0.5) * g.h}, dt);
                value = bilerp(p.x / g.h, p.y / g.h - 0.5, [&](int a, int b) { return readU(g, s.u, a, b); });
            }
            out.u[g.u(i, j)] = value;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            int jc = canonicalV(g, j), k = g.v(i, jc);
            double value = s.v[k];
            if (s.openY[k] > 0) {
                Vec2 p = traceBack(g, s, {(i + 0.5) * g.h, jc * g.h}, dt);
                value = bilerp(p.x / g.h - 0.5, p.y / g.h, [&](int a, int b) { return readV(g, s.v, a, b); });
            }
            out.v[g.v(i, j)] = value;
        }
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            int c = g.c(i, j);
            if (s.solid[c] >= 1.0) {
                double sumDensity = 0, sumTemperature = 0, count = 0;
                const int offsets[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
                for (const auto& o : offsets) {
                    int a = i + o[0], b = j + o[1];
                    if (a < 0 || b < 0 || a >= g.nx || b >= g.ny || s.solid[g.c(a, b)] >= 1.0) continue;
                    sumDensity += s.density[g.c(a, b)];
                    sumTemperature += s.temperature[g.c(a, b)];
                    count += 1;
                }
                out.density[c] = count > 0 ? sumDensity / count : 0.0;
                out.temperature[c] = count > 0 ? sumTemperature / count : ambient;
                continue;
            }
            Vec2 p = traceBack(g, s, {(i + 0.5) * g.h, (j + 0.5) * g.h}, dt);
            auto scalar = [&](const Field& f, const std::array<double, 4>& inflow) {
                return bilerp(p.x / g.h - 0.5, p.y / g.h - 0.5, [&](int a, int b) {
                    CellTap t = tapCell(g, a, b, g.nx, g.ny);
                    return t.inflowSide >= 0 ? inflow[t.inflowSide] : f[t.index];
                });
            };
            out.density[c] = scalar(s.density, g.inflowDensity);
            out.temperature[c] = scalar(s.temperature, g.inflowTemperature);
        }
    for (int j = 0; j < g.dny; ++j)
        for (int i = 0; i < g.dnx; ++i) {
            Vec2 p = traceBack(g, s, {(i + 0.5) * g.dhx, (j + 0.5) * g.dhy}, dt);
            for (int ch = 0; ch < 4; ++ch)
                out.dye[(i + j * g.dnx) * 4 + ch] = bilerp(p.x / g.dhx - 0.5, p.y / g.dhy - 0.5, [&](int a, int b) {
                    CellTap t = tapCell(g, a, b, g.dnx, g.dny);
                    return t.inflowSide >= 0 ? g.inflowDye[t.inflowSide][ch] : s.dye[t.index * 4 + ch];
                });
        }
    s = out;
}

void advectCorrected(const Grid& g, State& s, double dt, double ambient, AdvectionScheme scalars, AdvectionScheme dye) {
    // Semi-Lagrangian advection of fields `f` by the velocity of `s` (fields not asked for are
    // advected too and ignored).
    auto sl = [&](const State& fields, double step) {
        State t = fields;
        t.u = s.u;
        t.v = s.v;
        advect(g, t, step, ambient);
        return t;
    };
    // Limits `value` to the original field's four cells around the forward back-trace of cell (i, j).
    auto limit = [&](double value, int i, int j, double cellX, double cellY, int sx, int sy,
                     const std::function<double(int)>& original, const std::function<double(int)>& inflow) {
        Vec2 p = traceBack(g, s, {(i + 0.5) * cellX, (j + 0.5) * cellY}, dt);
        int a = int(std::floor(p.x / cellX - 0.5)), b = int(std::floor(p.y / cellY - 0.5));
        double lo = 1e300, hi = -1e300;
        for (int dj = 0; dj < 2; ++dj)
            for (int di = 0; di < 2; ++di) {
                CellTap t = tapCell(g, a + di, b + dj, sx, sy);
                double x = t.inflowSide >= 0 ? inflow(t.inflowSide) : original(t.index);
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
        return std::clamp(value, lo, hi);
    };
    const State original = s;
    State forward = sl(original, dt);
    State backward = sl(forward, -dt);
    State compensated = original;
    State result = forward;
    const bool bfeccScalars = scalars == AdvectionScheme::BFECC, bfeccDye = dye == AdvectionScheme::BFECC;
    for (size_t k = 0; k < original.density.size(); ++k) {
        compensated.density[k] = original.density[k] + 0.5 * (original.density[k] - backward.density[k]);
        compensated.temperature[k] = original.temperature[k] + 0.5 * (original.temperature[k] - backward.temperature[k]);
    }
    for (size_t k = 0; k < original.dye.size(); ++k)
        compensated.dye[k] = original.dye[k] + 0.5 * (original.dye[k] - backward.dye[k]);
    const State again = sl(compensated, dt);

    if (scalars != AdvectionScheme::SemiLagrangian)
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                int c = g.c(i, j);
                if (s.solid[c] >= 1.0) {  // not limited: the last forward advection's value
                    if (bfeccScalars) { result.density[c] = again.density[c]; result.temperature[c] = again.temperature[c]; }
                    continue;
                }
                for (int f = 0; f < 2; ++f) {
                    Field State::*m = f == 0 ? &State::density : &State::temperature;
                    const auto& inflowValues = f == 0 ? g.inflowDensity : g.inflowTemperature;
                    double unlimited = bfeccScalars ? (again.*m)[c]
                                                    : (forward.*m)[c] + 0.5 * ((original.*m)[c] - (backward.*m)[c]);
                    (result.*m)[c] = limit(unlimited, i, j, g.h, g.h, g.nx, g.ny,
                                           [&](int k) { return (original.*m)[k]; },
                                           [&](int side) { return inflowValues[side]; });
                }
            }
    if (dye != AdvectionScheme::SemiLagrangian)
        for (int j = 0; j < g.dny; ++j)
            for (int i = 0; i < g.dnx; ++i)
                for (int ch = 0; ch < 4; ++ch) {
                    int k = (i + j * g.dnx) * 4 + ch;
                    double unlimited = bfeccDye ? again.dye[k] : forward.dye[k] + 0.5 * (original.dye[k] - backward.dye[k]);
                    result.dye[k] = limit(unlimited, i, j, g.dhx, g.dhy, g.dnx, g.dny,
                                          [&](int cell) { return original.dye[cell * 4 + ch]; },
                                          [&](int side) { return g.inflowDye[side][ch]; });
                }
    s = result;
}

void diffuseVelocityOneSweep(const Grid& g, State& s, double a) {
    State out = s;
    const double denominator = 1 + 4 * a;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            int ic = canonicalU(g, i), k = g.u(ic, j);
            if (s.openX[k] > 0)
                out.u[g.u(i, j)] = (s.u[k] + a * (readU(g, s.u, ic - 1, j) + readU(g, s.u, ic + 1, j) +
                                                  readU(g, s.u, ic, j - 1) + readU(g, s.u, ic, j + 1))) / denominator;
            else out.u[g.u(i, j)] = s.u[k];
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            int jc = canonicalV(g, j), k = g.v(i, jc);
            if (s.openY[k] > 0)
                out.v[g.v(i, j)] = (s.v[k] + a * (readV(g, s.v, i - 1, jc) + readV(g, s.v, i + 1, jc) +
                                                  readV(g, s.v, i, jc - 1) + readV(g, s.v, i, jc + 1))) / denominator;
            else out.v[g.v(i, j)] = s.v[k];
        }
    s = out;
}

void diffuseDyeOneSweep(const Grid& g, State& s, double ax, double ay) {
    Field out = s.dye;
    for (int j = 0; j < g.dny; ++j)
        for (int i = 0; i < g.dnx; ++i)
            for (int ch = 0; ch < 4; ++ch) {
                auto read = [&](int a, int b) {
                    CellTap t = tapCell(g, a, b, g.dnx, g.dny);
                    return t.inflowSide >= 0 ? g.inflowDye[t.inflowSide][ch] : s.dye[t.index * 4 + ch];
                };
                double sum = ax * (read(i - 1, j) + read(i + 1, j)) + ay * (read(i, j - 1) + read(i, j + 1));
                out[(i + j * g.dnx) * 4 + ch] = (s.dye[(i + j * g.dnx) * 4 + ch] + sum) / (1 + 2 * ax + 2 * ay);
            }
    s.dye = out;
}

void damping(const Grid& g, State& s, const SmokeSettings& st, double dt) {
    const double factor = std::exp(-double(st.velocityDamping) * dt);
    auto limited = [&](double own, double other) {
        double value = own * factor, speed = factor * std::hypot(own, other);
        if (st.maxSpeed > 0 && speed > st.maxSpeed) value *= st.maxSpeed / speed;
        return value;
    };
    State out = s;
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            int ic = canonicalU(g, i), k = g.u(ic, j);
            double value = s.u[k];
            if (s.openX[k] > 0) {
                double vAvg = 0.25 * (readV(g, s.v, ic - 1, j) + readV(g, s.v, ic, j) + readV(g, s.v, ic - 1, j + 1) +
                                      readV(g, s.v, ic, j + 1));
                value = limited(value, vAvg);
            }
            out.u[g.u(i, j)] = value;
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            int jc = canonicalV(g, j), k = g.v(i, jc);
            double value = s.v[k];
            if (s.openY[k] > 0) {
                double uAvg = 0.25 * (readU(g, s.u, i, jc - 1) + readU(g, s.u, i + 1, jc - 1) + readU(g, s.u, i, jc) +
                                      readU(g, s.u, i + 1, jc));
                value = limited(value, uAvg);
            }
            out.v[g.v(i, j)] = value;
        }
    const double densityFactor = std::exp(-double(st.densityDamping) * dt);
    const double temperatureFactor = std::exp(-double(st.temperatureRelaxation) * dt);
    for (size_t c = 0; c < s.density.size(); ++c) {
        out.density[c] = s.density[c] * densityFactor;
        out.temperature[c] = st.ambientTemperature + (s.temperature[c] - st.ambientTemperature) * temperatureFactor;
    }
    const double dyeFactor = std::exp(-double(st.dyeDamping) * dt);
    for (double& x : out.dye) x *= dyeFactor;
    s = out;
}

void divergence(const Grid& g, State& s) {
    auto area = [&](double open, bool onSide, int side, double f) { return onSide && g.type[side] == kInflow ? f : open; };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double f = fluid(s, g.c(i, j));
            int l = g.u(i, j), r = g.u(i + 1, j), b = g.v(i, j), t = g.v(i, j + 1);
            double flux = area(s.openX[r], i == g.nx - 1, kRight, f) * s.u[r] - area(s.openX[l], i == 0, kLeft, f) * s.u[l] +
                          area(s.openY[t], j == g.ny - 1, kTop, f) * s.v[t] - area(s.openY[b], j == 0, kBottom, f) * s.v[b];
            s.divergence[g.c(i, j)] = flux / g.h;
        }
}

void pressureSweep(const Grid& g, State& s, double dt) {
    const double relaxation = 0.8, rhsScale = g.h * g.h / dt;
    Field out(s.pressure.size());
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            double wl = s.openX[g.u(i, j)], wr = s.openX[g.u(i + 1, j)];
            double wb = s.openY[g.v(i, j)], wt = s.openY[g.v(i, j + 1)];
            double weight = wl + wr + wb + wt, p = 0;
            if (weight > 0) {
                double sum = wl * neighbourPressure(g, s.pressure, i - 1, j) + wr * neighbourPressure(g, s.pressure, i + 1, j) +
                             wb * neighbourPressure(g, s.pressure, i, j - 1) + wt * neighbourPressure(g, s.pressure, i, j + 1);
                double previous = s.pressure[g.c(i, j)];
                p = previous + relaxation * ((sum - rhsScale * s.divergence[g.c(i, j)]) / weight - previous);
            }
            out[g.c(i, j)] = p;
        }
    s.pressure = out;
}

void pressureSorIteration(const Grid& g, State& s, double dt, double omega) {
    const double rhsScale = g.h * g.h / dt;
    auto colourOf = [&](int i, int j) {
        int c = (i + j) % 2;
        if (g.periodicX() && g.nx % 2 == 1 && i == g.nx - 1) c += 2;
        if (g.periodicY() && g.ny % 2 == 1 && j == g.ny - 1) c += 4;
        return c;
    };
    for (int colour = 0; colour < 8; ++colour)
        for (int j = 0; j < g.ny; ++j)
            for (int i = 0; i < g.nx; ++i) {
                if (colourOf(i, j) != colour) continue;
                double wl = s.openX[g.u(i, j)], wr = s.openX[g.u(i + 1, j)];
                double wb = s.openY[g.v(i, j)], wt = s.openY[g.v(i, j + 1)];
                double weight = wl + wr + wb + wt;
                double& p = s.pressure[g.c(i, j)];
                if (weight <= 0) { p = 0; continue; }
                double sum = wl * neighbourPressure(g, s.pressure, i - 1, j) + wr * neighbourPressure(g, s.pressure, i + 1, j) +
                             wb * neighbourPressure(g, s.pressure, i, j - 1) + wt * neighbourPressure(g, s.pressure, i, j + 1);
                p += omega * ((sum - rhsScale * s.divergence[g.c(i, j)]) / weight - p);
            }
}

void subtractGradient(const Grid& g, State& s, double dt) {
    const double scale = dt / g.h;
    auto prescribed = [&](int side, bool onSide, double sign) {
        return onSide && g.type[side] == kInflow ? sign * g.inflowSpeed[side] : 0.0;
    };
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            int ic = canonicalU(g, i), k = g.u(i, j);
            if (s.openX[k] > 0)
                s.u[k] -= scale * (neighbourPressure(g, s.pressure, ic, j) - neighbourPressure(g, s.pressure, ic - 1, j));
            else s.u[k] = ic == 0 ? prescribed(kLeft, true, 1) : prescribed(kRight, ic == g.nx, -1);
        }
    for (int j = 0; j <= g.ny; ++j)
        for (int i = 0; i < g.nx; ++i) {
            int jc = canonicalV(g, j), k = g.v(i, j);
            if (s.openY[k] > 0)
                s.v[k] -= scale * (neighbourPressure(g, s.pressure, i, jc) - neighbourPressure(g, s.pressure, i, jc - 1));
            else s.v[k] = jc == 0 ? prescribed(kBottom, true, 1) : prescribed(kTop, jc == g.ny, -1);
        }
}

} // namespace billow::reference
