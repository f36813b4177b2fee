// The buffers a SmokeSolver3D allocates, listed before allocating so that a grid too large for the
// device is refused with the buffer and the limit named (UnsupportedDevice), and so that
// docs/smoke3d.md's memory table has one source.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "billow/smoke3d_settings.hpp"
#include "core/context_state.hpp"
#include "common/grid3d_types.h"

namespace billow::detail {

struct PlannedBuffer {
    std::string name;  // e.g. "velocityX"
    uint64_t bytes;    // of one copy
    uint32_t copies;   // ping-pong copies (1 for a single buffer)
};

// Bytes of `count` values of a flow field (velocity, density, temperature, fuel) stored as
// `storage`: 4 a value, or 2 rounded up to whole 4-byte words (the health scan and the image passes
// read 16-bit fields as words of two halves).
uint64_t flowBytes(FlowStorage storage, uint64_t count);

// Copies of each carried field (velocity, density, temperature, fuel, colour): 2, or 3 while the
// settings need the scratch copy (needsScratchCopies, grid/corrected_advection.hpp).
uint32_t fieldCopies(const SmokeSettings3D& settings);

// Every grid-sized buffer of the solver (not the pressure solver's multigrid levels, which add
// about a seventh of one cell field per level set; nor the few small ones).
std::vector<PlannedBuffer> plannedBuffers(const SmokeSettings3D& settings);
uint64_t plannedBytes(const std::vector<PlannedBuffer>& buffers);
// The part of plannedBuffers() that advection-reflection adds (allocated when first enabled).
std::vector<PlannedBuffer> reflectionBuffers(const SmokeSettings3D& settings);

// Throws UnsupportedDevice naming the buffer and the limit when one buffer exceeds the device's
// maxStorageBufferRange, or all of them its largest device-local memory heap.
void requireDeviceFits(const ContextState& context, const SmokeSettings3D& settings);

// The 3D grid's uniform block for `settings` (sizes, cell size, back-trace, sides): the dense
// solver's grid, and the sparse solver's virtual domain.
// `temperatureOrigin`: what a 16-bit stored temperature is the difference from (0 for float32).
gpu::Grid3DParams grid3DParams(const SmokeSettings3D& settings, float temperatureOrigin = 0.0f);

} // namespace billow::detail
