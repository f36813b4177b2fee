// The sparse solver's Advect and Emit passes against the dense solver's on the same problem. The
// sparse kernels run the dense kernels' rules (smoke3d/advect_*_rule.glsl, smoke3d/emit_rule.glsl)
// with the same reads in the same order, so the results must be bitwise equal: with every brick of
// the virtual domain allocated, on every cell and face; with a partial brick set, inside the
// allocated bricks, where the dense solver holds open air (still air, ambient temperature, no
// smoke, fuel or colour) outside them. The dense passes are checked against the double-precision
// reference by test_kernels3d_transport.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <span>

namespace billow::test {
namespace {

class SparseTransport : public GpuTest {};

constexpr uint32_t kNx = 37, kNy = 23, kNz = 19, kB = SparseSmokeSolver3D::kBrickSize;
constexpr float kAmbient = 293.15f;

// A domain that is not a multiple of the 8^3 brick along any axis, with every kind of side the
// sparse grid supports: a wall (x-), outflow (x+, z-), an inflow (y-), a moving wall (y+) and a
// wall (z+).
SmokeSettings3D domain(AdvectionInterpolation interpolation) {
    SmokeSettings3D s;
    s.nx = kNx;
    s.ny = kNy;
    s.nz = kNz;
    s.cellSize = 0.05f;
    s.ambientTemperature = kAmbient;
    s.colour = true;
    s.advectionInterpolation = interpolation;
    // Off but where a test turns it on: with missing bricks the two grids' totals differ by design
    // (the dense grid's whole domain, the sparse grid's allocated bricks less what left into open air).
    s.massCorrection = false;
    s.boundaries[0].type = BoundaryType::Wall;
    s.boundaries[1].type = BoundaryType::Outflow;
    s.boundaries[2].type = BoundaryType::Inflow;
    s.boundaries[2].normalVelocity = 0.0f;
    s.boundaries[2].density = 0.6f;
    s.boundaries[2].temperature = 350.0f;
    s.boundaries[2].fuel = 0.3f;
    s.boundaries[2].colour = {0.2f, 0.4f, 0.6f, 0.8f};
    s.boundaries[3].type = BoundaryType::MovingWall;
    s.boundaries[3].wallVelocity = {0.7f, 0.0f, -0.4f};
    s.boundaries[4].type = BoundaryType::Outflow;
    s.boundaries[5].type = BoundaryType::Wall;
    return s;
}

SparseSettings3D sparseSettings() {
    SparseSettings3D sp;
    sp.poolBricks = 64;
    sp.retireAfterSteps = 1000000;  // bricks stay (the Topology pass is not on this branch)
    return sp;
}

const SparseField3D kSparseFields[] = {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ,
                                       SparseField3D::Density,   SparseField3D::Temperature, SparseField3D::Fuel,
                                       SparseField3D::Colour};
SmokeField3D denseField(SparseField3D f) {
    switch (f) {
    case SparseField3D::VelocityX: return SmokeField3D::VelocityX;
    case SparseField3D::VelocityY: return SmokeField3D::VelocityY;
    case SparseField3D::VelocityZ: return SmokeField3D::VelocityZ;
    case SparseField3D::Density: return SmokeField3D::Density;
    case SparseField3D::Temperature: return SmokeField3D::Temperature;
    case SparseField3D::Fuel: return SmokeField3D::Fuel;
    default: return SmokeField3D::Colour;
    }
}
int axisOf(SparseField3D f) {
    return f == SparseField3D::VelocityX ? 0 : f == SparseField3D::VelocityY ? 1 : f == SparseField3D::VelocityZ ? 2 : -1;
}
// Sample extent of a field (faces: one more along their axis) and values per sample.
std::array<uint32_t, 3> extentOf(SparseField3D f) {
    std::array<uint32_t, 3> e{kNx, kNy, kNz};
    if (axisOf(f) >= 0) e[axisOf(f)] += 1;
    return e;
}
uint32_t componentsOf(SparseField3D f) { return f == SparseField3D::Colour ? 4 : 1; }

using Fields = std::map<SparseField3D, std::vector<float>>;

// Random fields: velocities up to 2 m/s (up to 2 cells a step of 0.05 s: traces cross bricks and
// sides), the normal velocity 0 on the closed sides' faces (as every projection leaves it),
// density and fuel in [0, 1], temperatures within 300 K above ambient, colours in [0, 1].
Fields randomFields(uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> speed(-2.0f, 2.0f), unit(0.0f, 1.0f), heat(0.0f, 300.0f);
    Fields f;
    for (SparseField3D field : kSparseFields) {
        const std::array<uint32_t, 3> e = extentOf(field);
        std::vector<float>& values = f[field];
        values.resize(size_t(e[0]) * e[1] * e[2] * componentsOf(field));
        const int axis = axisOf(field);
        for (uint32_t z = 0; z < e[2]; ++z)
            for (uint32_t y = 0; y < e[1]; ++y)
                for (uint32_t x = 0; x < e[0]; ++x)
                    for (uint32_t c = 0; c < componentsOf(field); ++c) {
                        const size_t k = (x + e[0] * (y + size_t(e[1]) * z)) * componentsOf(field) + c;
                        if (axis >= 0) {
                            const uint32_t along = axis == 0 ? x : axis == 1 ? y : z;
                            // Closed: x- wall (u at x = 0), the y sides (inflow at 0 m/s, moving
                            // wall), z+ wall.
                            const bool closed = (axis == 0 && along == 0) || (axis == 1 && (along == 0 || along == kNy)) ||
                                                (axis == 2 && along == kNz);
                            values[k] = closed ? 0.0f : speed(rng);
                        } else if (field == SparseField3D::Temperature) {
                            values[k] = kAmbient + heat(rng);
                        } else {
                            values[k] = unit(rng);
                        }
                    }
    }
    return f;
}

void uploadDense(SmokeSolver3D& dense, const Fields& f) {
    for (const auto& [field, values] : f) dense.upload(denseField(field), values);
}

// Every brick of the brick grid.
std::vector<std::array<uint32_t, 3>> allBricks() {
    std::vector<std::array<uint32_t, 3>> b;
    for (uint32_t z = 0; z < (kNz + kB - 1) / kB; ++z)
        for (uint32_t y = 0; y < (kNy + kB - 1) / kB; ++y)
            for (uint32_t x = 0; x < (kNx + kB - 1) / kB; ++x) b.push_back({x, y, z});
    return b;
}

// Whether sample (x, y, z) of `field` is stored by one of `bricks` (a face by the brick of either
// cell beside it).
bool stored(const std::set<std::array<uint32_t, 3>>& bricks, SparseField3D field, uint32_t x, uint32_t y, uint32_t z) {
    std::array<uint32_t, 3> c{x, y, z};
    const int axis = axisOf(field);
    auto has = [&](std::array<uint32_t, 3> cell) {
        for (int a = 0; a < 3; ++a)
            if (cell[a] >= std::array<uint32_t, 3>{kNx, kNy, kNz}[a]) return false;
        return bricks.count({cell[0] / kB, cell[1] / kB, cell[2] / kB}) > 0;
    };
    if (has(c)) return true;
    if (axis >= 0 && c[axis] > 0) {
        c[axis] -= 1;
        return has(c);
    }
    return false;
}

// The normal faces of the closed sides (the walls, the inflow, the moving wall). The dense grid
// keeps their prescribed velocity through Advect and Emit (its open fraction there is 0); the
// sparse grid reads the open fractions from its pools, which the Colliders pass writes, and
// without colliders every stored face is open (allocation's open air), so on the sparse grid these
// faces are advected and pulled by emitters like any other. They are left out of the comparison
// until the pools hold the sides' static geometry (smoke3d/face_geometry.glsl).
bool closedSideFace(SparseField3D field, uint32_t x, uint32_t y, uint32_t z) {
    const int axis = axisOf(field);
    return (axis == 0 && x == 0) || (axis == 1 && (y == 0 || y == kNy)) || (axis == 2 && z == kNz);
}

// Comparison of a sparse download with the dense one on the samples `where` selects: the same bits,
// or with `bitwise` false equal values (the same bits but for the sign of a zero: a sample in a
// missing brick reads still air as 0 * stored + offset, whose zero may take the other sign than
// the dense grid's -1 * (+0) + offset under a side's ghost rule, and that zero may reach the result).
struct Mismatch {
    size_t count = 0, compared = 0;
    double maxDiff = 0.0;
};
template <class Where>
Mismatch compare(const std::vector<float>& sparse, const std::vector<float>& dense, SparseField3D field, bool bitwise, Where where) {
    Mismatch m;
    // On a GPU the two kernels may fuse multiply-adds differently (separateCompilationRoundings):
    // a back-trace to a point up to L = 37 h from the origin then moves by up to ~10 roundings of
    // L, and a random field changing by up to 2 max|f| a cell changes the sample by
    // 10 eps (L / h) 2 max|f| = 740 eps max|f|: 1024 eps max|f| allows it. A pointwise rule
    // (the emitters) differs by far less.
    double largest = 0.0;
    for (float v : dense) largest = std::max(largest, double(std::abs(v)));
    const double tolerance = separateCompilationRoundings() * 1024.0 * std::ldexp(1.0, -23) * largest;
    const std::array<uint32_t, 3> e = extentOf(field);
    const uint32_t comps = componentsOf(field);
    EXPECT_EQ(sparse.size(), dense.size());
    if (sparse.size() != dense.size()) return m;
    for (uint32_t z = 0; z < e[2]; ++z)
        for (uint32_t y = 0; y < e[1]; ++y)
            for (uint32_t x = 0; x < e[0]; ++x) {
                if (!where(x, y, z)) continue;
                for (uint32_t c = 0; c < comps; ++c) {
                    const size_t k = (x + e[0] * (y + size_t(e[1]) * z)) * comps + c;
                    ++m.compared;
                    const bool equal = tolerance > 0.0 ? std::abs(double(sparse[k]) - double(dense[k])) <= tolerance &&
                                                             std::isfinite(sparse[k])
                                       : bitwise ? std::memcmp(&sparse[k], &dense[k], sizeof(float)) == 0
                                                 : sparse[k] == dense[k] && std::isfinite(sparse[k]);
                    if (!equal) {
                        ++m.count;
                        m.maxDiff = std::max(m.maxDiff, std::abs(double(sparse[k]) - double(dense[k])));
                    }
                }
            }
    return m;
}

template <class Where>
void expectEqual(SparseSmokeSolver3D& sparse, SmokeSolver3D& dense, const std::string& what, bool bitwise, Where where,
                 std::span<const SparseField3D> fields = kSparseFields) {
    for (SparseField3D field : fields) {
        const std::vector<float> s = sparse.downloadBox(field, {0, 0, 0}, {kNx, kNy, kNz});
        const std::vector<float> d = dense.download(denseField(field));
        const Mismatch m = compare(s, d, field, bitwise, [&](uint32_t x, uint32_t y, uint32_t z) {
            return !closedSideFace(field, x, y, z) && where(field, x, y, z);
        });
        EXPECT_GT(m.compared, 0u) << what << " " << fieldName(field);
        EXPECT_EQ(m.count, 0u) << what << " " << fieldName(field) << ": " << m.count << " of " << m.compared
                               << " samples differ, by up to " << m.maxDiff;
    }
}

// Both copies of every face two allocated bricks share hold the same bits (layer 8 of the lower
// brick, layer 0 of the upper).
void expectSharedFacesEqual(SparseSmokeSolver3D& sparse, const std::string& what) {
    for (int axis = 0; axis < 3; ++axis) {
        const SparseField3D field = axis == 0 ? SparseField3D::VelocityX : axis == 1 ? SparseField3D::VelocityY : SparseField3D::VelocityZ;
        const SparseBricks b = sparse.downloadBricks(field);
        std::map<std::array<uint32_t, 3>, size_t> index;
        for (size_t k = 0; k < b.bricks.size(); ++k) index[b.bricks[k]] = k;
        uint32_t ex[3] = {kB, kB, kB};
        ex[axis] = kB + 1;
        size_t shared = 0, differ = 0;
        for (size_t k = 0; k < b.bricks.size(); ++k) {
            std::array<uint32_t, 3> upper = b.bricks[k];
            upper[axis] += 1;
            const auto u = index.find(upper);
            if (u == index.end()) continue;
            for (uint32_t j = 0; j < kB; ++j)
                for (uint32_t i = 0; i < kB; ++i) {
                    uint32_t lo[3], hi[3];
                    const int a1 = (axis + 1) % 3, a2 = (axis + 2) % 3;
                    lo[axis] = kB;
                    hi[axis] = 0;
                    lo[a1] = hi[a1] = i;
                    lo[a2] = hi[a2] = j;
                    const float l = b.values[k * 576 + lo[0] + ex[0] * (lo[1] + ex[1] * lo[2])];
                    const float h = b.values[u->second * 576 + hi[0] + ex[0] * (hi[1] + ex[1] * hi[2])];
                    ++shared;
                    differ += std::memcmp(&l, &h, sizeof(float)) != 0;
                }
        }
        EXPECT_GT(shared, 0u) << what << " axis " << axis;
        EXPECT_EQ(differ, 0u) << what << " axis " << axis << ": " << differ << " of " << shared << " shared faces differ";
    }
}

constexpr float kDt = 0.05f;

TEST_F(SparseTransport, AdvectMatchesTheDenseSolverBitwiseOnAFullBrickSet) {
    SmokeSolver3D dense(context(), domain(AdvectionInterpolation::Linear));
    SparseSmokeSolver3D sparse(context(), domain(AdvectionInterpolation::Linear), sparseSettings());
    sparse.allocateBricks(allBricks());
    uint32_t seed = 1;
    for (AdvectionInterpolation interpolation : {AdvectionInterpolation::Linear, AdvectionInterpolation::MonotoneCubic}) {
        dense.updateSettings(domain(interpolation));
        sparse.updateSettings(domain(interpolation));
        const Fields f = randomFields(seed++);
        uploadDense(dense, f);
        for (const auto& [field, values] : f) sparse.uploadBox(field, {0, 0, 0}, {kNx, kNy, kNz}, values);
        dense.stepPass(SmokePass3D::Advect, kDt);
        sparse.stepPass(SparsePass3D::Advect, kDt);
        const std::string what = interpolation == AdvectionInterpolation::Linear ? "linear" : "cubic";
        expectEqual(sparse, dense, what, true, [](SparseField3D, uint32_t, uint32_t, uint32_t) { return true; });
        expectSharedFacesEqual(sparse, what);
    }
}

TEST_F(SparseTransport, AdvectAtTheOpenAirBorderMatchesTheDenseSolverHoldingOpenAir) {
    // Every other brick of a checkerboard: each allocated brick meets open air on most sides, and
    // traces of up to 2 cells reach across into it. The dense grid holds the open-air values on
    // every sample no allocated brick stores.
    std::vector<std::array<uint32_t, 3>> bricks;
    for (const auto& b : allBricks())
        if ((b[0] + b[1] + b[2]) % 2 == 0 || (b[0] == 1 && b[1] == 0)) bricks.push_back(b);
    const std::set<std::array<uint32_t, 3>> allocated(bricks.begin(), bricks.end());
    SmokeSolver3D dense(context(), domain(AdvectionInterpolation::Linear));
    SparseSmokeSolver3D sparse(context(), domain(AdvectionInterpolation::Linear), sparseSettings());
    sparse.allocateBricks(bricks);
    uint32_t seed = 11;
    for (AdvectionInterpolation interpolation : {AdvectionInterpolation::Linear, AdvectionInterpolation::MonotoneCubic}) {
        dense.updateSettings(domain(interpolation));
        sparse.updateSettings(domain(interpolation));
        Fields f = randomFields(seed++);
        for (auto& [field, values] : f) {
            const std::array<uint32_t, 3> e = extentOf(field);
            const float air = field == SparseField3D::Temperature ? kAmbient : 0.0f;
            for (uint32_t z = 0; z < e[2]; ++z)
                for (uint32_t y = 0; y < e[1]; ++y)
                    for (uint32_t x = 0; x < e[0]; ++x)
                        if (!stored(allocated, field, x, y, z))
                            for (uint32_t c = 0; c < componentsOf(field); ++c)
                                values[(x + e[0] * (y + size_t(e[1]) * z)) * componentsOf(field) + c] = air;
        }
        uploadDense(dense, f);
        // The sparse side: each allocated brick's box (clipped to the domain) from the same fields.
        for (const auto& [field, values] : f) {
            const std::array<uint32_t, 3> e = extentOf(field);
            const uint32_t comps = componentsOf(field);
            for (const auto& b : bricks) {
                std::array<uint32_t, 3> origin{b[0] * kB, b[1] * kB, b[2] * kB}, size{};
                const uint32_t n[3] = {kNx, kNy, kNz};
                for (int a = 0; a < 3; ++a) size[a] = std::min(kB, n[a] - origin[a]);
                std::array<uint32_t, 3> be = size;
                if (axisOf(field) >= 0) be[axisOf(field)] += 1;
                std::vector<float> box(size_t(be[0]) * be[1] * be[2] * comps);
                for (uint32_t z = 0; z < be[2]; ++z)
                    for (uint32_t y = 0; y < be[1]; ++y)
                        for (uint32_t x = 0; x < be[0]; ++x)
                            for (uint32_t c = 0; c < comps; ++c)
                                box[(x + be[0] * (y + size_t(be[1]) * z)) * comps + c] =
                                    values[((origin[0] + x) + e[0] * ((origin[1] + y) + size_t(e[1]) * (origin[2] + z))) * comps + c];
                sparse.uploadBox(field, origin, size, box);
            }
        }
        dense.stepPass(SmokePass3D::Advect, kDt);
        sparse.stepPass(SparsePass3D::Advect, kDt);
        const std::string what = std::string("open-air border, ") + (interpolation == AdvectionInterpolation::Linear ? "linear" : "cubic");
        expectEqual(sparse, dense, what, false, [&](SparseField3D field, uint32_t x, uint32_t y, uint32_t z) {
            return stored(allocated, field, x, y, z);
        });
        expectSharedFacesEqual(sparse, what);
    }
    // An emitter over allocated and missing bricks: the allocated ones get the dense grid's
    // contribution (each sample's own arithmetic), the missing ones nothing (not compared).
    std::vector<Emitter3D> emitters(1);
    emitters[0].centre = {0.8f, 0.4f, 0.4f};
    emitters[0].radius = 0.15f;
    emitters[0].velocity = {1.0f, 2.0f, 0.5f};
    emitters[0].velocityCoupling = 6.0f;
    emitters[0].density = 3.0f;
    emitters[0].temperature = 600.0f;
    emitters[0].fuel = 1.0f;
    emitters[0].colour = {0.5f, 0.5f, 1.0f, 1.0f};
    dense.setEmitters(emitters);
    sparse.setEmitters(emitters);
    dense.stepPass(SmokePass3D::Emit, kDt);
    sparse.stepPass(SparsePass3D::Emit, kDt);
    expectEqual(sparse, dense, "open-air border, emit", false, [&](SparseField3D field, uint32_t x, uint32_t y, uint32_t z) {
        return stored(allocated, field, x, y, z);
    });
    expectSharedFacesEqual(sparse, "open-air border, emit");
}

TEST_F(SparseTransport, EmitMatchesTheDenseSolverBitwise) {
    // A Gaussian sphere pulling the velocity, a linear box with colour reaching over a brick
    // corner and out of the domain at x+, and one outside the domain's reach of most bricks.
    std::vector<Emitter3D> emitters(3);
    emitters[0].centre = {0.6f, 0.45f, 0.4f};
    emitters[0].radius = 0.12f;
    emitters[0].velocity = {0.5f, 3.0f, -1.0f};
    emitters[0].velocityCoupling = 8.0f;
    emitters[0].density = 2.0f;
    emitters[0].temperature = 900.0f;
    emitters[0].fuel = 1.5f;
    emitters[1].shape = EmitterShape::Box;
    emitters[1].falloff = Falloff::Linear;
    emitters[1].centre = {1.78f, 0.4f, 0.42f};
    emitters[1].halfExtents = {0.1f, 0.06f, 0.08f};
    emitters[1].velocity = {-2.0f, 0.0f, 1.0f};
    emitters[1].velocityCoupling = 3.0f;
    emitters[1].density = 1.0f;
    emitters[1].colour = {0.9f, 0.3f, 0.1f, 1.0f};
    emitters[2].centre = {0.1f, 1.1f, 0.9f};
    emitters[2].radius = 0.05f;
    emitters[2].temperature = -50.0f;
    SmokeSolver3D dense(context(), domain(AdvectionInterpolation::Linear));
    SparseSmokeSolver3D sparse(context(), domain(AdvectionInterpolation::Linear), sparseSettings());
    sparse.allocateBricks(allBricks());
    const Fields f = randomFields(21);
    uploadDense(dense, f);
    for (const auto& [field, values] : f) sparse.uploadBox(field, {0, 0, 0}, {kNx, kNy, kNz}, values);
    dense.setEmitters(emitters);
    sparse.setEmitters(emitters);
    dense.stepPass(SmokePass3D::Emit, kDt);
    sparse.stepPass(SparsePass3D::Emit, kDt);
    expectEqual(sparse, dense, "emit", true, [](SparseField3D, uint32_t, uint32_t, uint32_t) { return true; });
    expectSharedFacesEqual(sparse, "emit");
    // The emitters did something (the comparison above would also pass on two no-ops).
    const std::vector<float> after = sparse.downloadBox(SparseField3D::Density, {0, 0, 0}, {kNx, kNy, kNz});
    double added = 0.0;
    for (size_t k = 0; k < after.size(); ++k) added += after[k] - f.at(SparseField3D::Density)[k];
    EXPECT_GT(added, 0.1);
}

// A float rounding, relative.
constexpr double kUlp = 1.0 / 16777216.0;

TEST_F(SparseTransport, MassCorrectionMatchesTheDenseSolverToRoundOff) {
    // Every brick allocated: the same cells and side fluxes as the dense grid, summed in another
    // order. Each total is within 20 roundings of its exact value (mass/mass_types.h,
    // BILLOW_MASS_RESOLUTION), so the two grids' totals differ by at most 40 each; the factor
    // (M0 - F) / M1 then by 2 x 40 + 2 (the subtraction and the division) and the scaled value by
    // one more: 83 roundings of the value. Where one grid's totals land within
    // BILLOW_MASS_RESOLUTION (64 roundings) of each other and the other's do not, one corrects
    // and the other not: within the same bound. Every other field stays bitwise equal.
    SmokeSettings3D s = domain(AdvectionInterpolation::Linear);
    SmokeSolver3D dense(context(), s);
    SparseSmokeSolver3D sparse(context(), s, sparseSettings());
    sparse.allocateBricks(allBricks());
    const Fields f = randomFields(31);
    auto run = [&](bool corrected) {
        s.massCorrection = corrected;
        dense.updateSettings(s);
        sparse.updateSettings(s);
        uploadDense(dense, f);
        for (const auto& [field, values] : f) sparse.uploadBox(field, {0, 0, 0}, {kNx, kNy, kNz}, values);
        dense.stepPass(SmokePass3D::Advect, kDt);
        sparse.stepPass(SparsePass3D::Advect, kDt);
    };
    run(false);
    const std::vector<float> uncorrected = sparse.downloadBox(SparseField3D::Density, {0, 0, 0}, {kNx, kNy, kNz});
    run(true);
    const SparseField3D uncorrectedFields[] = {SparseField3D::VelocityX, SparseField3D::VelocityY, SparseField3D::VelocityZ,
                                               SparseField3D::Temperature, SparseField3D::Colour};
    expectEqual(sparse, dense, "mass-corrected", true, [](SparseField3D, uint32_t, uint32_t, uint32_t) { return true; },
                uncorrectedFields);
    for (SparseField3D field : {SparseField3D::Density, SparseField3D::Fuel}) {
        const std::vector<float> sv = sparse.downloadBox(field, {0, 0, 0}, {kNx, kNy, kNz});
        const std::vector<float> dv = dense.download(denseField(field));
        ASSERT_EQ(sv.size(), dv.size());
        double worst = 0.0, largest = 0.0;
        for (float v : dv) largest = std::max(largest, double(std::abs(v)));
        // On a GPU the advected values already differ by up to 1024 eps max|f| (compare()), which
        // the correction's scale carries: that much more, absolute, is allowed there.
        const double advected = separateCompilationRoundings() * 1024.0 * kUlp * largest;
        for (size_t k = 0; k < sv.size(); ++k)
            if (dv[k] != 0.0f)
                worst = std::max(worst, std::max(0.0, std::abs(double(sv[k]) - dv[k]) - advected) / std::abs(double(dv[k])));
        EXPECT_LE(worst, 83 * kUlp) << fieldName(field);
        std::printf("[ mass     ] %s: largest relative difference to the dense grid %.3g (bound %.3g)\n", fieldName(field), worst,
                    83 * kUlp);
    }
    // The correction did something: the corrected density is not the uncorrected one.
    const std::vector<float> corrected = sparse.downloadBox(SparseField3D::Density, {0, 0, 0}, {kNx, kNy, kNz});
    double before = 0.0, after = 0.0;
    for (size_t k = 0; k < corrected.size(); ++k) {
        before += uncorrected[k];
        after += corrected[k];
    }
    EXPECT_GT(std::abs(after - before), 1e-4 * before);
}

TEST_F(SparseTransport, MassCorrectionKeepsTheTotalLessWhatLeftTheAllocatedBricks) {
    // A block of bricks (x 1..3, every y, z 0..1) in open air, a velocity of about 0.3 cells a step
    // with noise of up to 0.25 cells (converging and diverging, so semi-Lagrangian transport does
    // not keep the total by itself): density leaves through the x+ and z- outflow sides and into the open air
    // around the block. Expected total: M0 - F, with F the upwind flux out of the allocated cells
    // in dt (mass/mass_sums.glsl, sideOutflow: the outward normal speed times the cell's value
    // when leaving, the value beyond when entering: 0 from open air and from the 0 m/s inflow),
    // summed here in double. The GPU's totals are within 20 roundings each (40 for the
    // difference M0 - F and M1, whose factor adds 2 more, and the scaled values' sum 1 more:
    // 83), and a total within BILLOW_MASS_RESOLUTION (64 roundings) of its target is left alone:
    // 147 roundings of the total.
    std::vector<std::array<uint32_t, 3>> bricks;
    for (const auto& b : allBricks())
        if (b[0] >= 1 && b[0] <= 3 && b[2] <= 1) bricks.push_back(b);
    const std::set<std::array<uint32_t, 3>> allocated(bricks.begin(), bricks.end());
    SmokeSettings3D s = domain(AdvectionInterpolation::Linear);
    SparseSmokeSolver3D sparse(context(), s, sparseSettings());
    sparse.allocateBricks(bricks);
    std::mt19937 rng(41);
    std::uniform_real_distribution<float> noise(-0.25f, 0.25f);
    Fields f = randomFields(41);
    const float mean[3] = {0.3f, -0.2f, -0.25f};  // m/s
    for (int axis = 0; axis < 3; ++axis) {
        const SparseField3D field = axis == 0 ? SparseField3D::VelocityX : axis == 1 ? SparseField3D::VelocityY : SparseField3D::VelocityZ;
        const std::array<uint32_t, 3> e = extentOf(field);
        for (uint32_t z = 0; z < e[2]; ++z)
            for (uint32_t y = 0; y < e[1]; ++y)
                for (uint32_t x = 0; x < e[0]; ++x)
                    f[field][x + e[0] * (y + size_t(e[1]) * z)] = closedSideFace(field, x, y, z) ? 0.0f : mean[axis] + noise(rng);
    }
    auto velocity = [&](int axis, uint32_t x, uint32_t y, uint32_t z) {
        const SparseField3D field = axis == 0 ? SparseField3D::VelocityX : axis == 1 ? SparseField3D::VelocityY : SparseField3D::VelocityZ;
        const std::array<uint32_t, 3> e = extentOf(field);
        return double(f[field][x + e[0] * (y + size_t(e[1]) * z)]);
    };
    const std::vector<float>& rho = f[SparseField3D::Density];
    auto isAllocated = [&](int64_t x, int64_t y, int64_t z) {
        return x >= 0 && y >= 0 && z >= 0 && x < kNx && y < kNy && z < kNz &&
               allocated.count({uint32_t(x) / kB, uint32_t(y) / kB, uint32_t(z) / kB}) > 0;
    };
    // M0 and F over the allocated cells.
    const SmokeSettings3D& set = s;
    double m0 = 0.0, flux = 0.0;
    const uint32_t n[3] = {kNx, kNy, kNz};
    for (uint32_t z = 0; z < kNz; ++z)
        for (uint32_t y = 0; y < kNy; ++y)
            for (uint32_t x = 0; x < kNx; ++x) {
                if (!isAllocated(x, y, z)) continue;
                const double value = rho[x + kNx * (y + size_t(kNy) * z)];
                m0 += value;
                const uint32_t c[3] = {x, y, z};
                for (int axis = 0; axis < 3; ++axis)
                    for (int high = 0; high < 2; ++high) {
                        uint32_t fc[3] = {x, y, z};
                        if (high) fc[axis] += 1;
                        const double outward = high ? velocity(axis, fc[0], fc[1], fc[2]) : -velocity(axis, fc[0], fc[1], fc[2]);
                        const bool side = high ? c[axis] == n[axis] - 1 : c[axis] == 0;
                        int64_t b[3] = {x, y, z};
                        b[axis] += high ? 1 : -1;
                        double beyond;
                        if (side) {
                            const BoundarySide3D& bs = set.boundaries[2 * axis + high];
                            if (bs.type == BoundaryType::Outflow) beyond = value;
                            else if (bs.type == BoundaryType::Inflow) beyond = bs.density;
                            else continue;  // closed sides carry nothing
                        } else if (!isAllocated(b[0], b[1], b[2])) {
                            beyond = 0.0;  // open air
                        } else {
                            continue;
                        }
                        flux += outward * (outward > 0.0 ? value : beyond);
                    }
            }
    flux *= double(kDt) / set.cellSize;
    auto advectedTotal = [&](bool corrected) {
        s.massCorrection = corrected;
        sparse.updateSettings(s);
        for (const auto& b : bricks) {
            for (const auto& [field, values] : f) {
                const std::array<uint32_t, 3> e = extentOf(field);
                const uint32_t comps = componentsOf(field);
                std::array<uint32_t, 3> origin{b[0] * kB, b[1] * kB, b[2] * kB}, size{};
                for (int a = 0; a < 3; ++a) size[a] = std::min(kB, n[a] - origin[a]);
                std::array<uint32_t, 3> be = size;
                if (axisOf(field) >= 0) be[axisOf(field)] += 1;
                std::vector<float> box(size_t(be[0]) * be[1] * be[2] * comps);
                for (uint32_t z = 0; z < be[2]; ++z)
                    for (uint32_t y = 0; y < be[1]; ++y)
                        for (uint32_t x = 0; x < be[0]; ++x)
                            for (uint32_t k = 0; k < comps; ++k)
                                box[(x + be[0] * (y + size_t(be[1]) * z)) * comps + k] =
                                    values[((origin[0] + x) + e[0] * ((origin[1] + y) + size_t(e[1]) * (origin[2] + z))) * comps + k];
                sparse.uploadBox(field, origin, size, box);
            }
        }
        sparse.stepPass(SparsePass3D::Advect, kDt);
        const std::vector<float> after = sparse.downloadBox(SparseField3D::Density, {0, 0, 0}, {kNx, kNy, kNz});
        double total = 0.0;
        for (uint32_t z = 0; z < kNz; ++z)
            for (uint32_t y = 0; y < kNy; ++y)
                for (uint32_t x = 0; x < kNx; ++x)
                    if (isAllocated(x, y, z)) total += after[x + kNx * (y + size_t(kNy) * z)];
        return total;
    };
    const double expected = m0 - flux;
    const double plain = advectedTotal(false), kept = advectedTotal(true);
    std::printf("[ mass     ] M0 %.6f, F %.6f; uncorrected error %.3g, corrected %.3g (bound %.3g)\n", m0, flux,
                std::abs(plain - expected) / expected, std::abs(kept - expected) / expected, 147 * kUlp);
    EXPECT_GT(flux, 0.01 * m0);  // something left
    EXPECT_LE(std::abs(kept - expected), 147 * kUlp * expected);
    EXPECT_GT(std::abs(plain - expected), 10 * 147 * kUlp * expected);  // the correction was needed
}

TEST_F(SparseTransport, WholeStepsKeepTheSmokeTheEmitterAdded) {
    // Whole steps (the Topology pass allocating the bricks the emitter reaches, Advect with its
    // mass correction, Emit, ...) from an empty pool: the total density is what the emitter added,
    // sum over cells of w rate dt per step (Gaussian w at the cell centres, summed here in
    // double). Walls all round, nothing burns or decays, and the bricks around the smoke keep
    // it from open air, so nothing leaves. Per step the correction leaves the total within 147
    // roundings of what it was (MassCorrectionKeepsTheTotalLessWhatLeftTheAllocatedBricks), and
    // the emitted amount differs from the double sum by the weights' rounding on the device
    // (exp within 3 + 2 |x| roundings, weighted toward the centre: 8): 155 roundings a step.
    // A domain of 12 x 8 x 8 bricks, of which the smoke needs a few.
    constexpr uint32_t nx = 96, ny = 64, nz = 64;
    SmokeSettings3D s;
    s.nx = nx;
    s.ny = ny;
    s.nz = nz;
    s.cellSize = 0.05f;
    s.ambientTemperature = kAmbient;
    SparseSettings3D sp;
    sp.poolBricks = 256;
    sp.marginBricks = 0;  // fewer bricks (a shorter test): the flow's own reach still keeps the smoke in
    SparseSmokeSolver3D sparse(context(), s, sp);
    Emitter3D e;
    e.centre = {2.1f, 1.025f, 1.725f};  // a cell centre (42, 20, 34)
    e.radius = 0.05f;
    e.velocity = {0.0f, 1.0f, 0.0f};
    e.velocityCoupling = 4.0f;
    e.density = 2.0f;
    sparse.setEmitters(std::span(&e, 1));
    constexpr int kSteps = 3;
    constexpr float dt = 0.02f;
    sparse.step(dt, kSteps);
    double emitted = 0.0;
    for (uint32_t z = 0; z < nz; ++z)
        for (uint32_t y = 0; y < ny; ++y)
            for (uint32_t x = 0; x < nx; ++x) {
                const double p[3] = {(x + 0.5) * s.cellSize, (y + 0.5) * s.cellSize, (z + 0.5) * s.cellSize};
                double d2 = 0.0;
                for (int a = 0; a < 3; ++a) d2 += (p[a] - e.centre[a]) * (p[a] - e.centre[a]);
                const double r = e.radius;
                if (std::sqrt(d2) <= 4.0 * r) emitted += std::exp(-d2 / (r * r)) * e.density * dt;
            }
    emitted *= kSteps;
    const std::vector<float> density = sparse.downloadBox(SparseField3D::Density, {0, 0, 0}, {nx, ny, nz});
    double total = 0.0;
    for (float v : density) total += v;
    const size_t bricks = sparse.activeBricks().size();
    std::printf("[ mass     ] %d whole steps: emitted %.6f, held %.6f, relative error %.3g (bound %.3g); %zu of 768 bricks\n",
                kSteps, emitted, total, std::abs(total - emitted) / emitted, kSteps * 155 * kUlp, bricks);
    EXPECT_LE(std::abs(total - emitted), kSteps * 155 * kUlp * emitted);
    EXPECT_LT(bricks, 768u);  // open air around the smoke
    // The smoke moved: the emitter's pull lifted it (more above the centre's layer than below).
    double above = 0.0, below = 0.0;
    const uint32_t cy = 20;
    for (uint32_t z = 0; z < nz; ++z)
        for (uint32_t y = 0; y < ny; ++y)
            for (uint32_t x = 0; x < nx; ++x) {
                const double v = density[x + nx * (y + size_t(ny) * z)];
                if (y > cy) above += v;
                if (y < cy) below += v;
            }
    EXPECT_GT(above, below);
}

// A plume rising out of a pool too small for it (12 bricks, 8 of them the burner's): the bricks
// the smoke wants at its top are refused, and what the advection carries into them is lost. The
// pool report says how much (lostDensity, per step), and the correction's target leaves it out,
// so in a box with walls all round (nothing leaves but into missing bricks) and thresholds of 0
// (no brick with smoke retires) what the bricks hold plus what was lost is what the burner
// emitted: sum over cells of w rate dt per step in double (WholeStepsKeepTheSmokeTheEmitterAdded),
// within that test's 155 roundings a step (147 of the correction, 8 of the device's exp; the
// reported loss is the correction's own sum, each partial's w added in double). Without the
// correction nothing measures the loss: nullopt. The bottom layer of bricks (the burner's, never
// refused) is compared with a pool that holds the whole plume, printed: one factor per field
// still passes every region its share of the advection's error over the whole field, which the
// large pool's extra bricks add to (docs/sparse-smoke3d.md).
TEST_F(SparseTransport, AFullPoolReportsWhatItLost) {
    constexpr uint32_t nx = 16, ny = 64, nz = 16;
    SmokeSettings3D s;
    s.nx = nx;
    s.ny = ny;
    s.nz = nz;
    s.cellSize = 0.05f;
    s.ambientTemperature = kAmbient;
    s.thermalExpansion = 0.004f;
    for (auto& side : s.boundaries) side.type = BoundaryType::Wall;
    Emitter3D e;
    e.centre = {0.4f, 0.2f, 0.4f};
    e.radius = 0.08f;
    e.velocity = {0.0f, 1.5f, 0.0f};
    e.velocityCoupling = 5.0f;
    e.density = 5.0f;
    e.temperature = 2000.0f;
    constexpr int kSteps = 40;
    constexpr float dt = 0.02f;
    struct Run {
        double corner = 0.0, total = 0.0, lost = 0.0;
        uint32_t refused = 0;
        bool measured = true;
    };
    auto run = [&](uint32_t pool, bool corrected, int steps) {
        s.massCorrection = corrected;
        SparseSettings3D sp;
        sp.poolBricks = pool;
        sp.densityThreshold = sp.fuelThreshold = 0.0f;
        SparseSmokeSolver3D solver(context(), s, sp);
        solver.setEmitters(std::span(&e, 1));
        Run r;
        for (int k = 0; k < steps; ++k) {
            solver.step(dt);
            solver.activeBricks();  // waits for the step: its report is the newest
            const std::optional<SparsePoolReport> report = solver.poolReport();
            r.refused += report->refusedBricks;
            r.measured = r.measured && report->lostDensity.has_value();
            r.lost += report->lostDensity.value_or(0.0);
        }
        const std::vector<float> density = solver.downloadBox(SparseField3D::Density, {0, 0, 0}, {nx, ny, nz});
        for (uint32_t z = 0; z < nz; ++z)
            for (uint32_t y = 0; y < ny; ++y)
                for (uint32_t x = 0; x < nx; ++x) {
                    const double v = density[x + nx * (y + size_t(ny) * z)];
                    r.total += v;
                    if (y < kB) r.corner += v;
                }
        return r;
    };
    double emitted = 0.0;
    for (uint32_t z = 0; z < nz; ++z)
        for (uint32_t y = 0; y < ny; ++y)
            for (uint32_t x = 0; x < nx; ++x) {
                const double p[3] = {(x + 0.5) * s.cellSize, (y + 0.5) * s.cellSize, (z + 0.5) * s.cellSize};
                double d2 = 0.0;
                for (int a = 0; a < 3; ++a) d2 += (p[a] - e.centre[a]) * (p[a] - e.centre[a]);
                const double r = e.radius;
                if (std::sqrt(d2) <= 4.0 * r) emitted += std::exp(-d2 / (r * r)) * e.density * dt;
            }
    emitted *= kSteps;
    const Run full = run(12, true, kSteps);
    const Run large = run((nx / kB) * (ny / kB) * (nz / kB), true, kSteps);
    const double bound = kSteps * 155 * kUlp;
    std::printf("[ mass     ] full pool: held %.7g + lost %.7g = %.7g, emitted %.7g (relative error %.3g, bound %.3g); %u refusals\n",
                full.total, full.lost, full.total + full.lost, emitted, std::abs(full.total + full.lost - emitted) / emitted, bound,
                full.refused);
    std::printf("[ mass     ] the burner's bricks: full pool %.7g, large pool %.7g (relative %.3g); large pool held %.7g, lost %.3g\n",
                full.corner, large.corner, (full.corner - large.corner) / large.corner, large.total, large.lost);
    EXPECT_TRUE(full.measured);
    EXPECT_GT(full.refused, 0u);
    EXPECT_GT(full.lost, 0.05 * emitted);  // the plume's top was lost
    EXPECT_LE(std::abs(full.total + full.lost - emitted), bound * emitted);
    EXPECT_EQ(large.refused, 0u);
    EXPECT_LE(std::abs(large.total + large.lost - emitted), bound * emitted);
    EXPECT_FALSE(run(12, false, 1).measured);
}

TEST_F(SparseTransport, RefusesTheCorrectedSchemes) {
    SmokeSettings3D s = domain(AdvectionInterpolation::Linear);
    s.scalarAdvection = AdvectionScheme::MacCormack;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), s, sparseSettings()); }), "SmokeSettings3D::scalarAdvection");
    s = domain(AdvectionInterpolation::Linear);
    s.velocityAdvection = AdvectionScheme::BFECC;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), s, sparseSettings()); }), "SmokeSettings3D::velocityAdvection");
    s = domain(AdvectionInterpolation::Linear);
    s.colourAdvection = AdvectionScheme::MacCormack;
    EXPECT_EQ(fieldOf([&] { SparseSmokeSolver3D(context(), s, sparseSettings()); }), "SmokeSettings3D::colourAdvection");
}

} // namespace
} // namespace billow::test
