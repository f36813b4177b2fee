#include "common/dynamic_colliders.hpp"

#include "common/scene_reader.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace billow::scene {

namespace {

// Half the size along each axis of the box that holds the collider (its rotation included).
std::array<double, 3> halfSize(const Collider& c) {
    const auto& q = c.orientation;
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    std::array<double, 3> out{};
    for (int a = 0; a < 3; ++a) {
        switch (c.shape) {
        case ColliderShape::Sphere: out[a] = c.radius; break;
        case ColliderShape::Capsule: out[a] = std::abs(r[a][0]) * c.halfLength + c.radius; break;
        case ColliderShape::Box:
            out[a] = std::abs(r[a][0]) * c.halfExtents[0] + std::abs(r[a][1]) * c.halfExtents[1] +
                     std::abs(r[a][2]) * c.halfExtents[2];
            break;
        }
    }
    return out;
}

} // namespace

std::optional<DynamicSpec> readDynamic(ObjectReader& collider, bool onPath) {
    const nlohmann::json* value = collider.child("dynamic");
    if (!value) return std::nullopt;
    if (onPath) throw SceneError(collider.keyPath("dynamic"), "a collider on a path cannot be dynamic; give it a position");
    ObjectReader r(*value, collider.keyPath("dynamic"));
    DynamicSpec spec;
    spec.mass = r.requiredNumber("mass", Range::positive());
    spec.release = r.number("release", 0.0, Range::closed(0.0, detail::kMaxEventTime));
    r.finish();
    return spec;
}

DynamicColliders::DynamicColliders(int dims, std::array<double, 3> domain, std::array<double, 3> gravity,
                                   double fluidDensity)
    : dims_(dims), domain_(domain), gravity_(gravity), fluidDensity_(fluidDensity) {}

void DynamicColliders::add(uint32_t index, DynamicSpec spec, const Collider& start) {
    Body b;
    b.index = index;
    b.mass = spec.mass;
    b.release = spec.release;
    b.halfSize = halfSize(start);
    for (int a = 0; a < 3; ++a) {
        b.centre[a] = start.centre[a];
        b.velocity[a] = a < dims_ ? start.velocity[a] : 0.0;
    }
    bodies_.push_back(b);
}

void DynamicColliders::advance(const std::optional<ColliderForceReport>& report, double time, double dt) {
    for (Body& b : bodies_) {
        if (time < b.release) continue;
        const bool reported = report && b.index < report->colliders.size();
        const double addedMass =
            reported ? (dims_ == 2 ? 1.0 : 0.5) * fluidDensity_ * report->colliders[b.index].volume : 0.0;
        for (int a = 0; a < dims_; ++a) {
            const double force = reported ? report->colliders[b.index].force[a] : 0.0;
            const double acceleration = (b.mass * gravity_[a] + force + addedMass * b.acceleration[a]) / (b.mass + addedMass);
            b.acceleration[a] = acceleration;
            b.velocity[a] += dt * acceleration;
            b.centre[a] += dt * b.velocity[a];
            // The walls hold the body inside: it stops against them.
            const double lo = b.halfSize[a], hi = domain_[a] - b.halfSize[a];
            if (lo >= hi) {
                b.centre[a] = 0.5 * domain_[a];
                b.velocity[a] = 0.0;
                b.acceleration[a] = 0.0;
            } else if (b.centre[a] < lo || b.centre[a] > hi) {
                b.centre[a] = std::clamp(b.centre[a], lo, hi);
                b.velocity[a] = 0.0;
                b.acceleration[a] = 0.0;
            }
        }
    }
}

void DynamicColliders::place(std::vector<Collider>& set) const {
    for (const Body& b : bodies_) {
        if (b.index >= set.size()) continue;
        Collider& c = set[b.index];
        for (int a = 0; a < dims_; ++a) {
            c.centre[a] = static_cast<float>(b.centre[a]);
            c.velocity[a] = static_cast<float>(b.velocity[a]);
        }
    }
}

void ForcesCsv::open(const std::string& path) {
    file_.open(path);
    if (!file_) throw std::runtime_error("cannot write " + path);
    file_ << "step,time,reportStep,collider,x,y,z,vx,vy,vz,fx,fy,fz,torqueX,torqueY,torqueZ,pressureFx,pressureFy,"
             "pressureFz,viscousFx,viscousFy,viscousFz,volume\n";
}

void ForcesCsv::write(uint32_t step, double time, const std::optional<ColliderForceReport>& report,
                      const std::vector<Collider>& colliders) {
    if (!report) return;
    for (size_t k = 0; k < report->colliders.size() && k < colliders.size(); ++k) {
        const ColliderForce& f = report->colliders[k];
        const Collider& c = colliders[k];
        file_ << step << ',' << time << ',' << report->step << ',' << k;
        for (float x : c.centre) file_ << ',' << x;
        for (float x : c.velocity) file_ << ',' << x;
        for (const auto* v : {&f.force, &f.torque, &f.pressureForce, &f.viscousForce})
            for (float x : *v) file_ << ',' << x;
        file_ << ',' << f.volume << '\n';
    }
}

} // namespace billow::scene
