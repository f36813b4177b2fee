#include "smoke3d/smoke3d_views.hpp"

#include <algorithm>
#include <cmath>

#include "common/bilinear.hpp"
#include "common/colour_bar.hpp"
#include "common/colour_maps.hpp"

namespace billow::scene {

namespace {

constexpr Rgb8 kSolid = {115, 115, 115};

float signedRamp(float x) { return std::copysign(std::sqrt(std::fabs(x)), x); }

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

Picture renderPicture(render::VolumeRenderer& renderer, SmokeSolver3D& solver, const RenderPlan& plan) {
    const render::Rgba8Image image = renderer.render(solver, plan.camera, plan.look);
    Picture p{image.width, image.height, std::vector<uint8_t>(size_t(image.width) * image.height * 3)};
    for (size_t k = 0; k < size_t(image.width) * image.height; ++k)
        std::copy_n(&image.rgba[4 * k], 3, &p.rgb[3 * k]);
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
    case View3D::Density: source = &fields.get(Field3D::Density); break;
    case View3D::Fuel: source = &fields.get(Field3D::Fuel); break;
    case View3D::Speed: source = &fields.cellSpeed(); break;
    case View3D::Vorticity: source = &fields.get(Field3D::Vorticity); break;
    case View3D::Pressure: source = &fields.get(Field3D::Pressure); break;
    case View3D::Divergence: source = &fields.get(Field3D::Divergence); break;
    case View3D::Temperature:
        excess = fields.get(Field3D::Temperature);
        for (float& t : excess) t -= s.ambientTemperature;
        source = &excess;
        break;
    case View3D::Render: return {};
    }
    const std::vector<float>& values = *source;
    const auto& solid = fields.get(Field3D::Solid);
    // The largest magnitude on the plane scales the colours.
    float top = 1e-20f;
    for (uint32_t y = 0; y < plane.height; ++y)
        for (uint32_t x = 0; x < plane.width; ++x) top = std::max(top, std::fabs(values[cellIndex(x, y)]));
    const bool isSigned = view == View3D::Pressure || view == View3D::Divergence || view == View3D::Temperature;
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
        if (solidHere > 0.5f) return kSolid;
        return colour(bilinearSample(plane.width, plane.height, x, y, [&](uint32_t i, uint32_t j) { return values[cellIndex(i, j)]; }));
    });
    static const char* const kAxes = "xyz";
    const std::string where = std::string(" at ") + kAxes[plane.across] + " = " + std::to_string(int(plan.position * 100 + 0.5)) + " %";
    drawColourBar(picture, [&](double v) { return colour(float(v)); }, isSigned ? -top : 0.0, top, sliceLabel(view) + where);
    return picture;
}

} // namespace billow::scene
