// The host side of the forces on the moving colliders (billow/collider_forces.hpp), shared by the
// 2D and 3D smoke solvers: the result ring the forces kernels write (BILLOW_COLLIDER_FORCE_WORDS
// per collider, shaders/common/collider_types.h), their push constants, and the report the
// engine reads back.
#pragma once

#include <array>
#include <optional>

#include "billow/collider_forces.hpp"
#include "billow/solver_settings.hpp"
#include "common/collider_types.h"
#include "core/result_ring.hpp"

namespace billow::detail {

// A ring with room for a whole collider set (BILLOW_MAX_COLLIDERS).
ResultRing colliderForceRing(ContextState& context);

// The kernels' push constants for the slot `slot`: fluidDensity kg/m^3, viscosity m^2/s.
gpu::ColliderForcePush colliderForcePush(ResultRing::Slot slot, float fluidDensity, float viscosity);

// The newest completed report of `ring`, nullopt before the first (or for a ring never allocated).
// `ambientWeight` (N per m^3 of the collider's volume: -fluidDensity * gravity when
// SmokeForceSettings::ambientBuoyancy is on, 0 otherwise) is added to each collider's pressure
// force and whole force times its volume.
std::optional<ColliderForceReport> newestColliderForces(const ResultRing& ring, std::array<float, 3> ambientWeight);

// -fluidDensity * gravity when `settings.ambientBuoyancy` is on, 0 otherwise (2D: gravity's z is 0).
std::array<float, 3> ambientWeight(const SmokeForceSettings& settings, std::array<float, 3> gravity);

} // namespace billow::detail
