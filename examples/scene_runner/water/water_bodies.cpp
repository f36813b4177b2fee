#include "water/water_bodies.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <billow/error.hpp>

#include "common/scene_reader.hpp"

namespace billow::scene {

namespace {

const WordTable<ColliderShape> kShapes = {
    {"box", ColliderShape::Box}, {"sphere", ColliderShape::Sphere}, {"capsule", ColliderShape::Capsule}};

// Whether the point p (m) lies in the body at pose (centre, q): its signed distance <= 0.
bool inside(const FloatingBody& b, const std::array<float, 3>& centre, const std::array<float, 4>& q, double x, double y,
            double z) {
    // p - c rotated by the inverse of q (x, y, z, w).
    const double px = x - centre[0], py = y - centre[1], pz = z - centre[2];
    const double qx = -q[0], qy = -q[1], qz = -q[2], qw = q[3];
    const double tx = 2.0 * (qy * pz - qz * py), ty = 2.0 * (qz * px - qx * pz), tz = 2.0 * (qx * py - qy * px);
    const double lx = px + qw * tx + (qy * tz - qz * ty), ly = py + qw * ty + (qz * tx - qx * tz),
                 lz = pz + qw * tz + (qx * ty - qy * tx);
    switch (b.shape) {
    case ColliderShape::Box:
        return std::abs(lx) <= b.halfExtents[0] && std::abs(ly) <= b.halfExtents[1] && std::abs(lz) <= b.halfExtents[2];
    case ColliderShape::Capsule: {
        const double ax = lx - std::clamp(lx, -double(b.halfLength), double(b.halfLength));
        return ax * ax + ly * ly + lz * lz <= double(b.radius) * b.radius;
    }
    case ColliderShape::Sphere: return lx * lx + ly * ly + lz * lz <= double(b.radius) * b.radius;
    }
    return false;
}

double reach(const FloatingBody& b) {
    if (b.shape == ColliderShape::Box) return std::hypot(b.halfExtents[0], b.halfExtents[1], b.halfExtents[2]);
    if (b.shape == ColliderShape::Capsule) return b.halfLength + b.radius;
    return b.radius;
}

} // namespace

std::vector<FloatingBody> readWaterBodies(ObjectReader& top, const WaterSettings& settings) {
    std::vector<FloatingBody> bodies;
    top.forEachObject("bodies", "{\"shape\", \"centre\", \"mass\", ...}", [&](ObjectReader& r) {
        FloatingBody b;
        b.shape = r.requiredChoice("shape", kShapes);
        b.centre = r.requiredVec3("centre");
        // Rotation about z (the heading seen from above), degrees.
        const float yaw = r.real("yaw", 0.0f);
        b.orientation = rotationAboutZ(yaw * std::numbers::pi_v<float> / 180.0f);
        b.radius = r.real("radius", b.radius, Range::positive());
        b.halfExtents = r.vec3("halfExtents", b.halfExtents, Range::positive());
        b.halfLength = r.real("halfLength", b.halfLength, Range::nonNegative());
        b.mass = r.real("mass", b.mass, Range::positive());
        b.velocity = r.vec3("velocity", b.velocity);
        b.dragCoefficient = r.real("dragCoefficient", b.dragCoefficient, Range::nonNegative());
        b.liftCoefficient = r.real("liftCoefficient", b.liftCoefficient, Range::nonNegative());
        b.angularDrag = r.real("angularDrag", b.angularDrag, Range::nonNegative());
        // What the library would refuse (a body reaching too many cells), named by the key.
        const double cells = reach(b) / settings.cellSize;
        if (cells > kMaxFloatingBodyReachCells)
            throw SceneError(r.path(), "the body reaches " + std::to_string(cells) + " cells from its centre, at most " +
                                           std::to_string(kMaxFloatingBodyReachCells));
        r.finish();
        bodies.push_back(b);
    });
    if (bodies.size() > kMaxFloatingBodies)
        throw SceneError(top.keyPath("bodies"), "at most " + std::to_string(kMaxFloatingBodies) + " bodies");
    return bodies;
}

void WaterBodiesLog::open(const std::string& dir) {
    file_.open(dir + "/bodies.csv");
    file_ << "step,time,body,x,y,z,qx,qy,qz,qw,vx,vy,vz,fx,fy,fz,submergedVolume\n";
}

void WaterBodiesLog::write(uint32_t step, double time, const std::optional<FloatingBodyReport>& report) {
    if (!file_.is_open() || !report) return;
    for (size_t k = 0; k < report->bodies.size(); ++k) {
        const FloatingBodyState& b = report->bodies[k];
        file_ << step << ',' << time << ',' << k;
        for (float v : b.centre) file_ << ',' << v;
        for (float v : b.orientation) file_ << ',' << v;
        for (float v : b.velocity) file_ << ',' << v;
        for (float v : b.force) file_ << ',' << v;
        file_ << ',' << b.submergedVolume << '\n';
    }
}

void drawBodies(Picture& picture, const WaterSettings& s, const std::vector<FloatingBody>& shapes,
                const std::vector<FloatingBodyState>& states) {
    if (picture.width != s.nx || picture.height != s.ny) return;  // one pixel per cell only
    const Rgb8 fill = {196, 120, 52}, outline = {60, 30, 10};
    std::vector<uint8_t> covered(size_t(s.nx) * s.ny);
    for (size_t k = 0; k < std::min(shapes.size(), states.size()); ++k) {
        const FloatingBody& b = shapes[k];
        const FloatingBodyState& at = states[k];
        const double r = reach(b);
        const int i0 = std::max(0, int(std::floor((at.centre[0] - r) / s.cellSize)));
        const int i1 = std::min(int(s.nx) - 1, int(std::floor((at.centre[0] + r) / s.cellSize)));
        const int j0 = std::max(0, int(std::floor((at.centre[1] - r) / s.cellSize)));
        const int j1 = std::min(int(s.ny) - 1, int(std::floor((at.centre[1] + r) / s.cellSize)));
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i) {
                // Seen from above: inside at some height along the cell centre's vertical line.
                const double x = (i + 0.5) * s.cellSize, y = (j + 0.5) * s.cellSize;
                for (int n = 0; n <= 16 && !covered[i + size_t(j) * s.nx]; ++n)
                    if (inside(b, at.centre, at.orientation, x, y, at.centre[2] - r + 2.0 * r * n / 16.0))
                        covered[i + size_t(j) * s.nx] = 1;
            }
    }
    for (uint32_t j = 0; j < s.ny; ++j)
        for (uint32_t i = 0; i < s.nx; ++i) {
            if (!covered[i + size_t(j) * s.nx]) continue;
            const bool edge = i == 0 || j == 0 || i + 1 == s.nx || j + 1 == s.ny || !covered[i - 1 + size_t(j) * s.nx] ||
                              !covered[i + 1 + size_t(j) * s.nx] || !covered[i + size_t(j - 1) * s.nx] ||
                              !covered[i + size_t(j + 1) * s.nx];
            const Rgb8 colour = edge ? outline : fill;
            const size_t pixel = 3 * (i + size_t(s.ny - 1 - j) * s.nx);  // first row at the top
            for (int c = 0; c < 3; ++c) picture.rgb[pixel + c] = colour[c];
        }
}

} // namespace billow::scene
