// Colliders the fluid moves ("dynamic": {"mass": m} in a scene's collider), for the 2D and 3D smoke
// runs, fed back as an engine would: before each step the runner reads the newest forces the
// solver has completed (colliderForces(): the previous step's, a frame late), moves each dynamic
// body by that force plus its weight (semi-implicit Euler on the centre; the torque is reported,
// not integrated: the bodies keep their orientation), clamps it inside the domain's walls (the
// velocity into the wall is dropped) and hands the solver the collider at its new place with its
// new velocity. Also the forces' CSV file (forces.csv) written after every step.
//
// The added mass. Accelerating a body accelerates the fluid around it: the pressure answers a
// change dv of the body's velocity with a force of about -m_a dv / dt, m_a the added mass (a
// sphere's 1/2 rho V, a cylinder's rho A per metre). Read a frame late, that force acts on the
// next step's motion instead of this one's, and a body lighter than m_a then overshoots further
// every step. The runner therefore moves each body with m + m_a as its inertia and adds back
// m_a times its last acceleration to the reported force, which cancels the lagged reaction to
// first order (the usual explicit added-mass stabilisation of partitioned fluid-body coupling);
// m_a = C rho V with V the reported volume, C = 1/2 in 3D and 1 in 2D.
#pragma once

#include <array>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <billow/collider.hpp>
#include <billow/collider_forces.hpp>

#include "common/json_reader.hpp"

namespace billow::scene {

// A scene collider's "dynamic" key: its mass, kg (2D: kg per metre of depth, as the 2D forces),
// and when it is let go, s (held still at its place before; default 0: free from the start).
struct DynamicSpec {
    double mass = 0.0;
    double release = 0.0;
};

// A collider's optional "dynamic": {"mass": kg (2D: kg per metre of depth), > 0; "release": s,
// >= 0, default 0}. Not with a path
// (a body on a path does not answer forces): SceneError naming the key.
std::optional<DynamicSpec> readDynamic(ObjectReader& collider, bool onPath);

class DynamicColliders {
public:
    // `dims`: 2 or 3 (2D bodies move in x and y only); `domain`: the domain's size, m; `gravity`,
    // m/s^2 (the scene's settings.gravity, which also drives the smoke's buoyancy); `fluidDensity`,
    // kg/m^3 (the added mass).
    DynamicColliders(int dims, std::array<double, 3> domain, std::array<double, 3> gravity, double fluidDensity);

    // Collider `index` of the scene's set is dynamic with `spec`, starting as `start` at time 0.
    void add(uint32_t index, DynamicSpec spec, const Collider& start);
    bool empty() const noexcept { return bodies_.empty(); }

    // Moves the bodies released by `time` over the step of dt from `time` under gravity and the
    // report's forces (none before the first report).
    void advance(const std::optional<ColliderForceReport>& report, double time, double dt);
    // Puts the dynamic colliders of `set` (the scene's set at this time) at their bodies' places
    // and velocities.
    void place(std::vector<Collider>& set) const;

private:
    struct Body {
        uint32_t index = 0;
        double mass = 0.0, release = 0.0;
        std::array<double, 3> centre{}, velocity{}, halfSize{};  // halfSize: the box the walls clamp
        std::array<double, 3> acceleration{};                      // the last step's, m/s^2
    };
    int dims_;
    std::array<double, 3> domain_, gravity_;
    double fluidDensity_;
    std::vector<Body> bodies_;
};

// forces.csv: one row per collider and step, the newest report after the step and the collider's
// place and velocity in that step.
class ForcesCsv {
public:
    ForcesCsv() = default;
    // Opens `path` and writes the header.
    void open(const std::string& path);
    bool isOpen() const { return file_.is_open(); }
    void write(uint32_t step, double time, const std::optional<ColliderForceReport>& report,
               const std::vector<Collider>& colliders);

private:
    std::ofstream file_;
};

} // namespace billow::scene
