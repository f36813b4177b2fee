// The 3D emitters' checks and GPU form (smoke3d_emit.cpp), shared by the dense and sparse solvers.
#pragma once

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

} // namespace billow
