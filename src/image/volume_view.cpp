#include "image/volume_view.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "billow/error.hpp"

namespace billow::detail {

namespace {

using Vec3 = std::array<double, 3>;
using Mat4 = std::array<double, 16>;  // column-major

Vec3 normalised(Vec3 v) {
    const double length = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    return {v[0] / length, v[1] / length, v[2] / length};
}
Vec3 cross(Vec3 a, Vec3 b) { return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; }
double dot(Vec3 a, Vec3 b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

Mat4 widen(const Matrix4& m) {
    Mat4 out{};
    for (int i = 0; i < 16; ++i) out[i] = m[i];
    return out;
}

Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 out{};
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            double sum = 0.0;
            for (int k = 0; k < 4; ++k) sum += a[k * 4 + r] * b[c * 4 + k];
            out[c * 4 + r] = sum;
        }
    return out;
}

// The inverse by cofactors; false when the matrix is singular (relative to its size) or not finite.
bool invert(const Mat4& m, Mat4& out) {
    Mat4 inv{};
    inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10];
    inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10];
    inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9];
    inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9];
    inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10];
    inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10];
    inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9];
    inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9];
    inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6];
    inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6];
    inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5];
    inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5];
    inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6];
    inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6];
    inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5];
    inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5];
    const double det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12];
    double scale = 0.0;
    for (double v : m) scale = std::max(scale, std::abs(v));
    if (!std::isfinite(det) || std::abs(det) <= 1e-30 * std::pow(std::max(scale, 1e-30), 4)) return false;
    for (int i = 0; i < 16; ++i) out[i] = inv[i] / det;
    return true;
}

void require(bool ok, const char* field, const std::string& expected) {
    if (!ok) throw InvalidArgument(field, "expected " + expected);
}
bool finite(const Matrix4& m) {
    for (float v : m)
        if (!std::isfinite(v)) return false;
    return true;
}
bool finite3(const std::array<float, 3>& v) { return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]); }
// Every component in [lo, hi] (false for NaN).
bool within(const std::array<float, 3>& v, float lo, float hi) {
    for (float x : v)
        if (!(x >= lo && x <= hi)) return false;
    return true;
}
bool within(float x, float lo, float hi) { return x >= lo && x <= hi; }

// The bounds of the look (billow/volume_renderer.hpp states them with their reasons). Products of
// the largest accepted values stay far inside float: a radiance of kMaxRadiance times the phase
// function's peak at |g| = kMaxAnisotropy (about 2e4) is 2e8, an emission of kMaxFireIntensity
// per metre summed over a march of at most 3 * 8192 / 0.05 steps of any cell size stays below
// 1e12 per metre of cell, and exposure times either below 1e24.
constexpr float kMaxExtinction = 1e6f;       // 1/m per unit density
constexpr float kMaxAnisotropy = 0.99f;      // |g|; the peak (1 + g) / (1 - g)^2 stays below 2e4
constexpr float kMaxRadiance = 1e4f;         // relative to a white surface in full light
constexpr float kMinGroundTile = 1e-6f;      // m
constexpr float kMaxGroundTile = 1e6f;       // m
constexpr float kMaxTemperature = 1e5f;      // K, the fire ramp's ends
constexpr float kMinFireRamp = 1.0f;         // K, fireHigh - fireLow
constexpr float kMaxFireIntensity = 1e6f;    // radiance per metre
constexpr float kMinColourTemperature = 500.0f;    // K: a black body's faint red glow begins
constexpr float kMaxColourTemperature = 50000.0f;  // K: the hottest stars; bluer is no longer a colour change
constexpr float kMinExposure = 1e-6f;        // about 20 stops either way
constexpr float kMaxExposure = 1e6f;

void put(float (&out)[4], const std::array<float, 3>& v, double w = 0.0) {
    for (int k = 0; k < 3; ++k) out[k] = v[k];
    out[3] = static_cast<float>(w);
}

std::string range(float lo, float hi, const char* unit) {
    char text[96];
    std::snprintf(text, sizeof text, "a number in [%g, %g]%s%s", lo, hi, *unit ? " " : "", unit);
    return text;
}
std::string colourRange(float lo, float hi, const char* what) {
    char text[128];
    std::snprintf(text, sizeof text, "three numbers in [%g, %g] (%s)", lo, hi, what);
    return text;
}

} // namespace

void checkLook(const VolumeLook& l) {
    require(within(l.extinction, 0.0f, kMaxExtinction), "VolumeLook::extinction", range(0.0f, kMaxExtinction, "1/m"));
    require(within(l.albedo, 0.0f, 1.0f), "VolumeLook::albedo", range(0.0f, 1.0f, ""));
    require(within(l.anisotropy, -kMaxAnisotropy, kMaxAnisotropy), "VolumeLook::anisotropy",
            range(-kMaxAnisotropy, kMaxAnisotropy, ""));
    const auto& d = l.lightDirection;
    // Normalised in double precision: any finite non-zero vector has a direction.
    require(finite3(d) && (d[0] != 0.0f || d[1] != 0.0f || d[2] != 0.0f), "VolumeLook::lightDirection",
            "a finite non-zero vector");
    const char* radiance = "relative radiance";
    require(within(l.lightColour, 0.0f, kMaxRadiance), "VolumeLook::lightColour", colourRange(0.0f, kMaxRadiance, radiance));
    require(within(l.ambientColour, 0.0f, kMaxRadiance), "VolumeLook::ambientColour",
            colourRange(0.0f, kMaxRadiance, radiance));
    require(within(l.skyZenith, 0.0f, kMaxRadiance), "VolumeLook::skyZenith", colourRange(0.0f, kMaxRadiance, radiance));
    require(within(l.skyHorizon, 0.0f, kMaxRadiance), "VolumeLook::skyHorizon", colourRange(0.0f, kMaxRadiance, radiance));
    require(within(l.groundColour, 0.0f, 1.0f), "VolumeLook::groundColour", colourRange(0.0f, 1.0f, "albedo"));
    require(within(l.solidColour, 0.0f, 1.0f), "VolumeLook::solidColour", colourRange(0.0f, 1.0f, "albedo"));
    require(l.groundTile == 0.0f || within(l.groundTile, kMinGroundTile, kMaxGroundTile), "VolumeLook::groundTile",
            "0 (no ground) or " + range(kMinGroundTile, kMaxGroundTile, "m"));
    require(uint32_t(l.background) <= uint32_t(VolumeBackground::SkyAndGround), "VolumeLook::background",
            "Transparent or SkyAndGround");
    require(within({l.outlineColour[0], l.outlineColour[1], l.outlineColour[2]}, 0.0f, kMaxRadiance) &&
                within(l.outlineColour[3], 0.0f, 1.0f),
            "VolumeLook::outlineColour", colourRange(0.0f, kMaxRadiance, radiance) + " and an opacity in [0, 1]");
    require(l.outlineWidth > 0.0f && l.outlineWidth <= 64.0f, "VolumeLook::outlineWidth", "a number of pixels in (0, 64]");
    require(within(l.fireLow, 0.0f, kMaxTemperature), "VolumeLook::fireLow", range(0.0f, kMaxTemperature, "K"));
    require(within(l.fireHigh, 0.0f, kMaxTemperature) && l.fireHigh - l.fireLow >= kMinFireRamp, "VolumeLook::fireHigh",
            range(0.0f, kMaxTemperature, "K") + ", at least 1 K above fireLow");
    require(within(l.fireIntensity, 0.0f, kMaxFireIntensity), "VolumeLook::fireIntensity",
            range(0.0f, kMaxFireIntensity, "per m"));
    require(within(l.colourLow, kMinColourTemperature, kMaxColourTemperature), "VolumeLook::colourLow",
            range(kMinColourTemperature, kMaxColourTemperature, "K"));
    require(within(l.colourHigh, kMinColourTemperature, kMaxColourTemperature), "VolumeLook::colourHigh",
            range(kMinColourTemperature, kMaxColourTemperature, "K"));
    require(within(l.exposure, kMinExposure, kMaxExposure), "VolumeLook::exposure", range(kMinExposure, kMaxExposure, ""));
    require(within(l.viewStep, 0.05f, 8.0f), "VolumeLook::viewStep", "a number of cells in [0.05, 8]");
    require(within(l.lightStep, 0.05f, 8.0f), "VolumeLook::lightStep", "a number of cells in [0.05, 8]");
}

void checkOrbit(const OrbitCamera& c) {
    // Float keeps steps of 1/128 degree up to 1e5 degrees (a camera that turns by adding to its yaw).
    require(within(c.yawDegrees, -1e5f, 1e5f), "OrbitCamera::yawDegrees", range(-1e5f, 1e5f, "degrees"));
    require(c.pitchDegrees > -90.0f && c.pitchDegrees < 90.0f, "OrbitCamera::pitchDegrees", "a number in (-90, 90) degrees");
    // In domain diagonals: from the near plane (1e-3 diagonals) to where the domain is under a
    // pixel at any useful field of view.
    require(within(c.distance, 1e-3f, 1000.0f), "OrbitCamera::distance", range(1e-3f, 1000.0f, "domain diagonals"));
    // From a long telephoto lens's to a fisheye's: beyond, the projection's scale 1 / tan(fov / 2)
    // leaves float's useful range.
    require(within(c.fovDegrees, 0.01f, 179.0f), "OrbitCamera::fovDegrees", range(0.01f, 179.0f, "degrees"));
    require(within(c.target, -1000.0f, 1000.0f), "OrbitCamera::target", "three numbers in [-1000, 1000] (fractions of the domain)");
}

GpuVolumeView makeVolumeView(const ViewInputs& in) {
    const SmokeSettings3D& s = *in.settings;
    const VolumeLook& look = *in.look;
    checkLook(look);
    require(finite(in.camera->view), "VolumeCamera::view", "finite numbers");
    require(finite(in.camera->projection), "VolumeCamera::projection", "finite numbers");
    require(finite(*in.domainToWorld), "VolumeTarget::domainToWorld", "finite numbers");
    const Mat4 projection = widen(in.camera->projection), view = widen(in.camera->view);
    // A perspective projection puts -z or +z of eye space into clip w (column 2, row 3).
    require(std::abs(projection[11]) > 1e-6, "VolumeCamera::projection",
            "a perspective projection (its clip w taken from eye-space z; orthographic ones are not supported)");
    Mat4 viewInverse{}, clipToWorld{}, worldToDomain{};
    require(invert(view, viewInverse), "VolumeCamera::view", "an invertible matrix");
    require(invert(multiply(projection, view), clipToWorld), "VolumeCamera::projection", "an invertible projection * view");
    require(invert(widen(*in.domainToWorld), worldToDomain), "VolumeTarget::domainToWorld", "an invertible matrix");

    const double h = s.cellSize;
    Mat4 domainToCells{};
    domainToCells[0] = domainToCells[5] = domainToCells[10] = 1.0 / h;
    domainToCells[15] = 1.0;
    const Mat4 worldToCells = multiply(domainToCells, worldToDomain);
    const Mat4 clipToCells = multiply(worldToCells, clipToWorld);
    const Mat4 eyeToCells = multiply(worldToCells, viewInverse);

    GpuVolumeView v{};
    for (int i = 0; i < 16; ++i) v.clipToCells[i] = static_cast<float>(clipToCells[i]);
    const double eyeW = eyeToCells[15];
    for (int k = 0; k < 3; ++k) v.eye[k] = static_cast<float>(eyeToCells[12 + k] / eyeW);
    // The outline's half width as an angle: the pixel's angle, 2 / (|P[1][1]| height), for a
    // perspective projection whose y scale is 1 / tan(fov / 2).
    const double pixelAngle = 2.0 / (std::max(std::abs(projection[5]), 1e-12) * in.height);
    v.eye[3] = static_cast<float>(0.5 * look.outlineWidth * pixelAngle);

    const auto& d = look.lightDirection;
    const double length = std::sqrt(double(d[0]) * d[0] + double(d[1]) * d[1] + double(d[2]) * d[2]);
    put(v.lightDirection, {float(d[0] / length), float(d[1] / length), float(d[2] / length)}, look.anisotropy);
    put(v.lightColour, look.lightColour);
    put(v.ambientColour, look.ambientColour);
    put(v.skyZenith, look.skyZenith);
    put(v.skyHorizon, look.skyHorizon);
    put(v.groundColour, look.groundColour, look.groundTile / h);
    put(v.solidColour, look.solidColour);
    for (int k = 0; k < 4; ++k) v.outlineColour[k] = look.outlineColour[k];
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
    v.cellSize[0] = s.cellSize;
    v.cellSize[1] = static_cast<float>(in.colliders);
    v.cellSize[3] = in.largestOutput;
    // The clip depth at which the march takes its second point on each pixel's ray (the first is
    // the eye): the farthest finite one on the central ray, so the direction keeps float precision
    // whatever the depth convention (near at 0 or 1; an infinite far plane at 0 or 1).
    double farthest = -1.0;
    for (double z : {0.999, 0.99, 0.9, 0.5, 0.1, 0.01, 0.001}) {
        const double w = clipToCells[11] * z + clipToCells[15];
        if (!(std::abs(w) > 1e-12)) continue;
        double distance2 = 0.0;
        for (int k = 0; k < 3; ++k) {
            const double p = (clipToCells[8 + k] * z + clipToCells[12 + k]) / w - v.eye[k];
            distance2 += p * p;
        }
        if (std::isfinite(distance2) && distance2 < 1e14 && distance2 > farthest) {
            farthest = distance2;
            v.cellSize[2] = static_cast<float>(z);
        }
    }
    require(farthest > 0.0, "VolumeCamera::projection", "a projection whose rays have finite points in front of the eye");
    v.grid[0] = static_cast<int32_t>(s.nx);
    v.grid[1] = static_cast<int32_t>(s.ny);
    v.grid[2] = static_cast<int32_t>(s.nz);
    v.grid[3] = (look.drawSolids ? kVolumeSolids : 0) | (look.useColourField && in.colourField ? kVolumeColour : 0) |
                (in.depthWidth ? kVolumeDepth : 0) |
                (look.background == VolumeBackground::SkyAndGround ? kVolumeBackground : 0) |
                (look.displayEncode ? kVolumeDisplay : 0);
    v.stored[0] = in.halves ? 1.0f : 0.0f;
    v.stored[1] = in.temperatureOrigin;
    v.image[0] = static_cast<int32_t>(in.width);
    v.image[1] = static_cast<int32_t>(in.height);
    v.image[2] = static_cast<int32_t>(in.depthWidth ? in.depthWidth : 1);
    v.image[3] = static_cast<int32_t>(in.depthHeight ? in.depthHeight : 1);
    return v;
}

} // namespace billow::detail

namespace billow {

void VolumeLook::validate() const { detail::checkLook(*this); }
void OrbitCamera::validate() const { detail::checkOrbit(*this); }

VolumeCamera orbitCamera(const SmokeSettings3D& s, const OrbitCamera& orbit, float aspect) {
    detail::checkOrbit(orbit);
    // A picture's width / height: 8192 x 1 at most either way, with room.
    detail::require(aspect >= 1e-4f && aspect <= 1e4f, "orbitCamera: aspect", "a number in [0.0001, 10000] (width / height)");
    constexpr double kRadians = 3.14159265358979323846 / 180.0;
    const double h = s.cellSize;
    const detail::Vec3 extent{s.nx * h, s.ny * h, s.nz * h};
    const double diagonal = std::sqrt(detail::dot(extent, extent));
    const detail::Vec3 target{orbit.target[0] * extent[0], orbit.target[1] * extent[1], orbit.target[2] * extent[2]};
    const double yaw = orbit.yawDegrees * kRadians, pitch = orbit.pitchDegrees * kRadians;
    // Toward the camera from the target: yaw 0 on the +z side, yaw 90 on the +x side.
    const detail::Vec3 back{std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw)};
    const double distance = orbit.distance * diagonal;
    const detail::Vec3 eye{target[0] + distance * back[0], target[1] + distance * back[1], target[2] + distance * back[2]};
    const detail::Vec3 forward{-back[0], -back[1], -back[2]};
    const detail::Vec3 right = detail::normalised(detail::cross(forward, {0.0, 1.0, 0.0}));
    const detail::Vec3 up = detail::cross(right, forward);

    VolumeCamera camera;
    // Right-handed eye space looking down -z (as gluLookAt).
    Matrix4& v = camera.view;
    v = {};
    for (int k = 0; k < 3; ++k) {
        v[k * 4 + 0] = static_cast<float>(right[k]);
        v[k * 4 + 1] = static_cast<float>(up[k]);
        v[k * 4 + 2] = static_cast<float>(-forward[k]);
    }
    v[12] = static_cast<float>(-detail::dot(right, eye));
    v[13] = static_cast<float>(-detail::dot(up, eye));
    v[14] = static_cast<float>(detail::dot(forward, eye));
    v[15] = 1.0f;
    // Vulkan clip space: y down, depth 0 at the near plane and 1 at the far one.
    const double f = 1.0 / std::tan(0.5 * orbit.fovDegrees * kRadians);
    const double nearPlane = 1e-3 * diagonal, farPlane = distance + 2.0 * diagonal;
    Matrix4& p = camera.projection;
    p = {};
    p[0] = static_cast<float>(f / aspect);
    p[5] = static_cast<float>(-f);
    p[10] = static_cast<float>(farPlane / (nearPlane - farPlane));
    p[11] = -1.0f;
    p[14] = static_cast<float>(nearPlane * farPlane / (nearPlane - farPlane));
    return camera;
}

} // namespace billow
