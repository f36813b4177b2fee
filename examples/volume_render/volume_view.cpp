#include "volume_view.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

namespace billow::render::detail {

namespace {

using Vec3 = std::array<double, 3>;

Vec3 normalised(Vec3 v) {
    const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    return {v[0] / length, v[1] / length, v[2] / length};
}
Vec3 cross(Vec3 a, Vec3 b) { return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; }

void put(float (&out)[4], Vec3 v, double w = 0.0) {
    for (int k = 0; k < 3; ++k) out[k] = static_cast<float>(v[k]);
    out[3] = static_cast<float>(w);
}
void put(float (&out)[4], const std::array<float, 3>& v, double w = 0.0) { put(out, Vec3{v[0], v[1], v[2]}, w); }

void require(bool ok, const char* field, const char* expected) {
    if (!ok) throw std::invalid_argument(std::string(field) + ": expected " + expected);
}
bool finite3(const std::array<float, 3>& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }
bool colour(const std::array<float, 3>& v) { return finite3(v) && v[0] >= 0 && v[1] >= 0 && v[2] >= 0; }

} // namespace

void checkCamera(const OrbitCamera& c) {
    require(std::isfinite(c.yawDegrees), "camera.yawDegrees", "a finite number");
    require(c.pitchDegrees > -90.0f && c.pitchDegrees < 90.0f, "camera.pitchDegrees", "a number in (-90, 90)");
    // In domain diagonals; beyond 1000 the domain is under a pixel at any useful field of view.
    require(c.distance > 0.0f && c.distance <= 1000.0f, "camera.distance", "a number in (0, 1000]");
    require(c.fovDegrees > 0.0f && c.fovDegrees < 180.0f, "camera.fovDegrees", "a number in (0, 180)");
    require(finite3(c.target), "camera.target", "three finite numbers");
}

void checkLook(const VolumeLook& l) {
    require(l.extinction >= 0.0f && std::isfinite(l.extinction), "look.extinction", "a finite number >= 0");
    require(l.albedo >= 0.0f && l.albedo <= 1.0f, "look.albedo", "a number in [0, 1]");
    require(l.anisotropy > -1.0f && l.anisotropy < 1.0f, "look.anisotropy", "a number in (-1, 1)");
    const auto& d = l.lightDirection;
    require(finite3(d) && d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > 1e-12f, "look.lightDirection", "a finite non-zero vector");
    require(colour(l.lightColour), "look.lightColour", "three finite numbers >= 0");
    require(colour(l.ambientColour), "look.ambientColour", "three finite numbers >= 0");
    require(colour(l.skyZenith), "look.skyZenith", "three finite numbers >= 0");
    require(colour(l.skyHorizon), "look.skyHorizon", "three finite numbers >= 0");
    require(colour(l.groundColour), "look.groundColour", "three finite numbers >= 0");
    require(colour(l.solidColour), "look.solidColour", "three finite numbers >= 0");
    require(l.groundTile >= 0.0f && std::isfinite(l.groundTile), "look.groundTile", "a finite number >= 0");
    require(std::isfinite(l.fireLow) && std::isfinite(l.fireHigh) && l.fireHigh > l.fireLow, "look.fireHigh",
            "a finite number > fireLow");
    require(l.fireIntensity >= 0.0f && std::isfinite(l.fireIntensity), "look.fireIntensity", "a finite number >= 0");
    require(l.colourLow > 0.0f && std::isfinite(l.colourLow), "look.colourLow", "a finite number > 0 (K)");
    require(l.colourHigh > 0.0f && std::isfinite(l.colourHigh), "look.colourHigh", "a finite number > 0 (K)");
    require(l.exposure > 0.0f && std::isfinite(l.exposure), "look.exposure", "a finite number > 0");
    require(l.viewStep >= 0.05f && l.viewStep <= 8.0f, "look.viewStep", "a number of cells in [0.05, 8]");
    require(l.lightStep >= 0.05f && l.lightStep <= 8.0f, "look.lightStep", "a number of cells in [0.05, 8]");
}

GpuView makeView(const SmokeSettings3D& s, const OrbitCamera& camera, const VolumeLook& look, uint32_t width,
                 uint32_t height) {
    constexpr double kRadians = 3.14159265358979323846 / 180.0;
    const Vec3 extent{double(s.nx), double(s.ny), double(s.nz)};
    const double diagonal = std::sqrt(extent[0] * extent[0] + extent[1] * extent[1] + extent[2] * extent[2]);
    const Vec3 target{camera.target[0] * extent[0], camera.target[1] * extent[1], camera.target[2] * extent[2]};
    const double yaw = camera.yawDegrees * kRadians, pitch = camera.pitchDegrees * kRadians;
    // Toward the camera from the target: yaw 0 on the +z side, yaw 90 on the +x side.
    const Vec3 back{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
    const double distance = camera.distance * diagonal;
    const Vec3 position{target[0] + distance * back[0], target[1] + distance * back[1], target[2] + distance * back[2]};
    const Vec3 forward{-back[0], -back[1], -back[2]};
    const Vec3 right = normalised(cross(forward, {0.0, 1.0, 0.0}));
    const Vec3 up = cross(right, forward);

    GpuView v{};
    put(v.cameraPosition, position, std::tan(0.5 * camera.fovDegrees * kRadians));
    put(v.cameraRight, right, double(width) / height);
    put(v.cameraUp, up);
    put(v.cameraForward, forward);
    const auto& d = look.lightDirection;
    put(v.lightDirection, normalised({d[0], d[1], d[2]}), look.anisotropy);
    put(v.lightColour, look.lightColour);
    put(v.ambientColour, look.ambientColour);
    put(v.skyZenith, look.skyZenith);
    put(v.skyHorizon, look.skyHorizon);
    put(v.groundColour, look.groundColour, look.groundTile / s.cellSize);
    put(v.solidColour, look.solidColour);
    const double h = s.cellSize;
    v.medium[0] = static_cast<float>(look.extinction * h);
    v.medium[1] = look.albedo;
    v.medium[2] = look.viewStep;
    v.medium[3] = look.lightStep;
    v.fire[0] = look.fireLow;
    v.fire[1] = look.fireHigh;
    v.fire[2] = static_cast<float>(look.fireIntensity * h);
    v.fire[3] = 0.5f;  // a sample is inside a solid above this interpolated solid fraction
    v.fireColour[0] = look.colourLow;
    v.fireColour[1] = look.colourHigh;
    v.fireColour[2] = look.exposure;
    v.fireColour[3] = 1e-5f;  // densities below this are empty space (only emission is added there)
    v.grid[0] = static_cast<int32_t>(s.nx);
    v.grid[1] = static_cast<int32_t>(s.ny);
    v.grid[2] = static_cast<int32_t>(s.nz);
    v.grid[3] = look.drawSolids ? 1 : 0;
    v.image[0] = static_cast<int32_t>(width);
    v.image[1] = static_cast<int32_t>(height);
    return v;
}

} // namespace billow::render::detail
