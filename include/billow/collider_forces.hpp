// What the fluid does to the moving colliders (billow/collider.hpp): after every whole step that
// has colliders, the smoke solvers (SmokeSolver, SmokeSolver3D) sum on the GPU the pressure and a
// skin-friction estimate over each collider's surface as the grid sees it, and the engine reads
// the newest completed sums a frame or more later with colliderForces(), without waiting (see
// docs/collider-forces.md for the maths and the discretisation error).
//
// 3D: newtons, newton-metres, cubic metres. 2D: per metre of depth (the 2D solver's colliders are
// cross-sections): N/m, N m/m and square metres. The values are for the fluid density
// SmokeForceSettings::fluidDensity (default 1.2 kg/m^3, air).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace billow {

struct ColliderForce {
    // The whole force the fluid exerts on the collider: pressureForce + viscousForce. N (2D: N/m;
    // z is 0).
    std::array<float, 3> force{0.0f, 0.0f, 0.0f};
    // The torque of that force about the collider's centre, N m (2D: N m/m, about z; x and y are 0).
    std::array<float, 3> torque{0.0f, 0.0f, 0.0f};
    // -rho * integral of the pressure over the surface (the buoyancy of a fluid at rest, the form
    // drag of a flow), N (2D: N/m).
    std::array<float, 3> pressureForce{0.0f, 0.0f, 0.0f};
    // The skin friction, an estimate from the viscosity (DiffusionSettings::viscosity): the slip
    // between the fluid half a cell off the surface and the surface, rho nu du_t / (h / 2) over the
    // area. 0 when the viscosity is 0. N (2D: N/m).
    std::array<float, 3> viscousForce{0.0f, 0.0f, 0.0f};
    // The collider's solid volume as the grid sees it: its anti-aliased coverage summed over the
    // cells, m^3 (2D: m^2 per metre of depth). Tends to the shape's volume as the cells shrink.
    float volume = 0.0f;
};

struct ColliderForceReport {
    // The solver step the forces describe (Solver::stepsRecorded() after that step was recorded).
    uint64_t step = 0;
    // One per collider, in the order of the set handed to setColliders for that step; empty for a
    // step without colliders.
    std::vector<ColliderForce> colliders;
};

} // namespace billow
