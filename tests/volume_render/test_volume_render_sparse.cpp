// The volume renderer over a SparseSmokeSolver3D (billow/volume_renderer.hpp) against the same
// renderer over a SmokeSolver3D holding the same fields: with every brick allocated the pictures
// agree to round-off; with some bricks allocated they agree with a dense solver whose cells outside
// those bricks are open air (density 0, the ambient temperature); and the march skips open air
// (its sample counters: none at all without bricks, and a brick at the bottom of a tall domain
// costs what it costs in a small one).
#include "support/gpu_test.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace billow::test {
namespace {

// One renderer for every test: its pipelines are compiled once (on a CPU driver, seconds);
// and every picture has one size: lavapipe compiles a variant of a shader per storage image shape.
class SparseVolumeRender : public GpuTest {
protected:
    static constexpr uint32_t width = 40, height = 30;
    VolumeRenderer& renderer() {
        static VolumeRenderer shared(context());
        return shared;
    }
};

// A virtual domain that is not a multiple of the 8^3 brick along any axis.
SmokeSettings3D smallSettings(bool colour) {
    SmokeSettings3D s;
    s.nx = 37;
    s.ny = 23;
    s.nz = 19;
    s.cellSize = 0.05f;
    s.colour = colour;
    return s;
}

SparseSettings3D keepBricks(uint32_t pool) {
    SparseSettings3D sparse;
    sparse.poolBricks = pool;
    sparse.retireAfterSteps = 1000000;  // nothing retires (no step runs anyway)
    return sparse;
}

// Smoke and fire of smooth blobs (cell units), crossing brick borders on every axis.
float blobDensity(uint32_t i, uint32_t j, uint32_t k) {
    const double x = i - 17.3, y = j - 9.6, z = k - 8.7;
    return float(0.9 * std::exp(-(x * x + y * y + z * z) / (2.0 * 5.5 * 5.5)));
}
float blobTemperature(uint32_t i, uint32_t j, uint32_t k, float ambient) {
    const double x = i - 15.1, y = j - 7.2, z = k - 9.8;
    return ambient + float(1700.0 * std::exp(-(x * x + y * y + z * z) / (2.0 * 3.2 * 3.2)));
}

struct Fields {
    std::vector<float> density, temperature, colour;
};

// The blobs inside the bricks `inside` says are allocated, open air elsewhere.
template <class Inside>
Fields blobFields(const SmokeSettings3D& s, Inside inside) {
    Fields f;
    const size_t cells = size_t(s.nx) * s.ny * s.nz;
    f.density.assign(cells, 0.0f);
    f.temperature.assign(cells, s.ambientTemperature);
    f.colour.assign(s.colour ? 4 * cells : 0, 0.0f);
    for (uint32_t k = 0; k < s.nz; ++k)
        for (uint32_t j = 0; j < s.ny; ++j)
            for (uint32_t i = 0; i < s.nx; ++i) {
                if (!inside(std::array<uint32_t, 3>{i / 8, j / 8, k / 8})) continue;
                const size_t c = i + size_t(s.nx) * (j + size_t(s.ny) * k);
                f.density[c] = blobDensity(i, j, k);
                f.temperature[c] = blobTemperature(i, j, k, s.ambientTemperature);
                if (s.colour) {
                    // Orange smoke on one side, blue on the other (colour is density-weighted).
                    const float d = f.density[c], w = float(i) / float(s.nx);
                    f.colour[4 * c + 0] = d * (0.9f - 0.6f * w);
                    f.colour[4 * c + 1] = d * 0.5f;
                    f.colour[4 * c + 2] = d * (0.2f + 0.7f * w);
                    f.colour[4 * c + 3] = d;
                }
            }
    return f;
}

std::vector<std::array<uint32_t, 3>> allBricks(const SmokeSettings3D& s) {
    std::vector<std::array<uint32_t, 3>> bricks;
    for (uint32_t z = 0; z < (s.nz + 7) / 8; ++z)
        for (uint32_t y = 0; y < (s.ny + 7) / 8; ++y)
            for (uint32_t x = 0; x < (s.nx + 7) / 8; ++x) bricks.push_back({x, y, z});
    return bricks;
}

void uploadDense(SmokeSolver3D& dense, const Fields& f) {
    dense.upload(SmokeField3D::Density, f.density);
    dense.upload(SmokeField3D::Temperature, f.temperature);
    if (!f.colour.empty()) dense.upload(SmokeField3D::Colour, f.colour);
}

// The whole domain as one box: every brick it touches is allocated in these tests.
void uploadSparse(SparseSmokeSolver3D& sparse, const SmokeSettings3D& s, const Fields& f) {
    const std::array<uint32_t, 3> origin{0, 0, 0}, size{s.nx, s.ny, s.nz};
    sparse.uploadBox(SparseField3D::Density, origin, size, f.density);
    sparse.uploadBox(SparseField3D::Temperature, origin, size, f.temperature);
    if (!f.colour.empty()) sparse.uploadBox(SparseField3D::Colour, origin, size, f.colour);
}

// Each brick of `bricks` (allocated) as a box of its own, the rest of the domain missing.
void uploadSparseBricks(SparseSmokeSolver3D& sparse, const SmokeSettings3D& s, const Fields& f,
                        const std::vector<std::array<uint32_t, 3>>& bricks) {
    for (const auto& b : bricks) {
        const std::array<uint32_t, 3> origin{8 * b[0], 8 * b[1], 8 * b[2]};
        const std::array<uint32_t, 3> size{std::min(8u, s.nx - origin[0]), std::min(8u, s.ny - origin[1]),
                                           std::min(8u, s.nz - origin[2])};
        std::vector<float> density, temperature;
        for (uint32_t k = 0; k < size[2]; ++k)
            for (uint32_t j = 0; j < size[1]; ++j)
                for (uint32_t i = 0; i < size[0]; ++i) {
                    const size_t c = (origin[0] + i) + size_t(s.nx) * ((origin[1] + j) + size_t(s.ny) * (origin[2] + k));
                    density.push_back(f.density[c]);
                    temperature.push_back(f.temperature[c]);
                }
        sparse.uploadBox(SparseField3D::Density, origin, size, density);
        sparse.uploadBox(SparseField3D::Temperature, origin, size, temperature);
    }
}

// The largest difference of two pictures, relative to 1 + the dense value.
double worstDifference(const VolumePicture& a, const VolumePicture& b) {
    EXPECT_EQ(a.rgba.size(), b.rgba.size());
    double worst = 0.0;
    for (size_t i = 0; i < std::min(a.rgba.size(), b.rgba.size()); ++i) {
        EXPECT_TRUE(std::isfinite(a.rgba[i])) << i;
        worst = std::max(worst, std::fabs(double(a.rgba[i]) - b.rgba[i]) / (1.0 + std::fabs(double(b.rgba[i]))));
    }
    return worst;
}

double sumAlpha(const VolumePicture& p) {
    double sum = 0.0;
    for (size_t i = 3; i < p.rgba.size(); i += 4) sum += p.rgba[i];
    return sum;
}

// Both pictures take the same samples at the same points from the same values (the sparse fetch
// returns the stored float, open air the constants the dense solver holds there; a skipped sample
// would have added exactly 0), so they differ only where the compiler contracts the two modules'
// arithmetic differently (a fused multiply-add here or there): a few float roundings per step,
// ~1e-7 relative each, over at most ~150 steps: below 2e-5 relative to 1 + the value.
constexpr double kRoundOff = 2e-5;

TEST_F(SparseVolumeRender, EveryBrickAllocatedMatchesTheDenseSolver) {
    const SmokeSettings3D s = smallSettings(true);
    const Fields f = blobFields(s, [](auto) { return true; });
    SmokeSolver3D dense(context(), s);
    uploadDense(dense, f);
    const std::vector<std::array<uint32_t, 3>> bricks = allBricks(s);
    SparseSmokeSolver3D sparse(context(), s, keepBricks(uint32_t(bricks.size())));
    sparse.allocateBricks(bricks);
    uploadSparse(sparse, s, f);

    VolumeRenderer& renderer = this->renderer();
    OrbitCamera orbit;
    orbit.yawDegrees = 27.0f;
    orbit.pitchDegrees = 14.0f;
    orbit.distance = 1.6f;
    const VolumeCamera camera = orbitCamera(s, orbit, float(width) / height);
    VolumeLook look;  // scattering with self-shadowing, fire, the colour field
    const VolumePicture fromDense = renderer.renderPicture(dense, camera, look, width, height);
    const VolumePicture fromSparse = renderer.renderPicture(sparse, camera, look, width, height);
    const double worst = worstDifference(fromSparse, fromDense);
    std::printf("every brick: worst relative difference %.3g (tolerance %.1g), alpha sum %.3f\n", worst, kRoundOff,
                sumAlpha(fromDense));
    EXPECT_LE(worst, kRoundOff);
    EXPECT_GT(sumAlpha(fromDense), 0.1 * width * height);  // the smoke fills a good part of the picture
}

TEST_F(SparseVolumeRender, SomeBricksMatchTheDenseSolverWithOpenAirElsewhere) {
    const SmokeSettings3D s = smallSettings(false);
    // An L of bricks through the blobs, so that open air meets smoke across faces, edges and corners.
    const std::vector<std::array<uint32_t, 3>> bricks = {{1, 0, 0}, {2, 0, 0}, {1, 1, 1}, {2, 1, 1},
                                                         {3, 1, 1}, {2, 2, 1}, {2, 1, 2}};
    auto inside = [&](const std::array<uint32_t, 3>& b) { return std::find(bricks.begin(), bricks.end(), b) != bricks.end(); };
    const Fields f = blobFields(s, inside);
    SmokeSolver3D dense(context(), s);
    uploadDense(dense, f);
    SparseSmokeSolver3D sparse(context(), s, keepBricks(16));
    sparse.allocateBricks(bricks);
    uploadSparseBricks(sparse, s, f, bricks);

    VolumeRenderer& renderer = this->renderer();
    // With the sky and ground (whose shadow marches toward the light too); one look only: lavapipe
    // compiles the dense march again for every new view block (its uniform inlining).
    for (const VolumeBackground background : {VolumeBackground::SkyAndGround}) {
        SCOPED_TRACE(int(background));
        OrbitCamera orbit;
        orbit.yawDegrees = -35.0f;
        orbit.pitchDegrees = 24.0f;
        orbit.distance = 1.5f;
        const VolumeCamera camera = orbitCamera(s, orbit, float(width) / height);
        VolumeLook look;
        look.background = background;
        const VolumePicture fromDense = renderer.renderPicture(dense, camera, look, width, height);
        const VolumePicture fromSparse = renderer.renderPicture(sparse, camera, look, width, height);
        const VolumeSampleCounts counts = renderer.lastSampleCounts();
        const double worst = worstDifference(fromSparse, fromDense);
        std::printf("some bricks, background %d: worst relative difference %.3g (tolerance %.1g), samples view %llu light "
                    "%llu\n",
                    int(background), worst, kRoundOff, (unsigned long long)counts.viewSamples,
                    (unsigned long long)counts.lightSamples);
        EXPECT_LE(worst, kRoundOff);
        EXPECT_GT(counts.viewSamples, 0u);
        // The bake: one light march per allocated cell inside the domain at least.
        EXPECT_GT(counts.lightSamples, bricks.size() * 512);

        // A larger pool (growPool keeps the bricks): the renderer's light pool follows, the
        // picture is the same.
        sparse.growPool(32);
        const VolumePicture grown = renderer.renderPicture(sparse, camera, look, width, height);
        EXPECT_EQ(worstDifference(grown, fromSparse), 0.0);
    }
}

// Without a brick every ray crosses open air only: nothing is sampled, nothing is seen.
TEST_F(SparseVolumeRender, NoBrickTakesNoSample) {
    const SmokeSettings3D s = smallSettings(false);
    SparseSmokeSolver3D sparse(context(), s, keepBricks(4));
    VolumeRenderer& renderer = this->renderer();
    const VolumeCamera camera = orbitCamera(s, OrbitCamera{}, float(width) / height);
    const VolumePicture picture = renderer.renderPicture(sparse, camera, VolumeLook{}, width, height);
    for (float v : picture.rgba) ASSERT_EQ(v, 0.0f);
    EXPECT_EQ(renderer.lastSampleCounts().viewSamples, 0u);
    EXPECT_EQ(renderer.lastSampleCounts().lightSamples, 0u);
}

// A brick of smoke at the bottom of a domain 32 times taller costs about what it costs in a
// domain of its own size, seen by the same camera: the march steps over the 31 x 2 x 2 x 2 missing
// bricks above it (a dense march would take ~30 times more samples along the rays that cross
// them), and the picture is the same.
TEST_F(SparseVolumeRender, AFarTallDomainCostsNoMoreThanTheBrick) {
    SmokeSettings3D small;
    small.nx = small.ny = small.nz = 16;
    small.cellSize = 0.05f;
    SmokeSettings3D tall = small;
    tall.ny = 512;
    const std::vector<std::array<uint32_t, 3>> brick = {{0, 0, 0}};
    VolumeRenderer& renderer = this->renderer();
    OrbitCamera orbit;
    // From below (the camera at y < 0): a ray that meets the small domain enters it where it enters
    // the tall one, so both march from the same points (the same samples in the brick).
    orbit.pitchDegrees = -10.0f;
    const VolumeCamera camera = orbitCamera(small, orbit, float(width) / height);
    VolumeLook look;
    look.lightDirection = {0.3f, 1.0f, 0.2f};  // the light marches go up through the tall domain

    VolumePicture pictures[2];
    VolumeSampleCounts counts[2];
    for (int d = 0; d < 2; ++d) {
        const SmokeSettings3D& s = d == 0 ? small : tall;
        SparseSmokeSolver3D sparse(context(), s, keepBricks(4));
        sparse.allocateBricks(brick);
        std::vector<float> density;
        for (uint32_t k = 0; k < 8; ++k)
            for (uint32_t j = 0; j < 8; ++j)
                for (uint32_t i = 0; i < 8; ++i) density.push_back(blobDensity(i + 13, j + 6, k + 5));
        sparse.uploadBox(SparseField3D::Density, {0, 0, 0}, {8, 8, 8}, density);
        pictures[d] = renderer.renderPicture(sparse, camera, look, width, height);
        counts[d] = renderer.lastSampleCounts();
    }
    std::printf("one brick: samples view %llu (small domain) %llu (tall), light %llu %llu\n",
                (unsigned long long)counts[0].viewSamples, (unsigned long long)counts[1].viewSamples,
                (unsigned long long)counts[0].lightSamples, (unsigned long long)counts[1].lightSamples);
    EXPECT_GT(counts[0].viewSamples, 1000u);
    // The extra samples in the tall domain: those whose point falls within 1/64 cell of the side
    // of a missing brick next to one that is not clear of allocated neighbours (kVolumeSkipMargin):
    // at most one per such side a ray crosses, 2/64 of a cell in 1/2 (the step): under 4 a ray.
    EXPECT_LE(counts[1].viewSamples, counts[0].viewSamples + 4u * width * height);
    // The light rays of the bake start in the brick and go up 62 bricks more in the tall domain.
    EXPECT_LE(counts[1].lightSamples, counts[0].lightSamples + 4u * 512u);
    const double worst = worstDifference(pictures[1], pictures[0]);
    std::printf("one brick: worst relative difference of the pictures %.3g\n", worst);
    EXPECT_LE(worst, kRoundOff);
    EXPECT_GT(sumAlpha(pictures[0]), 1.0);  // the brick's smoke is in view
}

} // namespace
} // namespace billow::test
