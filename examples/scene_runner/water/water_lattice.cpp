#include "water/water_lattice.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace billow::scene {

namespace {
constexpr double kSqrt3 = 1.7320508075688772;
}

Vec2 columnCentre(const WaterSettings& s, uint32_t i, uint32_t j) {
    const float h = s.cellSize;
    if (!onTriangles(s)) return {(i + 0.5f) * h, (j + 0.5f) * h};
    return {(i + 0.5f + 0.5f * float(j & 1u)) * h, static_cast<float>((j + 0.5) * 0.5 * kSqrt3 * h)};
}

std::array<uint32_t, 2> nearestColumn(const WaterSettings& s, Vec2 p) {
    const double h = s.cellSize;
    auto clamped = [](double at, uint32_t n) { return static_cast<uint32_t>(std::clamp(at, 0.0, double(n) - 1.0)); };
    if (!onTriangles(s)) return {clamped(std::floor(p[0] / h), s.nx), clamped(std::floor(p[1] / h), s.ny)};
    const uint32_t j = clamped(std::round(p[1] / (0.5 * kSqrt3 * h) - 0.5), s.ny);
    return {clamped(std::round(p[0] / h - 0.5 - 0.5 * double(j & 1u)), s.nx), j};
}

double columnArea(const WaterSettings& s) {
    const double h = s.cellSize;
    return onTriangles(s) ? 0.5 * kSqrt3 * h * h : h * h;
}

Vec2 domainSize(const WaterSettings& s) {
    if (!onTriangles(s)) return {s.nx * s.cellSize, s.ny * s.cellSize};
    return {(s.nx + 0.5f) * s.cellSize, static_cast<float>(s.ny * s.cellSize * 0.5 * kSqrt3)};
}

SideFlows sideFlows(const WaterSettings& s, const std::vector<float>& fx, const std::vector<float>& fy,
                    const std::vector<float>& fz) {
    SideFlows out;
    // `inward`: the flow into the domain through one boundary edge.
    auto add = [&](double inward) { (inward > 0 ? out.inflow : out.outflow) += std::fabs(inward); };
    const size_t nx = s.nx, ny = s.ny;
    if (!onTriangles(s)) {
        // Flows are positive towards +x / +y: in through the left and bottom, out through the
        // right and top.
        for (size_t j = 0; j < ny; ++j) {
            add(fx[j * (nx + 1)]);
            add(-fx[nx + j * (nx + 1)]);
        }
        for (size_t i = 0; i < nx; ++i) {
            add(fy[i]);
            add(-fy[i + ny * nx]);
        }
        return out;
    }
    // Every edge of a vertex whose other end lies outside the grid: the vertex's six edges in
    // the layout of billow/water_solver.hpp (row parity p: the lower neighbours of (i, j) are
    // (i - 1 + p, j - 1) through flowY and (i + p, j - 1) through flowZ; the upper ones are
    // reached through the entries of row j + 1). Stored flows run towards the vertex that owns
    // the entry, so an edge's inward flow is the entry's (owned inside) or minus it.
    const size_t stride = nx + 1;
    auto outside = [&](long i, long j) { return i < 0 || j < 0 || i >= long(nx) || j >= long(ny); };
    for (size_t j = 0; j < ny; ++j)
        for (size_t i = 0; i < nx; ++i) {
            const long p = long(j & 1u), li = long(i), lj = long(j);
            if (outside(li - 1, lj)) add(fx[i + j * stride]);
            if (outside(li + 1, lj)) add(-fx[i + 1 + j * stride]);
            if (outside(li - 1 + p, lj - 1)) add(fy[i + j * stride]);
            if (outside(li + p, lj + 1)) add(-fy[i + p + (j + 1) * stride]);
            if (outside(li + p, lj - 1)) add(fz[i + 1 + j * stride]);
            if (outside(li - 1 + p, lj + 1)) add(-fz[i + p + (j + 1) * stride]);
        }
    return out;
}

uint32_t trianglePixelsPerCell(const WaterSettings& s) {
    const double longSide = std::max(s.nx + 0.5, s.ny * 0.5 * kSqrt3);
    return static_cast<uint32_t>(std::clamp(std::ceil(1024.0 / longSide), 1.0, 8.0));
}

std::array<uint32_t, 2> TriangleRaster::sizeFor(const WaterSettings& s) {
    const uint32_t perCell = trianglePixelsPerCell(s);
    return {std::max(1u, static_cast<uint32_t>(std::lround((s.nx + 0.5) * perCell))),
            std::max(1u, static_cast<uint32_t>(std::lround(s.ny * 0.5 * kSqrt3 * perCell)))};
}

TriangleRaster::TriangleRaster(const WaterSettings& s) {
    const uint32_t perCell = trianglePixelsPerCell(s);
    const double h = s.cellSize, rowPitch = 0.5 * kSqrt3 * h;
    pixel_ = static_cast<float>(h / perCell);
    perCell_ = perCell;
    std::tie(width_, height_) = std::tuple{sizeFor(s)[0], sizeFor(s)[1]};
    pixels_.resize(size_t(width_) * height_);
    const long nx = s.nx;
    auto vertex = [&](long i, long j) { return static_cast<uint32_t>(std::clamp(i, 0L, nx - 1) + j * nx); };
    for (uint32_t b = 0; b < height_; ++b)
        for (uint32_t a = 0; a < width_; ++a) {
            const double x = (a + 0.5) * h / perCell, y = (b + 0.5) * h / perCell;
            // The strip between rows L and L + 1 that holds the pixel, and how far up it lies.
            const double v = y / rowPitch - 0.5;
            const long lower = std::clamp(long(std::floor(v)), 0L, long(s.ny) - 2);
            const long upper = lower + 1;
            const double f = std::clamp(v - lower, 0.0, 1.0);
            // In units of h along the lower row, upper vertex k stands `shift` from lower vertex
            // k. Shearing by f * shift puts both rows' vertices on integers: the strip becomes
            // unit squares [k, k + 1] x [0, 1], each cut into two triangles along the diagonal
            // that is a lattice edge.
            const double shift = (lower & 1) ? -0.5 : 0.5;
            const double q = x / h - 0.5 - 0.5 * double(lower & 1) - f * shift;
            const long k = long(std::floor(q));
            const double t = q - k;
            const uint32_t l0 = vertex(k, lower), l1 = vertex(k + 1, lower), u0 = vertex(k, upper), u1 = vertex(k + 1, upper);
            Corners& c = pixels_[a + size_t(b) * width_];
            auto set = [&c](uint32_t v0, double w0, uint32_t v1, double w1, uint32_t v2, double w2) {
                c = {{v0, v1, v2}, {float(w0), float(w1), float(w2)}};
            };
            if (shift > 0) {
                // Upper k sits over the middle of lower k and k + 1: the diagonal joins lower
                // k + 1 and upper k.
                if (t + f <= 1.0) set(l0, 1.0 - t - f, l1, t, u0, f);
                else set(l1, 1.0 - f, u1, t + f - 1.0, u0, 1.0 - t);
            } else {
                // Upper k + 1 sits over the middle of lower k and k + 1: the diagonal joins
                // lower k and upper k + 1.
                if (t >= f) set(l0, 1.0 - t, l1, t - f, u1, f);
                else set(l0, 1.0 - f, u0, f - t, u1, t);
            }
        }
}

std::vector<float> TriangleRaster::resample(const std::vector<float>& values, uint32_t components) const {
    std::vector<float> out(pixels_.size() * components);
    for (size_t p = 0; p < pixels_.size(); ++p)
        for (uint32_t c = 0; c < components; ++c) {
            const Corners& k = pixels_[p];
            out[p * components + c] = k.weight[0] * values[size_t(k.vertex[0]) * components + c] +
                                      k.weight[1] * values[size_t(k.vertex[1]) * components + c] +
                                      k.weight[2] * values[size_t(k.vertex[2]) * components + c];
        }
    return out;
}

std::vector<uint8_t> TriangleRaster::edgePixels() const {
    std::vector<uint8_t> out(pixels_.size(), 0);
    if (perCell_ < 6) return out;
    // A barycentric weight grows by about 1 / perCell per pixel across a triangle (its height
    // is sqrt(3)/2 h), so a weight below half of that is the pixel row nearest the opposite edge.
    const float limit = 0.5f / perCell_;
    for (size_t p = 0; p < pixels_.size(); ++p) {
        const float* w = pixels_[p].weight;
        out[p] = std::min({w[0], w[1], w[2]}) < limit;
    }
    return out;
}

} // namespace billow::scene
