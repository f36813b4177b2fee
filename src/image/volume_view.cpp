#include "image/volume_view.hpp"

#include <cmath>
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
bool colour(const std::array<float, 3>& v) { return finite3(v) && v[0] >= 0 && v[1] >= 0 && v[2] >= 0; }

void put(float (&out)[4], const std::array<float, 3>& v, double w = 0.0) {
    for (int k = 0; k < 3; ++k) out[k] = v[k];
    out[3] = static_cast<float>(w);
}

} // namespace

void checkLook(const VolumeLook& l) {
    require(l.extinction >= 0.0f && std::isfinite(l.extinction), "VolumeLook::extinction", "a finite number >= 0 (1/m)");
    require(l.albedo >= 0.0f && l.albedo <= 1.0f, "VolumeLook::albedo", "a number in [0, 1]");
    require(l.anisotropy > -1.0f && l.anisotropy < 1.0f, "VolumeLook::anisotropy", "a number in (-1, 1)");
    const auto& d = l.lightDirection;
    require(finite3(d) && d[0] * d[0] + d[1] * d[1] + d[2] * d[2] > 1e-12f, "VolumeLook::lightDirection",
            "a finite non-zero vector");
    require(colour(l.lightColour), "VolumeLook::lightColour", "three finite numbers >= 0");
    require(colour(l.ambientColour), "VolumeLook::ambientColour", "three finite numbers >= 0");
    require(colour(l.skyZenith), "VolumeLook::skyZenith", "three finite numbers >= 0");
    require(colour(l.skyHorizon), "VolumeLook::skyHorizon", "three finite numbers >= 0");
    require(colour(l.groundColour), "VolumeLook::groundColour", "three finite numbers >= 0");
    require(colour(l.solidColour), "VolumeLook::solidColour", "three finite numbers >= 0");
    require(l.groundTile >= 0.0f && std::isfinite(l.groundTile), "VolumeLook::groundTile", "a finite number >= 0 (m)");
    require(uint32_t(l.background) <= uint32_t(VolumeBackground::SkyAndGround), "VolumeLook::background",
            "Transparent or SkyAndGround");
    require(colour({l.outlineColour[0], l.outlineColour[1], l.outlineColour[2]}) && l.outlineColour[3] >= 0.0f &&
                l.outlineColour[3] <= 1.0f,
            "VolumeLook::outlineColour", "rgb finite >= 0 and an opacity in [0, 1]");
    require(l.outlineWidth > 0.0f && l.outlineWidth <= 64.0f, "VolumeLook::outlineWidth", "a number of pixels in (0, 64]");
    require(std::isfinite(l.fireLow) && std::isfinite(l.fireHigh) && l.fireHigh > l.fireLow, "VolumeLook::fireHigh",
            "a finite number > fireLow");
    require(l.fireIntensity >= 0.0f && std::isfinite(l.fireIntensity), "VolumeLook::fireIntensity", "a finite number >= 0");
    require(l.colourLow > 0.0f && std::isfinite(l.colourLow), "VolumeLook::colourLow", "a finite number > 0 (K)");
    require(l.colourHigh > 0.0f && std::isfinite(l.colourHigh), "VolumeLook::colourHigh", "a finite number > 0 (K)");
    require(l.exposure > 0.0f && std::isfinite(l.exposure), "VolumeLook::exposure", "a finite number > 0");
    require(l.viewStep >= 0.05f && l.viewStep <= 8.0f, "VolumeLook::viewStep", "a number of cells in [0.05, 8]");
    require(l.lightStep >= 0.05f && l.lightStep <= 8.0f, "VolumeLook::lightStep", "a number of cells in [0.05, 8]");
}

void checkOrbit(const OrbitCamera& c) {
    require(std::isfinite(c.yawDegrees), "OrbitCamera::yawDegrees", "a finite number");
    require(c.pitchDegrees > -90.0f && c.pitchDegrees < 90.0f, "OrbitCamera::pitchDegrees", "a number in (-90, 90)");
    // In domain diagonals; beyond 1000 the domain is under a pixel at any useful field of view.
    require(c.distance > 0.0f && c.distance <= 1000.0f, "OrbitCamera::distance", "a number in (0, 1000]");
    require(c.fovDegrees > 0.0f && c.fovDegrees < 180.0f, "OrbitCamera::fovDegrees", "a number in (0, 180)");
    require(finite3(c.target), "OrbitCamera::target", "three finite numbers");
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
    v.image[0] = static_cast<int32_t>(in.width);
    v.image[1] = static_cast<int32_t>(in.height);
    v.image[2] = static_cast<int32_t>(in.depthWidth ? in.depthWidth : 1);
    v.image[3] = static_cast<int32_t>(in.depthHeight ? in.depthHeight : 1);
    return v;
}

} // namespace billow::detail

namespace billow {

VolumeCamera orbitCamera(const SmokeSettings3D& s, const OrbitCamera& orbit, float aspect) {
    detail::checkOrbit(orbit);
    if (!(aspect > 0.0f) || !std::isfinite(aspect)) throw InvalidArgument("orbitCamera: aspect", "expected a finite number > 0");
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
