// What each publishable quantity reads: the mode of the publish pass (shaders/image/
// publish_field.comp), the solver buffers it reads and the grid it covers. The one place that
// knows the solvers' buffer layouts on the image side; it goes through their public accessors
// (buffer(), settings()), so a change of a solver's storage changes only this file.
#pragma once

#include <array>
#include <cstdint>

#include <vulkan/vulkan_core.h>

#include "billow/field_image.hpp"

namespace billow::detail {

// Mirrors the modes of shaders/image/publish_field.comp.
enum class PublishMode : uint32_t {
    CellScalar = 0,
    CellSum = 1,
    CellPair = 2,
    CellPairSpeed = 3,
    CellQuad = 4,
    CellQuadHalf = 5,
    FaceVelocity = 6,
    FaceSpeed = 7,
    FaceVorticity = 8,
    CellExcess = 9,
};

struct ImageSource {
    PublishMode mode = PublishMode::CellScalar;
    uint32_t dimensions = 2;                 // of the image: 2 or 3
    std::array<uint32_t, 3> size{1, 1, 1};   // the grid of cells, one texel each (z 1 in 2D)
    std::array<VkBuffer, 3> buffers{};       // sources 0..2; the ones a mode does not read repeat source 0
    float inverseCellSize = 1.0f;            // 1/m (FaceVorticity)
    float base = 0.0f;                       // CellExcess: what is subtracted (K)
    bool premultiply = false;                // the 2D dye's alpha
    bool halves = false;                     // the sources hold 16-bit floats (SmokeSettings3D::flowStorage)
    float bias = 0.0f;                       // added to every value read (a 16-bit temperature's origin)
};

// The quantity's source in the solver as it is now (its current ping-pong buffers). Throws
// InvalidArgument for an unknown quantity or one the solver does not hold (Colour without
// SmokeSettings3D::colour), Error for a moved-from solver.
ImageSource imageSource(const SmokeSolver& solver, SmokeImage quantity);
ImageSource imageSource(const SmokeSolver3D& solver, Smoke3DImage quantity);
ImageSource imageSource(const WaterSolver& solver, WaterImage quantity);

} // namespace billow::detail
