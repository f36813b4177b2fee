// Moving colliders in 2D smoke scenes ("colliders", docs/scene-format.md): a disc, a box or a
// capsule (billow::Collider's cross-section), moving at its velocity and turning at its angular
// velocity from its place at time 0, or "dynamic": moved by the forces the fluid exerts on it
// (common/dynamic_colliders.hpp). The run hands the solver the set before each step and writes
// forces.csv after it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <billow/collider.hpp>
#include <billow/smoke_solver.hpp>

#include "common/dynamic_colliders.hpp"
#include "common/json_reader.hpp"

namespace billow::scene {

struct SceneCollider2D {
    Collider collider;  // centre (z unused), orientation about z, velocity, angular velocity at time 0
    std::optional<DynamicSpec> dynamic;
};

struct Scene;

// The scene's "colliders" (at most kMaxColliders), each inside the domain.
void readColliders2D(ObjectReader& top, Scene& scene);

// A run's colliders: placed before each step, their forces written after it.
class SmokeColliderRun {
public:
    explicit SmokeColliderRun(const Scene& scene);
    bool empty() const noexcept;
    // The set at time 0 (before the first pictures).
    void start(SmokeSolver& solver);
    // The set for the step from `time`, the dynamic ones moved by the newest forces.
    void beforeStep(SmokeSolver& solver, double time, double dt);
    // forces.csv in `dir` (opened by the first call), one row per collider.
    void afterStep(SmokeSolver& solver, const std::string& dir, uint32_t step, double time);

private:
    const Scene& scene_;
    DynamicColliders bodies_;
    std::vector<Collider> current_;
    ForcesCsv csv_;
};

} // namespace billow::scene
