// The 3D smoke and fire solver on a sparse grid: the dense solver's staggered (MAC) grid and
// passes over a virtual domain of up to 2048^3 cells, of which only bricks of 8^3 cells where
// something happens have storage. docs/sparse-smoke3d.md gives the design, the maths of each pass
// on bricks and what it costs.
//
// Topology, on the GPU every step, without a readback (the Topology pass, first in a step):
//   - a brick is wanted when it holds smoke, fuel, heat or velocity above SparseSettings3D's
//     thresholds, overlaps an emitter or collider, or lies within the distance its own flow can
//     carry content in one step (plus marginBricks) of such a brick;
//   - wanted bricks that are missing are allocated from the free list (filled with open air, the
//     faces they share with allocated neighbours copied from them); when the pool is empty they
//     are refused: poolReport() names them and SolverHealth says so (nothing is corrupted: the
//     content just meets open air there);
//   - allocated bricks that have not been wanted for retireAfterSteps steps return to the free
//     list; the active list and the indirect dispatch every other pass runs over are rebuilt.
// Everything outside the allocated bricks is open air: still, at the ambient temperature, without
// smoke or fuel, at gauge pressure 0 (the projection's Dirichlet boundary). The domain's six sides
// keep the dense solver's boundary types.
//
// Memory: a fixed part (the brick map, 4 bytes per virtual brick: 64 MiB at 2048^3) plus
// poolBricks times the bytes of one brick in every pool (allocatedBytes(); docs/sparse-smoke3d.md
// lists them). Grow the pool between frames with growPool().
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/collider.hpp"
#include "billow/context.hpp"
#include "billow/smoke3d_settings.hpp"
#include "billow/smoke3d_solver.hpp"  // Emitter3D
#include "billow/solver.hpp"

namespace billow {

namespace detail {
struct SparseSolverAccess;
}

// What a sparse grid adds to SmokeSettings3D. validate() (called by the constructor,
// updateSparseSettings and growPool) throws InvalidArgument naming the field.
struct SparseSettings3D {
    // Bricks each field's pool holds (8^3 cells each), in [1, 2^21]. Memory grows linearly with
    // it (SparseSmokeSolver3D::bytesPerBrick). Default 4096 (2.1 million cells). The device
    // bounds it too (the constructor and growPool refuse, with UnsupportedDevice naming this
    // field, a pool whose largest buffer, 2304 bytes a brick or 8192 with the colour field or
    // vorticity confinement, exceeds maxStorageBufferRange, or whose memory exceeds the largest
    // device-local heap).
    uint32_t poolBricks = 4096;
    // A brick is wanted while any of its cells has density, or fuel, above these, finite, >= 0.
    // Default 1e-3 each.
    float densityThreshold = 1e-3f;
    float fuelThreshold = 1e-3f;
    // ... or a temperature differing from SmokeSettings3D::ambientTemperature by more than this, K,
    // finite, >= 0. Default 1 K.
    float temperatureThreshold = 1.0f;
    // ... or a face speed above this, m/s, finite, >= 0. Default 0.05 m/s.
    float speedThreshold = 0.05f;
    // Bricks kept around a wanted brick beyond the distance its flow moves in one step
    // (ceil(max speed dt / (8 h)) bricks), in [0, 4]. Default 1.
    uint32_t marginBricks = 1;
    // Steps a brick stays allocated after it was last wanted, in [1, 1e6]. Default 8.
    uint32_t retireAfterSteps = 8;

    void validate() const;
};

// The passes of a step, in step order (the dense solver's, SmokePass3D, after a Topology pass).
// Reflect and Diffuse exist for the shared step layer but the sparse solver refuses the settings
// that need them (advectionReflection, viscosity, scalarDiffusion), so they record nothing.
enum class SparsePass3D : uint32_t {
    Topology, Colliders, Reflect, Advect, Emit, Combustion, Buoyancy, Vorticity, Diffuse, Damping, Divergence,
    PressureSolve, SubtractGradient, Count
};
const char* passName(SparsePass3D pass) noexcept;

struct SparsePassTiming3D {
    SparsePass3D pass;
    double milliseconds;  // GPU time between the pass's first and last dispatch
    // Compute dispatches the pass recorded (each followed by its barrier, or sharing one with
    // independent dispatches): at about 2.5 us each on a large GPU, what bounds a small grid's step.
    uint32_t dispatches;
};

// The fields a sparse grid stores, per allocated brick (SparseField3D::Colour with
// SmokeSettings3D::colour only).
enum class SparseField3D : uint32_t {
    VelocityX, VelocityY, VelocityZ, Density, Temperature, Fuel, Colour, Pressure, Divergence,
    // Derived (download only; SmokeField3D's of the same names): what the Colliders pass wrote
    // (solid fraction per cell, open fraction and solid velocity per face; open air is fluid, its
    // faces open) and the last Combustion pass's expansion source per cell, 1/s.
    Solid, OpenX, OpenY, OpenZ, SolidVelocityX, SolidVelocityY, SolidVelocityZ, ExpansionSource
};
const char* fieldName(SparseField3D field) noexcept;

// What the last completed Topology pass did to the pool.
struct SparsePoolReport {
    uint64_t step = 0;             // stepsRecorded() of the step it belongs to
    uint32_t activeBricks = 0;     // allocated after the update
    uint32_t poolBricks = 0;       // capacity
    uint32_t requestedBricks = 0;  // missing bricks that were wanted
    uint32_t refusedBricks = 0;    // of those, refused because the pool was full (exact count)
    // The first refused bricks (at most 64), brick coordinates (cells 8 b .. 8 b + 7).
    std::vector<std::array<uint32_t, 3>> refused;
    // Density and fuel (their unit times m^3 / h^3: the sum over cells) that this step's
    // advection carried into missing bricks, where there is no storage: lost, whether the bricks
    // were refused (a full pool) or not wanted (content below the thresholds). With
    // SmokeSettings3D::massCorrection only (the correction's sums measure it; its target leaves it
    // out, so lost smoke never reappears elsewhere); nullopt without it. Sum them over the steps
    // for the total lost.
    std::optional<double> lostDensity, lostFuel;
};

// A host copy of the allocated bricks of one field: brick coordinates, and per brick its values.
// Cell fields: 512 values a brick (x fastest; cells beyond the domain hold open air). Velocity
// components: the 9 x 8 x 8 faces a brick stores along that axis (sparse3d/sparse3d_types.h).
// Colour: 4 values per cell.
struct SparseBricks {
    std::vector<std::array<uint32_t, 3>> bricks;
    std::vector<float> values;
};

extern template class SmokeSolverCalls<SparsePass3D, SparsePassTiming3D>;

class SparseSmokeSolver3D : public SmokeSolverCalls<SparsePass3D, SparsePassTiming3D> {
public:
    static constexpr uint32_t kBrickSize = 8;
    static constexpr uint32_t kMaxEmitters = SmokeSolver3D::kMaxEmitters;

    // Validates both settings (InvalidArgument naming the field; settings the sparse grid does not
    // support are named too), checks the device limits as growPool does (UnsupportedDevice naming
    // poolBricks, the bytes and the limit) and allocates every buffer (a VulkanError of the
    // allocation names poolBricks and its bytes); on any failure nothing is left allocated. The pool
    // starts empty: the first step allocates bricks around the emitters and colliders.
    SparseSmokeSolver3D(std::shared_ptr<Context> context, const SmokeSettings3D& settings,
                        const SparseSettings3D& sparse = {});

    const SmokeSettings3D& settings() const;
    const SparseSettings3D& sparseSettings() const;
    // Any setting except the grid sizes and `colour`.
    void updateSettings(const SmokeSettings3D& settings);
    // The thresholds, margin and retirement; not poolBricks (growPool).
    void updateSparseSettings(const SparseSettings3D& sparse);
    // Reallocates every pool with room for `poolBricks` bricks (>= the current capacity), keeping
    // every allocated brick and its values. Blocking: it waits for the queue (call it between
    // frames, e.g. when poolReport() shows refusals). InvalidArgument for a smaller size; on
    // UnsupportedDevice / out of memory the solver keeps its old pools.
    void growPool(uint32_t poolBricks);

    // GPU memory the solver holds; the fixed part (the brick map and what does not depend on the
    // pool) and one brick of every pool.
    uint64_t allocatedBytes() const noexcept;
    uint64_t fixedBytes() const noexcept;
    uint64_t bytesPerBrick() const noexcept;

    // As SmokeSolver3D's.
    void setEmitters(std::span<const Emitter3D> emitters);
    void setColliders(std::span<const Collider> colliders);

    // The newest pool report the GPU has completed, read without waiting; nullopt before any.
    std::optional<SparsePoolReport> poolReport() const;

    // Host access (blocking): the allocated bricks of a field, and a dense box of cells or faces
    // read from or written into the bricks. A box is `origin` and `size` in cells, inside the
    // domain (InvalidArgument naming origin/size otherwise); it holds size[0] x size[1] x size[2]
    // samples, x fastest (faces: size + 1 along the field's axis; Colour: 4 values a sample).
    // downloadBox gives open air where no brick is allocated; uploadBox needs every sample stored
    // (InvalidArgument naming the first missing brick; nothing is written then), writes both
    // copies of a face two bricks share, and takes finite values within +-1e6. A box holds at
    // most 2^30 values (4 GiB of floats; InvalidArgument naming origin/size and the bytes above
    // it: take a larger region in slabs); an Error names the box and its bytes when the host
    // cannot allocate it.
    SparseBricks downloadBricks(SparseField3D field);
    std::vector<float> downloadBox(SparseField3D field, std::array<uint32_t, 3> origin, std::array<uint32_t, 3> size);
    void uploadBox(SparseField3D field, std::array<uint32_t, 3> origin, std::array<uint32_t, 3> size,
                   std::span<const float> values);
    // Allocates the given bricks now (blocking; those already allocated are skipped), filled with
    // open air: a region an engine wants ready before smoke arrives (a level's start, a
    // teleport). They retire like any other brick when nothing wants them for retireAfterSteps
    // steps. InvalidArgument naming the first brick outside the brick grid, or when the pool has
    // fewer free slots than new bricks (nothing is allocated then).
    void allocateBricks(std::span<const std::array<uint32_t, 3>> bricks);
    // Allocated brick coordinates (blocking).
    std::vector<std::array<uint32_t, 3>> activeBricks();

private:
    // Billow's own readers of the pools (the volume renderer): src/sparse3d/sparse3d_impl.hpp.
    friend struct detail::SparseSolverAccess;
    struct Impl;
    // As SmokeSolver3D's.
    detail::Entered<Impl> use(const char* call, detail::EntryCheck check = detail::EntryCheck::Usable) const;
    const Impl* state() const noexcept;
};

} // namespace billow
