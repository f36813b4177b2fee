// The sparse 3D solver's Colliders, Combustion, Buoyancy, Vorticity and Damping passes against the
// dense SmokeSolver3D's on the same problem: a 37 x 23 x 19 virtual domain (not a multiple of the
// 8^3 brick along any axis) with walls, a moving wall, an outflow and an inflow side, random fields
// and two colliders. With every brick of the 5 x 3 x 3 brick grid allocated, and with a partial set
// whose missing bricks hold open air in the dense solver too (still, no smoke, ambient
// temperature), every stored cell and face must equal the dense solver's bit for bit: the sparse
// kernels run the dense kernels' own maths (smoke3d/*_rule.glsl and friends) on the same values,
// reading missing bricks as the open air the dense grid holds there, so there is no round-off
// difference to allow for. One exception, by design: a cell of a missing brick has no vorticity on
// the sparse grid, so the confinement is compared where it reads no such cell (see the test). The
// dense passes themselves are checked against the double-precision reference by
// test_kernels3d_forces and test_colliders3d. A face two bricks share must hold the same bits in
// both copies after every pass.
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>

namespace billow::test {
namespace {

using Brick = std::array<uint32_t, 3>;
constexpr uint32_t kB = SparseSmokeSolver3D::kBrickSize;
constexpr float kDt = 0.02f;
constexpr size_t kBrickFaces = 9 * 8 * 8;  // a brick's faces along one axis (sparse3d/sparse3d_types.h)

SmokeSettings3D problemSettings() {
    SmokeSettings3D s;
    s.nx = 37;
    s.ny = 23;
    s.nz = 19;
    s.cellSize = 0.05f;
    // Every side rule the taps know, except periodic (refused by the sparse solver).
    s.boundaries[1].type = BoundaryType::Outflow;
    s.boundaries[2].type = BoundaryType::MovingWall;
    s.boundaries[2].wallVelocity = {0.7f, 0.0f, -0.4f};
    s.boundaries[3].type = BoundaryType::Outflow;
    s.boundaries[4].type = BoundaryType::Inflow;
    s.boundaries[4].normalVelocity = 0.6f;
    s.boundaries[4].temperature = 400.0f;
    s.boundaries[4].density = 0.3f;
    s.gravity = {1.5f, -9.81f, 0.7f};
    s.densityWeight = 0.8f;
    s.thermalExpansion = 0.004f;
    s.vorticity = 0.0f;
    s.velocityDamping = 0.0f;
    s.maxSpeed = 0.0f;
    return s;
}

struct Layout {
    uint32_t n[3];
    std::set<Brick> bricks;

    explicit Layout(const SmokeSettings3D& s, std::vector<Brick> allocated)
        : n{s.nx, s.ny, s.nz}, bricks(allocated.begin(), allocated.end()) {}
    bool has(Brick b) const { return bricks.count(b) > 0; }
    // Whether the sparse grid stores cell c, or face f normal to `axis` (in the brick holding it, or
    // on the side of the brick below).
    bool storedCell(const std::array<uint32_t, 3>& c) const { return has({c[0] / kB, c[1] / kB, c[2] / kB}); }
    bool storedFace(int axis, const std::array<uint32_t, 3>& f) const {
        Brick b{f[0] / kB, f[1] / kB, f[2] / kB};
        if (has(b)) return true;
        if (f[axis] % kB != 0 || b[axis] == 0) return false;
        b[axis] -= 1;
        return has(b);
    }
    // Samples of a field (axis -1: cells), x fastest, and whether each is stored.
    std::array<uint32_t, 3> extent(int axis) const {
        std::array<uint32_t, 3> e{n[0], n[1], n[2]};
        if (axis >= 0) e[axis] += 1;
        return e;
    }
    std::vector<bool> storedMask(int axis) const {
        const auto e = extent(axis);
        std::vector<bool> mask;
        for (uint32_t z = 0; z < e[2]; ++z)
            for (uint32_t y = 0; y < e[1]; ++y)
                for (uint32_t x = 0; x < e[0]; ++x)
                    mask.push_back(axis < 0 ? storedCell({x, y, z}) : storedFace(axis, {x, y, z}));
        return mask;
    }
};

// A set of bricks as boxes of bricks (first brick, bricks along each axis): what the sparse
// solver allocates, and the boxes uploadBox fills (each holds only stored samples).
struct BrickBox {
    Brick first, count;
};

std::vector<Brick> bricksOf(const std::vector<BrickBox>& boxes) {
    std::vector<Brick> b;
    for (const BrickBox& box : boxes)
        for (uint32_t z = 0; z < box.count[2]; ++z)
            for (uint32_t y = 0; y < box.count[1]; ++y)
                for (uint32_t x = 0; x < box.count[0]; ++x) b.push_back({box.first[0] + x, box.first[1] + y, box.first[2] + z});
    return b;
}

// Every brick of the 5 x 3 x 3 brick grid.
const std::vector<BrickBox> kAllBricks = {{{0, 0, 0}, {5, 3, 3}}};
// Open air around and inside: bricks x 1..3, y 0..1, z 0..2 but the hole (2, 1, 1); every
// allocated brick borders a missing one, and the low y side (the moving wall) and both z sides
// (the inflow, a wall) are in the set.
const std::vector<BrickBox> kPartialBricks = {{{1, 0, 0}, {3, 1, 3}}, {{1, 1, 0}, {3, 1, 1}}, {{1, 1, 2}, {3, 1, 1}},
                                              {{1, 1, 1}, {1, 1, 1}}, {{3, 1, 1}, {1, 1, 1}}};

struct FieldPair {
    SmokeField3D dense;
    SparseField3D sparse;
    int axis;  // -1: cells
};
const FieldPair kVelocity[3] = {{SmokeField3D::VelocityX, SparseField3D::VelocityX, 0},
                                {SmokeField3D::VelocityY, SparseField3D::VelocityY, 1},
                                {SmokeField3D::VelocityZ, SparseField3D::VelocityZ, 2}};
const FieldPair kDensity{SmokeField3D::Density, SparseField3D::Density, -1};
const FieldPair kTemperature{SmokeField3D::Temperature, SparseField3D::Temperature, -1};
const FieldPair kFuel{SmokeField3D::Fuel, SparseField3D::Fuel, -1};

uint32_t bitsOf(float x) {
    uint32_t b;
    std::memcpy(&b, &x, 4);
    return b;
}

class SparseForces : public GpuTest {
protected:
    // One dense solver and one sparse solver per brick set for the whole program (creating them,
    // their pipelines above all, is the slow part of a test on a CPU device); each check gives them
    // the fields and settings it needs.
    static SmokeSolver3D& dense() {
        static SmokeSolver3D solver(sharedContext(), problemSettings());
        return solver;
    }
    static SparseSmokeSolver3D& sparseOn(const std::vector<BrickBox>& boxes) {
        auto make = [&] {
            SparseSettings3D sparse;
            sparse.poolBricks = 45;
            sparse.retireAfterSteps = 1000000;  // no Topology pass runs here; nothing retires anyway
            auto solver = std::make_unique<SparseSmokeSolver3D>(sharedContext(), problemSettings(), sparse);
            solver->allocateBricks(bricksOf(boxes));
            return solver;
        };
        static std::unique_ptr<SparseSmokeSolver3D> all = make();  // the first call's set: kAllBricks
        static std::unique_ptr<SparseSmokeSolver3D> partial;
        if (&boxes == &kAllBricks) return *all;
        if (!partial) partial = make();
        return *partial;
    }

    // The problem on a brick set: the same random fields (open air outside the bricks) uploaded into
    // the dense solver and the sparse one, the same colliders given to both and rasterised (the
    // Colliders pass: each solver's closed faces take their solid velocity), then `pass` run by both.
    void run(const SmokeSettings3D& settings, const std::vector<BrickBox>& boxes, SparsePass3D pass, uint32_t seed) {
        if (&boxes != &kAllBricks) sparseOn(kAllBricks);  // made first, whichever test runs first
        layout_ = std::make_unique<Layout>(settings, bricksOf(boxes));
        sparse_ = &sparseOn(boxes);
        sparse_->updateSettings(settings);
        dense().updateSettings(settings);

        std::mt19937 rng(seed);
        auto fill = [&](const FieldPair& f, float lo, float hi, float openAir) {
            std::uniform_real_distribution<float> value(lo, hi);
            const std::vector<bool> stored = layout_->storedMask(f.axis);
            std::vector<float> values(stored.size());
            for (size_t k = 0; k < values.size(); ++k) values[k] = stored[k] ? value(rng) : openAir;
            dense().upload(f.dense, values);
            const auto e = layout_->extent(f.axis);
            for (const BrickBox& b : boxes) {
                std::array<uint32_t, 3> origin{}, size{}, boxExtent{};
                for (int a = 0; a < 3; ++a) {
                    origin[a] = b.first[a] * kB;
                    size[a] = std::min(b.count[a] * kB, layout_->n[a] - origin[a]);
                    boxExtent[a] = size[a] + (a == f.axis ? 1 : 0);
                }
                std::vector<float> box;
                for (uint32_t z = 0; z < boxExtent[2]; ++z)
                    for (uint32_t y = 0; y < boxExtent[1]; ++y)
                        for (uint32_t x = 0; x < boxExtent[0]; ++x)
                            box.push_back(values[(origin[0] + x) + e[0] * (size_t(origin[1] + y) + e[1] * size_t(origin[2] + z))]);
                sparse_->uploadBox(f.sparse, origin, size, box);
            }
        };
        for (const FieldPair& f : kVelocity) fill(f, -2.0f, 2.0f, 0.0f);
        fill(kDensity, 0.0f, 1.5f, 0.0f);
        fill(kTemperature, 250.0f, 900.0f, settings.ambientTemperature);
        fill(kFuel, 0.0f, 1.0f, 0.0f);

        // A moving sphere across a brick corner and a rotating, moving box; each run moves the
        // sphere a little so that the dense solver, which rasterises only a changed set, does it
        // again.
        Collider sphere;
        sphere.shape = ColliderShape::Sphere;
        static uint32_t runs = 0;
        sphere.centre = {0.79f + 0.001f * float(++runs % 16), 0.41f, 0.38f};
        sphere.radius = 0.17f;
        sphere.velocity = {0.4f, -0.3f, 0.25f};
        sphere.angularVelocity = {1.0f, 2.0f, -1.5f};
        Collider box;
        box.shape = ColliderShape::Box;
        box.centre = {1.42f, 0.75f, 0.6f};
        box.halfExtents = {0.12f, 0.2f, 0.09f};
        box.orientation = {0.0f, 0.3826834f, 0.0f, 0.9238795f};  // 45 degrees about y
        box.velocity = {-0.5f, 0.2f, 0.0f};
        box.angularVelocity = {0.0f, 3.0f, 0.0f};
        const std::vector<Collider> colliders = {sphere, box};
        dense().setColliders(colliders);
        sparse_->setColliders(colliders);
        dense().stepPass(SmokePass3D::Colliders, kDt);
        sparse_->stepPass(SparsePass3D::Colliders, kDt);
        if (pass == SparsePass3D::Colliders) return;
        // The dense grid's missing region holds still: the Colliders pass closed faces there too
        // (the colliders and the inflow side reach into it) and gave them their solid velocity, which
        // the open air of missing bricks does not have.
        for (const FieldPair& f : kVelocity) {
            std::vector<float> values = dense().download(f.dense);
            const std::vector<bool> stored = layout_->storedMask(f.axis);
            for (size_t k = 0; k < values.size(); ++k)
                if (!stored[k]) values[k] = 0.0f;
            dense().upload(f.dense, values);
        }
        for (int a = 0; a < 3; ++a) before_[a] = sparse_->downloadBox(kVelocity[a].sparse, {0, 0, 0}, {layout_->n[0], layout_->n[1], layout_->n[2]});
        if (pass == SparsePass3D::Count) {  // the fused velocity forces
            dense().stepVelocityForces(kDt);
            sparse_->stepVelocityForces(kDt);
            return;
        }
        dense().stepPass(static_cast<SmokePass3D>(static_cast<uint32_t>(pass) - 1), kDt);  // SmokePass3D has no Topology
        sparse_->stepPass(pass, kDt);
    }

    // The faces whose confinement force reads only cells whose confinement reads only allocated
        // cells (the two cells of the face and their six neighbours each, clamped at the sides); `border`
        // counts the others.
    std::array<std::vector<bool>, 3> confinementExactFaces(size_t& border) const {
        std::array<std::vector<bool>, 3> exact;
        const uint32_t* n = layout_->n;
        auto clampedStored = [&](int x, int y, int z) {
            return layout_->storedCell({uint32_t(std::clamp(x, 0, int(n[0]) - 1)), uint32_t(std::clamp(y, 0, int(n[1]) - 1)),
                                        uint32_t(std::clamp(z, 0, int(n[2]) - 1))});
        };
        auto confinementExact = [&](int x, int y, int z) {
            bool all = clampedStored(x, y, z);
            for (int d = -1; d <= 1; d += 2)
                all = all && clampedStored(x + d, y, z) && clampedStored(x, y + d, z) && clampedStored(x, y, z + d);
            return all;
        };
        for (int axis = 0; axis < 3; ++axis) {
            const auto e = layout_->extent(axis);
            for (uint32_t z = 0; z < e[2]; ++z)
                for (uint32_t y = 0; y < e[1]; ++y)
                    for (uint32_t x = 0; x < e[0]; ++x) {
                        int below[3] = {int(x), int(y), int(z)};
                        below[axis] -= 1;
                        const bool ok = confinementExact(below[0], below[1], below[2]) && confinementExact(int(x), int(y), int(z));
                        exact[axis].push_back(ok);
                        border += ok ? 0 : 1;
                    }
        }
        return exact;
    }

    // Stored faces whose velocity the pass changed (a check that it did something to compare).
    size_t changedFaces() {
        size_t changed = 0;
        for (int a = 0; a < 3; ++a) {
            const std::vector<float> after = sparse_->downloadBox(kVelocity[a].sparse, {0, 0, 0}, {layout_->n[0], layout_->n[1], layout_->n[2]});
            for (size_t k = 0; k < after.size(); ++k) changed += bitsOf(after[k]) != bitsOf(before_[a][k]) ? 1 : 0;
        }
        return changed;
    }

    // Every stored sample of a field equal, bit for bit, to the dense solver's; returns how many
    // differ from open air (so a check can tell it saw something happen).
    size_t expectSame(const char* name, SmokeField3D denseField, SparseField3D sparseField, int axis,
                      const std::vector<bool>* only = nullptr) {
        const std::vector<float> d = dense().download(denseField);
        const std::vector<float> s = sparse_->downloadBox(sparseField, {0, 0, 0}, {layout_->n[0], layout_->n[1], layout_->n[2]});
        const std::vector<bool> stored = layout_->storedMask(axis);
        EXPECT_EQ(d.size(), stored.size()) << name;
        EXPECT_EQ(s.size(), stored.size()) << name;
        size_t mismatches = 0, compared = 0;
        // On a GPU the two kernels may fuse multiply-adds differently (separateCompilationRoundings):
        // each rule here is a few dozen operations on values of at most max|f| (the geometry's
        // fractions, the forces' terms), so 64 roundings of max|f| bound it; bitwise on lavapipe.
        double largest = 0.0;
        for (float v : d) largest = std::max(largest, double(std::abs(v)));
        const double tolerance = separateCompilationRoundings() * 64.0 * std::ldexp(1.0, -23) * std::max(largest, 1.0);
        auto differs = [&](float a, float b) {
            return tolerance > 0.0 ? !(std::abs(double(a) - double(b)) <= tolerance) : bitsOf(a) != bitsOf(b);
        };
        // A face's open fraction decides whether it is closed (exactly 0: its velocity becomes the
        // solid velocity), and the confinement divides by |grad |omega||, which is near 0 beside a
        // collider: a few roundings of difference in a fraction there change a force by far more
        // than a few roundings. On a GPU (the two kernels round differently, see
        // separateCompilationRoundings) the samples within two cells of a face whose open
        // fraction differs between the solvers (the colliders' surfaces) are compared on lavapipe
        // only; everywhere else the bound above holds.
        const std::vector<std::array<int, 3>> flipped = tolerance > 0.0 ? flippedFaces() : std::vector<std::array<int, 3>>{};
        const auto e3 = layout_->extent(axis);
        auto nearFlipped = [&](size_t k) {
            const int p[3] = {int(k % e3[0]), int((k / e3[0]) % e3[1]), int(k / (size_t(e3[0]) * e3[1]))};
            for (const auto& f : flipped)
                if (std::abs(p[0] - f[0]) <= 2 && std::abs(p[1] - f[1]) <= 2 && std::abs(p[2] - f[2]) <= 2) return true;
            return false;
        };
        for (size_t k = 0; k < stored.size() && k < d.size() && k < s.size(); ++k) {
            if (!stored[k] || (only && !(*only)[k])) continue;
            if (!flipped.empty() && nearFlipped(k)) continue;
            ++compared;
            if (differs(d[k], s[k]) && ++mismatches <= 12) {
                const auto e = layout_->extent(axis);
                ADD_FAILURE() << name << " at (" << k % e[0] << ", " << (k / e[0]) % e[1] << ", " << k / (size_t(e[0]) * e[1])
                              << "): dense " << d[k] << ", sparse " << s[k];
            }
        }
        EXPECT_EQ(mismatches, 0u) << name << ": " << mismatches << " of " << compared << " stored samples differ";
        return compared;
    }
    // The faces (any axis) whose open fraction differs between the two solvers.
    std::vector<std::array<int, 3>> flippedFaces() {
        std::vector<std::array<int, 3>> out;
        const SmokeField3D denseOpen[] = {SmokeField3D::OpenX, SmokeField3D::OpenY, SmokeField3D::OpenZ};
        const SparseField3D sparseOpen[] = {SparseField3D::OpenX, SparseField3D::OpenY, SparseField3D::OpenZ};
        for (int a = 0; a < 3; ++a) {
            const std::vector<float> d = dense().download(denseOpen[a]);
            const std::vector<float> s = sparse_->downloadBox(sparseOpen[a], {0, 0, 0}, {layout_->n[0], layout_->n[1], layout_->n[2]});
            const auto e = layout_->extent(a);
            for (size_t k = 0; k < d.size() && k < s.size(); ++k)
                if (d[k] != s[k])
                    out.push_back({int(k % e[0]), int((k / e[0]) % e[1]), int(k / (size_t(e[0]) * e[1]))});
        }
        return out;
    }

    void expectSameVelocity(const std::array<std::vector<bool>, 3>* only = nullptr) {
        expectSame("VelocityX", SmokeField3D::VelocityX, SparseField3D::VelocityX, 0, only ? &(*only)[0] : nullptr);
        expectSame("VelocityY", SmokeField3D::VelocityY, SparseField3D::VelocityY, 1, only ? &(*only)[1] : nullptr);
        expectSame("VelocityZ", SmokeField3D::VelocityZ, SparseField3D::VelocityZ, 2, only ? &(*only)[2] : nullptr);
    }

    // The two copies of every face two allocated bricks share hold the same bits.
    void expectSharedFacesEqual(SparseField3D field, int axis) {
        const SparseBricks b = sparse_->downloadBricks(field);
        std::map<Brick, size_t> index;
        for (size_t k = 0; k < b.bricks.size(); ++k) index[b.bricks[k]] = k;
        const uint32_t ex = axis == 0 ? kB + 1 : kB, ey = axis == 1 ? kB + 1 : kB;
        size_t shared = 0, differ = 0;
        for (size_t k = 0; k < b.bricks.size(); ++k) {
            Brick upper = b.bricks[k];
            upper[axis] += 1;
            auto it = index.find(upper);
            if (it == index.end()) continue;
            for (uint32_t p = 0; p < kB; ++p)
                for (uint32_t q = 0; q < kB; ++q) {
                    std::array<uint32_t, 3> top{p, q, 0}, bottom{p, q, 0};
                    // p, q run over the two axes across `axis`; the layer along it is 8 below, 0 above.
                    int across[2] = {axis == 0 ? 1 : 0, axis == 2 ? 1 : 2};
                    top = {0, 0, 0};
                    top[across[0]] = p;
                    top[across[1]] = q;
                    bottom = top;
                    top[axis] = kB;
                    bottom[axis] = 0;
                    const float below = b.values[k * kBrickFaces + top[0] + ex * (top[1] + ey * top[2])];
                    const float above = b.values[it->second * kBrickFaces + bottom[0] + ex * (bottom[1] + ey * bottom[2])];
                    ++shared;
                    if (bitsOf(below) != bitsOf(above)) ++differ;
                }
        }
        EXPECT_GT(shared, 0u);
        EXPECT_EQ(differ, 0u) << fieldName(field) << ": " << differ << " of " << shared << " shared faces differ between copies";
    }
    void expectSharedVelocityEqual() {
        expectSharedFacesEqual(SparseField3D::VelocityX, 0);
        expectSharedFacesEqual(SparseField3D::VelocityY, 1);
        expectSharedFacesEqual(SparseField3D::VelocityZ, 2);
    }

    std::unique_ptr<Layout> layout_;
    SparseSmokeSolver3D* sparse_ = nullptr;
    std::array<std::vector<float>, 3> before_;  // the velocity before the pass
};

// Both brick sets: every brick of the grid, and the partial set with open air around.
class SparseForcesOnBricks : public SparseForces, public ::testing::WithParamInterface<bool> {
protected:
    const std::vector<BrickBox>& bricks() const { return GetParam() ? kPartialBricks : kAllBricks; }
};

TEST_P(SparseForcesOnBricks, CollidersGiveTheDenseGeometry) {
    run(problemSettings(), bricks(), SparsePass3D::Colliders, 1);
    expectSame("Solid", SmokeField3D::Solid, SparseField3D::Solid, -1);
    expectSame("OpenX", SmokeField3D::OpenX, SparseField3D::OpenX, 0);
    expectSame("OpenY", SmokeField3D::OpenY, SparseField3D::OpenY, 1);
    expectSame("OpenZ", SmokeField3D::OpenZ, SparseField3D::OpenZ, 2);
    expectSame("SolidVelocityX", SmokeField3D::SolidVelocityX, SparseField3D::SolidVelocityX, 0);
    expectSame("SolidVelocityY", SmokeField3D::SolidVelocityY, SparseField3D::SolidVelocityY, 1);
    expectSame("SolidVelocityZ", SmokeField3D::SolidVelocityZ, SparseField3D::SolidVelocityZ, 2);
    // Closed faces took their solid velocity.
    expectSameVelocity();
    expectSharedFacesEqual(SparseField3D::OpenX, 0);
    expectSharedFacesEqual(SparseField3D::OpenY, 1);
    expectSharedFacesEqual(SparseField3D::OpenZ, 2);
    expectSharedFacesEqual(SparseField3D::SolidVelocityY, 1);
    expectSharedVelocityEqual();
    // The colliders reach the bricks: some cells are partly or wholly solid.
    const std::vector<float> solid = sparse_->downloadBox(SparseField3D::Solid, {0, 0, 0}, {37, 23, 19});
    size_t solidCells = 0;
    for (float s : solid) solidCells += s > 0.0f ? 1 : 0;
    EXPECT_GT(solidCells, 50u);
}

TEST_P(SparseForcesOnBricks, CombustionMatchesTheDenseSolver) {
    SmokeSettings3D s = problemSettings();
    s.combustion.enabled = true;
    s.combustion.ignitionTemperature = 500.0f;
    run(s, bricks(), SparsePass3D::Combustion, 2);
    expectSame("Density", SmokeField3D::Density, SparseField3D::Density, -1);
    expectSame("Temperature", SmokeField3D::Temperature, SparseField3D::Temperature, -1);
    expectSame("Fuel", SmokeField3D::Fuel, SparseField3D::Fuel, -1);
    expectSame("ExpansionSource", SmokeField3D::ExpansionSource, SparseField3D::ExpansionSource, -1);
    // Something burnt: cells above the ignition temperature (about 60 % of them) with fuel.
    const std::vector<float> source = sparse_->downloadBox(SparseField3D::ExpansionSource, {0, 0, 0}, {37, 23, 19});
    size_t burning = 0;
    for (float x : source) burning += x > 0.0f ? 1 : 0;
    EXPECT_GT(burning, 1000u);
}

TEST_P(SparseForcesOnBricks, BuoyancyMatchesTheDenseSolver) {
    run(problemSettings(), bricks(), SparsePass3D::Buoyancy, 3);
    EXPECT_GT(changedFaces(), 10000u);  // every open face (gravity has three components)
    expectSameVelocity();
    expectSharedVelocityEqual();
}

TEST_P(SparseForcesOnBricks, VorticityConfinementMatchesTheDenseSolver) {
    SmokeSettings3D s = problemSettings();
    s.vorticity = 0.8f;
    run(s, bricks(), SparsePass3D::Vorticity, 4);
    // The curl of every edge of a brick reads the faces through the taps, those of missing bricks
    // as still air, so every allocated cell's omega is the dense one's. A cell of a missing brick
    // is open air without vorticity: the sparse grid gives it |omega| = 0 and no force, where the
    // dense grid's still cells next to moving ones have some. So the faces whose force reads only
    // cells whose confinement reads only allocated cells (the two cells of the face and their six
    // neighbours each, clamped at the sides) match bit for bit; with every brick allocated, all.
    size_t border = 0;
    const std::array<std::vector<bool>, 3> exact = confinementExactFaces(border);
    if (!GetParam()) EXPECT_EQ(border, 0u) << "every face is exact with every brick allocated";
    EXPECT_GT(changedFaces(), 10000u);
    expectSameVelocity(&exact);
    expectSharedVelocityEqual();
}

// A step that fuses the velocity forces (fuseVelocityForces, the default) records them in the
// Vorticity pass: the confinement of the velocity before buoyancy, buoyancy, the force, damping and
// the speed limit, as the dense solver's fused kernel (smoke3d/velocity_forces.comp) applies them
// to each face.
TEST_P(SparseForcesOnBricks, FusedVelocityForcesMatchTheDenseSolver) {
    SmokeSettings3D s = problemSettings();
    s.vorticity = 0.8f;
    s.velocityDamping = 0.7f;
    s.maxSpeed = 1.5f;
    run(s, bricks(), SparsePass3D::Count, 6);
    size_t border = 0;
    const std::array<std::vector<bool>, 3> exact = confinementExactFaces(border);
    EXPECT_GT(changedFaces(), 10000u);
    expectSameVelocity(&exact);
    expectSharedVelocityEqual();
}

TEST_P(SparseForcesOnBricks, DampingAndTheSpeedLimitMatchTheDenseSolver) {
    SmokeSettings3D s = problemSettings();
    s.velocityDamping = 0.7f;
    s.maxSpeed = 1.2f;  // below the random speeds' 2 m/s: the limit bites
    s.densityDamping = 0.3f;
    s.temperatureRelaxation = 0.5f;
    s.fuelDamping = 0.2f;
    run(s, bricks(), SparsePass3D::Damping, 5);
    EXPECT_GT(changedFaces(), 10000u);
    expectSameVelocity();
    expectSharedVelocityEqual();
    expectSame("Density", SmokeField3D::Density, SparseField3D::Density, -1);
    expectSame("Temperature", SmokeField3D::Temperature, SparseField3D::Temperature, -1);
    expectSame("Fuel", SmokeField3D::Fuel, SparseField3D::Fuel, -1);
    const std::vector<float> u = sparse_->downloadBox(SparseField3D::VelocityX, {0, 0, 0}, {37, 23, 19});
    float largest = 0.0f;
    for (float x : u) largest = std::max(largest, std::abs(x));
    EXPECT_EQ(largest, 1.2f);
}

TEST_F(SparseForces, DerivedFieldsAreDownloadOnly) {
    SparseSmokeSolver3D& solver = sparseOn(kAllBricks);
    const std::vector<float> one(1, 0.0f);
    for (SparseField3D f : {SparseField3D::Solid, SparseField3D::OpenY, SparseField3D::SolidVelocityZ, SparseField3D::ExpansionSource})
        EXPECT_EQ(fieldOf([&] { solver.uploadBox(f, {0, 0, 0}, {1, 1, 1}, one); }), "uploadBox: field") << fieldName(f);
    EXPECT_STREQ(fieldName(SparseField3D::ExpansionSource), "ExpansionSource");
}

// Without any collider set, the Colliders pass still gives every allocated brick the sides' face
// geometry (smoke3d/face_geometry.glsl): wall, moving-wall and inflow faces closed (the inflow's
// with its speed), outflow and interior faces open, no solid.
TEST_F(SparseForces, CollidersPassWithoutCollidersGivesTheSides) {
    SparseSettings3D sparse;
    sparse.poolBricks = 45;
    SparseSmokeSolver3D solver(context(), problemSettings(), sparse);
    solver.allocateBricks(bricksOf(kAllBricks));
    solver.stepPass(SparsePass3D::Colliders, kDt);
    const uint32_t n[3] = {37, 23, 19};
    // Per axis: whether the low and high sides are closed (problemSettings: -x wall, +x outflow,
    // -y moving wall, +y outflow, -z inflow at 0.6 m/s, +z wall).
    const bool closed[3][2] = {{true, false}, {true, false}, {true, true}};
    const SparseField3D openField[3] = {SparseField3D::OpenX, SparseField3D::OpenY, SparseField3D::OpenZ};
    const SparseField3D solidVelocity[3] = {SparseField3D::SolidVelocityX, SparseField3D::SolidVelocityY,
                                            SparseField3D::SolidVelocityZ};
    for (int axis = 0; axis < 3; ++axis) {
        const std::vector<float> open = solver.downloadBox(openField[axis], {0, 0, 0}, {n[0], n[1], n[2]});
        const std::vector<float> velocity = solver.downloadBox(solidVelocity[axis], {0, 0, 0}, {n[0], n[1], n[2]});
        const Layout layout(problemSettings(), bricksOf(kAllBricks));
        const auto e = layout.extent(axis);
        size_t wrong = 0;
        for (uint32_t z = 0; z < e[2]; ++z)
            for (uint32_t y = 0; y < e[1]; ++y)
                for (uint32_t x = 0; x < e[0]; ++x) {
                    const uint32_t f[3] = {x, y, z};
                    const size_t k = x + e[0] * (size_t(y) + e[1] * z);
                    const bool low = f[axis] == 0, high = f[axis] == n[axis];
                    const bool isClosed = (low && closed[axis][0]) || (high && closed[axis][1]);
                    const float speed = axis == 2 && low ? 0.6f : 0.0f;
                    wrong += open[k] != (isClosed ? 0.0f : 1.0f) || velocity[k] != speed ? 1 : 0;
                }
        EXPECT_EQ(wrong, 0u) << "axis " << axis;
    }
    for (float s : solver.downloadBox(SparseField3D::Solid, {0, 0, 0}, {n[0], n[1], n[2]})) ASSERT_EQ(s, 0.0f);
}

INSTANTIATE_TEST_SUITE_P(BrickSets, SparseForcesOnBricks, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "Partial" : "AllBricks"; });

} // namespace
} // namespace billow::test
