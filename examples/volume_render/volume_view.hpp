// The uniform block of the volume shaders (VolumeView in shaders/volume_march.glsl) and how a
// camera, a look and a solver's grid fill it.
#pragma once

#include <array>
#include <cstdint>

#include <billow/smoke3d_settings.hpp>

#include "volume_renderer.hpp"

namespace billow::render::detail {

// std140: vec4 / ivec4 members only, in the GLSL struct's order.
struct GpuView {
    float cameraPosition[4];
    float cameraRight[4];
    float cameraUp[4];
    float cameraForward[4];
    float lightDirection[4];
    float lightColour[4];
    float ambientColour[4];
    float skyZenith[4];
    float skyHorizon[4];
    float groundColour[4];
    float solidColour[4];
    float medium[4];
    float fire[4];
    float fireColour[4];
    int32_t grid[4];
    int32_t image[4];
};
static_assert(sizeof(GpuView) == 16 * 16, "GpuView must match VolumeView in volume_march.glsl");

// Throws std::invalid_argument naming the first field of `camera` or `look` out of range.
void checkCamera(const OrbitCamera& camera);
void checkLook(const VolumeLook& look);

// Positions in cell units (the grid spans [0, n] per axis).
GpuView makeView(const SmokeSettings3D& grid, const OrbitCamera& camera, const VolumeLook& look, uint32_t width,
                 uint32_t height);

} // namespace billow::render::detail
