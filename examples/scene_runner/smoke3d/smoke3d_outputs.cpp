#include "smoke3d/smoke3d_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "common/frame_pictures.hpp"
#include "common/legends.hpp"
#include "common/maths.hpp"

#ifdef BILLOW_SCENE_RUNNER_VDB
#include "volume_frame.hpp"
#endif

namespace billow::scene {

const std::vector<float>& FieldCache3D::cellVelocity() {
    if (!cellVelocity_.empty()) return cellVelocity_;
    const SmokeSettings3D& s = settings();
    const size_t nx = s.nx, ny = s.ny, nz = s.nz;
    const auto& u = get(SmokeField3D::VelocityX);
    const auto& v = get(SmokeField3D::VelocityY);
    const auto& w = get(SmokeField3D::VelocityZ);
    cellVelocity_.resize(nx * ny * nz * 3);
    for (size_t k = 0; k < nz; ++k)
        for (size_t j = 0; j < ny; ++j)
            for (size_t i = 0; i < nx; ++i) {
                float* out = &cellVelocity_[(i + nx * (j + ny * k)) * 3];
                out[0] = 0.5f * (u[i + (nx + 1) * (j + ny * k)] + u[i + 1 + (nx + 1) * (j + ny * k)]);
                out[1] = 0.5f * (v[i + nx * (j + (ny + 1) * k)] + v[i + nx * (j + 1 + (ny + 1) * k)]);
                out[2] = 0.5f * (w[i + nx * (j + ny * k)] + w[i + nx * (j + ny * (k + 1))]);
            }
    return cellVelocity_;
}

const std::vector<float>& FieldCache3D::cellSpeed() {
    if (!cellSpeed_.empty()) return cellSpeed_;
    const auto& velocity = cellVelocity();
    cellSpeed_.resize(velocity.size() / 3);
    for (size_t c = 0; c < cellSpeed_.size(); ++c)
        cellSpeed_[c] = std::sqrt(velocity[3 * c] * velocity[3 * c] + velocity[3 * c + 1] * velocity[3 * c + 1] +
                                  velocity[3 * c + 2] * velocity[3 * c + 2]);
    return cellSpeed_;
}

std::vector<uint64_t> fieldShape(SmokeField3D field, const SmokeSettings3D& s) {
    const uint64_t nx = s.nx, ny = s.ny, nz = s.nz;
    switch (field) {
    case SmokeField3D::VelocityX:
    case SmokeField3D::OpenX:
    case SmokeField3D::SolidVelocityX: return {nz, ny, nx + 1};
    case SmokeField3D::VelocityY:
    case SmokeField3D::OpenY:
    case SmokeField3D::SolidVelocityY: return {nz, ny + 1, nx};
    case SmokeField3D::VelocityZ:
    case SmokeField3D::OpenZ:
    case SmokeField3D::SolidVelocityZ: return {nz + 1, ny, nx};
    case SmokeField3D::Colour: return {nz, ny, nx, 4};
    default: return {nz, ny, nx};
    }
}

void measureFields(FieldCache3D& fields, StepMetrics3D& m) {
    const SmokeSettings3D& s = fields.settings();
    const double h = s.cellSize, cellVolume = h * h * h;
    const auto& div = fields.get(SmokeField3D::Divergence);
    const auto& solid = fields.get(SmokeField3D::Solid);
    measureDivergence(div, solid, m.maxDivergence, m.meanDivergence);

    double squares = 0.0;
    for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ})
        for (float u : fields.get(f)) squares += double(u) * u;
    m.kineticEnergy = 0.5 * cellVolume * squares;
    const auto& speed = fields.cellSpeed();
    m.maxSpeed = 0.0;
    for (float x : speed) m.maxSpeed = maxKeepingNaN(m.maxSpeed, x);

    const auto& density = fields.get(SmokeField3D::Density);
    double mass = 0.0, moment[3] = {0, 0, 0};
    for (size_t k = 0; k < s.nz; ++k)
        for (size_t j = 0; j < s.ny; ++j)
            for (size_t i = 0; i < s.nx; ++i) {
                const double d = density[i + s.nx * (j + s.ny * k)];
                mass += d;
                moment[0] += d * (i + 0.5) * h;
                moment[1] += d * (j + 0.5) * h;
                moment[2] += d * (k + 0.5) * h;
            }
    m.totalDensity = mass * cellVolume;
    m.densityCentroid.reset();
    if (mass > 1e-12) m.densityCentroid = std::array<double, 3>{moment[0] / mass, moment[1] / mass, moment[2] / mass};

    double fuel = 0.0;
    for (float f : fields.get(SmokeField3D::Fuel)) fuel += f;
    m.totalFuel = fuel * cellVolume;
    const auto& temperature = fields.get(SmokeField3D::Temperature);
    m.maxTemperature = temperature.empty() ? 0.0 : -std::numeric_limits<double>::infinity();
    for (float t : temperature) m.maxTemperature = maxKeepingNaN(m.maxTemperature, t);

    // The Combustion pass writes expansion * burnt / dt per cell: the burn rate follows from it.
    m.fuelBurnRate = 0.0;
    m.burningCells = 0;
    if (s.combustion.enabled && s.combustion.expansion > 0.0f) {
        double rate = 0.0;
        for (float e : fields.get(SmokeField3D::ExpansionSource)) {
            rate += e;
            m.burningCells += e > 0.0f;
        }
        m.fuelBurnRate = rate / s.combustion.expansion * cellVolume;
    }
}

nlohmann::ordered_json metricsRecord(const StepMetrics3D& m) {
    nlohmann::ordered_json line = smokeMetricsRecord(m);
    line["totalFuel"] = m.totalFuel;
    line["maxTemperature"] = m.maxTemperature;
    line["fuelBurnRate"] = m.fuelBurnRate;
    line["burningCells"] = m.burningCells;
    if (m.densityCentroid) {
        line["densityCentroid"] = *m.densityCentroid;
        line["centroidHeight"] = (*m.densityCentroid)[1];
    } else {
        line["densityCentroid"] = nullptr;
        line["centroidHeight"] = nullptr;
    }
    return line;
}

namespace {

// The slice's samples: `values` on the plane, as (width, height) with (a, b) the picture's axes.
struct Plane {
    uint32_t width = 0, height = 0;
    int across = 2, a = 0, b = 1;  // the axis across the plane and the picture's horizontal / vertical axes
    uint32_t layer = 0;
};

// The quantity and its unit, for the colour bar.
std::string sliceLabel(View3D view) {
    switch (view) {
    case View3D::Density: return "density (units)";
    case View3D::Temperature: return "temperature - ambient (K)";
    case View3D::Fuel: return "fuel (units)";
    case View3D::Speed: return "speed (m/s)";
    case View3D::Vorticity: return "vorticity (1/s)";
    case View3D::Pressure: return "pressure (m^2/s^2)";
    case View3D::Divergence: return "divergence (1/s)";
    case View3D::Render: break;
    }
    return "";
}

Plane planeOf(const SmokeSettings3D& s, const SlicePlan& plan) {
    const uint32_t n[3] = {s.nx, s.ny, s.nz};
    Plane p;
    p.across = plan.axis;
    // Looking along -z (x right, y up), along -x (z right... as seen from +x: -z right), or down y.
    if (plan.axis == 2) p.a = 0, p.b = 1;
    if (plan.axis == 0) p.a = 2, p.b = 1;
    if (plan.axis == 1) p.a = 0, p.b = 2;
    p.width = n[p.a];
    p.height = n[p.b];
    p.layer = std::min(n[p.across] - 1, static_cast<uint32_t>(plan.position * n[p.across]));
    return p;
}

} // namespace

Picture renderPicture(VolumeRenderer& renderer, const SmokeSolver3D& solver, const RenderPlan& plan,
                      const OrbitCamera& camera, std::span<const Collider> colliders) {
    const float aspect = float(plan.width) / float(plan.height);
    const VolumePicture image =
        renderer.renderPicture(solver, orbitCamera(solver.settings(), camera, aspect), plan.look, plan.width, plan.height, colliders);
    // The look encodes for display over an opaque background: rgb in [0, 1].
    Picture p{image.width, image.height, std::vector<uint8_t>(size_t(image.width) * image.height * 3)};
    for (size_t k = 0; k < size_t(image.width) * image.height; ++k)
        for (int c = 0; c < 3; ++c) p.rgb[3 * k + c] = uint8_t(std::lround(std::clamp(image.rgba[4 * k + c], 0.0f, 1.0f) * 255.0f));
    return p;
}

Picture slicePicture(View3D view, FieldCache3D& fields, const SlicePlan& plan) {
    const SmokeSettings3D& s = fields.settings();
    const Plane plane = planeOf(s, plan);
    auto cellIndex = [&](uint32_t x, uint32_t y) {
        uint32_t c[3];
        c[plane.a] = x;
        c[plane.b] = y;
        c[plane.across] = plane.layer;
        return c[0] + size_t(s.nx) * (c[1] + size_t(s.ny) * c[2]);
    };
    const std::vector<float>* source = nullptr;
    std::vector<float> excess;
    switch (view) {
    case View3D::Density: source = &fields.get(SmokeField3D::Density); break;
    case View3D::Fuel: source = &fields.get(SmokeField3D::Fuel); break;
    case View3D::Speed: source = &fields.cellSpeed(); break;
    case View3D::Vorticity: source = &fields.get(SmokeField3D::Vorticity); break;
    case View3D::Pressure: source = &fields.get(SmokeField3D::Pressure); break;
    case View3D::Divergence: source = &fields.get(SmokeField3D::Divergence); break;
    case View3D::Temperature:
        excess = fields.get(SmokeField3D::Temperature);
        for (float& t : excess) t -= s.ambientTemperature;
        source = &excess;
        break;
    case View3D::Render: return {};
    }
    const std::vector<float>& values = *source;
    const auto& solid = fields.get(SmokeField3D::Solid);
    // The values on the plane scale the colours and the bar: 0..largest for the quantities that
    // are never negative (temperature above ambient, density, fuel, speed, |vorticity|), -m..m for
    // pressure and divergence.
    std::vector<float> onPlane;
    onPlane.reserve(size_t(plane.width) * plane.height);
    for (uint32_t y = 0; y < plane.height; ++y)
        for (uint32_t x = 0; x < plane.width; ++x) onPlane.push_back(values[cellIndex(x, y)]);
    const bool isSigned = view == View3D::Pressure || view == View3D::Divergence;
    const BarRange range = barRange(onPlane, isSigned ? Quantity::Signed : Quantity::NonNegative);
    const float top = float(range.high);
    auto colour = [&](float v) -> Rgb8 {
        const float x = v / top;
        if (isSigned) return diverging(signedRamp(x));
        return sequential(view == View3D::Density ? std::sqrt(std::max(x, 0.0f)) : x);
    };
    // Bilinear in cell-centre units, so the picture is smooth however small the grid.
    const uint32_t longest = std::max(plane.width, plane.height);
    const double pixelsPerCell = double(plan.longSide) / longest;
    const uint32_t width = std::max(1u, uint32_t(std::lround(plane.width * pixelsPerCell)));
    const uint32_t height = std::max(1u, uint32_t(std::lround(plane.height * pixelsPerCell)));
    Picture picture = draw(width, height, 1, [&](uint32_t px, uint32_t py) {
        const float x = float((px + 0.5) / pixelsPerCell - 0.5), y = float((py + 0.5) / pixelsPerCell - 0.5);
        const float solidHere = bilinearSample(plane.width, plane.height, x, y, [&](uint32_t i, uint32_t j) { return solid[cellIndex(i, j)]; });
        if (solidHere > 0.5f) return kObstacleColour;
        return colour(bilinearSample(plane.width, plane.height, x, y, [&](uint32_t i, uint32_t j) { return values[cellIndex(i, j)]; }));
    });
    static const char* const kAxes = "xyz";
    const std::string where = std::string(" at ") + kAxes[plane.across] + " = " + std::to_string(int(plan.position * 100 + 0.5)) + " %";
    drawColourBar(picture, [&](double v) { return colour(float(v)); }, range.low, range.high, sliceLabel(view) + where);
    return picture;
}

bool vdbAvailable() {
#ifdef BILLOW_SCENE_RUNNER_VDB
    return true;
#else
    return false;
#endif
}

void requireVdbSupport(const VdbPlan& plan) {
    if (plan.every != 0 && !vdbAvailable())
        throw SceneError("output.vdb", "this scene_runner was built without OpenVDB (install libopenvdb-dev and "
                                       "configure with -DBILLOW_BUILD_VDB=ON), so it cannot write .vdb files");
}

void writeVdbFrame([[maybe_unused]] const std::string& path, [[maybe_unused]] SmokeSolver3D& solver,
                   [[maybe_unused]] const VdbPlan& plan, [[maybe_unused]] uint32_t step, [[maybe_unused]] double time) {
#ifdef BILLOW_SCENE_RUNNER_VDB
    vdb::FrameFields fields;
    fields.density = plan.density;
    fields.temperature = plan.temperature || plan.flame;
    fields.fuel = plan.fuel;
    fields.velocity = plan.velocity;
    fields.solid = plan.solid;
    vdb::VolumeFrame frame = vdb::downloadVolumeFrame(solver, {0.0, 0.0, 0.0}, time, fields);
    frame.writeTemperature = plan.temperature;
    frame.writeFlame = plan.flame;
    frame.step = step;
    frame.activeThreshold = plan.activeThreshold;
    frame.upAxis = plan.upAxis == VdbUpAxis::Z ? vdb::UpAxis::Z : vdb::UpAxis::Y;
    vdb::writeVdb(path, frame);
#endif
}

} // namespace billow::scene
