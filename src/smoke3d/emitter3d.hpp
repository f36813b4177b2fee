// The 3D emitters' checks and GPU form (smoke3d_emit.cpp), shared by the dense and sparse solvers.
#pragma once

#include <array>
#include <optional>
#include <span>
#include <vector>

#include "billow/smoke3d_solver.hpp"
#include "smoke3d/smoke3d_types.h"

namespace billow {

// The GPU form of an emitter, after checking it (InvalidArgument naming "Emitter3D[index]::field").
gpu::GpuEmitter3D toGpuEmitter(const Emitter3D& e, size_t index);
// A whole set (at most SmokeSolver3D::kMaxEmitters), checked before anything changes; a colour
// without a colour field (`hasColour` false) is refused by name.
std::vector<gpu::GpuEmitter3D> toGpuEmitters(std::span<const Emitter3D> emitters, bool hasColour);

// The samples an Emit pass visits: the emitters' boxes widened by their falloff's reach, as an
// inclusive range per axis of cells (`faces` false) or of face-grid layers (`faces` true: indices up
// to n, the faces of every axis), with one sample of margin; nullopt when it misses the grid.
// `coupling`: whether any emitter pulls the velocity.
struct EmitterSamples3D {
    std::array<int, 3> first, last;
};
struct EmitterReach3D {
    float low[3], high[3];  // m
    bool coupling = false;
};
EmitterReach3D emitterReach(std::span<const gpu::GpuEmitter3D> emitters);
std::optional<EmitterSamples3D> emitterSamples(const EmitterReach3D& reach, const SmokeSettings3D& settings, bool faces);

} // namespace billow
