// The volume renderer's reference (namespace billow::volume_ref), written from the documented
// camera and medium (include/billow/volume_renderer.hpp, shaders/image/volume_march.glsl), in
// double precision: camera rays, the exact chord of a ray through a sphere, and the line integral
// of a cell-centred field's trilinear interpolant along a ray by fine quadrature.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace billow::volume_ref {

using Vec3 = std::array<double, 3>;

struct Ray {
    Vec3 origin;     // cell units (the grid spans [0, n] per axis)
    Vec3 direction;  // unit
};

struct Camera {
    double yawDegrees, pitchDegrees, distanceDiagonals, fovDegrees;
    Vec3 targetFraction;
};

// The ray through the centre of pixel (x, y) (y = 0 the top row) of a width x height picture of a
// grid of n cells: a pinhole on the orbit (yaw 0 on the +z side, yaw 90 on the +x side, pitch up),
// looking at the target, y up, vertical field of view fovDegrees.
Ray cameraRay(const Camera& camera, const std::array<uint32_t, 3>& n, uint32_t width, uint32_t height, uint32_t x,
              uint32_t y);

// Length of the ray's path inside the sphere (0 when it misses).
double sphereChord(const Ray& ray, const Vec3& centre, double radius);

// A cell-centred field on an nx x ny x nz grid, x fastest.
struct CellField {
    std::array<uint32_t, 3> n;
    std::vector<double> values;
    double at(int i, int j, int k) const;  // clamped to the grid
    // Trilinear between cell centres ((i + .5, j + .5, k + .5)), clamped at the sides.
    double trilinear(const Vec3& p) const;
};

struct LineIntegral {
    double integral = 0.0;         // of the field along the ray inside the grid's box, cell units
    double totalVariation = 0.0;   // of the field along the same path
};
// By the midpoint rule with `substeps` samples per cell of path (converged: the interpolant is
// piecewise cubic along a line, so the rule's error is O(1/substeps^2) of its variation), up to
// `end` cells along the ray (an occluder: the engine's depth).
LineIntegral integrateAlong(const CellField& field, const Ray& ray, uint32_t substeps, double end = 1e300);

} // namespace billow::volume_ref
