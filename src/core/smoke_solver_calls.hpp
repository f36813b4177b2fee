// The members of SmokeSolverCalls (billow/solver.hpp), instantiated by smoke_solver.cpp and
// smoke3d_solver.cpp for their pass enums: each forwards to the step layer (SolverCore).
#pragma once

#include "billow/solver.hpp"
#include "core/solver_core.hpp"

namespace billow {

template <class PassType, class PassTimingType>
void SmokeSolverCalls<PassType, PassTimingType>::record(VkCommandBuffer cmd, float dt) {
    core("record")->recordCall(cmd, dt);
}

template <class PassType, class PassTimingType>
void SmokeSolverCalls<PassType, PassTimingType>::recordPass(VkCommandBuffer cmd, PassType pass, float dt) {
    core("recordPass")->recordPassCall(cmd, static_cast<uint32_t>(pass), dt);
}

template <class PassType, class PassTimingType>
void SmokeSolverCalls<PassType, PassTimingType>::step(float dt, uint32_t count) {
    core("step")->stepCall(dt, count);
}

template <class PassType, class PassTimingType>
void SmokeSolverCalls<PassType, PassTimingType>::stepPass(PassType pass, float dt) {
    core("stepPass")->stepPassCall(static_cast<uint32_t>(pass), dt);
}

// The fused velocity forces are the Vorticity pass of a full step.
template <class PassType, class PassTimingType>
void SmokeSolverCalls<PassType, PassTimingType>::recordVelocityForces(VkCommandBuffer cmd, float dt) {
    core("recordVelocityForces")
        ->recordPassCall(cmd, static_cast<uint32_t>(PassType::Vorticity), dt, "recordVelocityForces", true);
}

template <class PassType, class PassTimingType>
void SmokeSolverCalls<PassType, PassTimingType>::stepVelocityForces(float dt) {
    core("stepVelocityForces")->stepPassCall(static_cast<uint32_t>(PassType::Vorticity), dt, "stepVelocityForces", true);
}

template <class PassType, class PassTimingType>
std::vector<PassTimingType> SmokeSolverCalls<PassType, PassTimingType>::passTimings() {
    return core("passTimings", detail::EntryCheck::EvenIfUnusable)->template passTimings<PassTimingType>();
}

template <class PassType, class PassTimingType>
PressureResidual SmokeSolverCalls<PassType, PassTimingType>::pressureResidual(uint32_t recordsAgo) const {
    return core("pressureResidual", detail::EntryCheck::EvenIfUnusable)->pressureResidual(recordsAgo);
}

} // namespace billow
