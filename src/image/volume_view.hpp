// The volume renderer's view block (shaders/image/volume_march.glsl, VolumeView): the engine's
// camera and the domain's placement turned into cell units, the look checked and packed.
#pragma once

#include <cstdint>

#include "billow/smoke3d_settings.hpp"
#include "billow/volume_renderer.hpp"

namespace billow::detail {

// Mirrors VolumeView in shaders/image/volume_march.glsl (std140: a mat4 and vec4s only).
struct GpuVolumeView {
    float clipToCells[16];
    float eye[4];
    float lightDirection[4];
    float lightColour[4];
    float ambientColour[4];
    float skyZenith[4];
    float skyHorizon[4];
    float groundColour[4];
    float solidColour[4];
    float outlineColour[4];
    float medium[4];
    float fire[4];
    float fireColour[4];
    float cellSize[4];
    int32_t grid[4];
    int32_t image[4];
    float stored[4];  // 1: density and temperature are 16-bit floats; the temperature's origin (K)
};
static_assert(sizeof(GpuVolumeView) == 64 + 16 * 16);

// Flags of GpuVolumeView::grid[3] (VOLUME_FLAG_* in the shader).
enum VolumeFlags : int32_t {
    kVolumeSolids = 1,
    kVolumeColour = 2,
    kVolumeDepth = 4,
    kVolumeBackground = 8,
    kVolumeDisplay = 16,
};

// InvalidArgument naming the field ("VolumeLook::albedo", "VolumeCamera::projection", ...).
void checkLook(const VolumeLook& look);
void checkOrbit(const OrbitCamera& orbit);

struct ViewInputs {
    const SmokeSettings3D* settings;
    const VolumeCamera* camera;
    const VolumeLook* look;
    const Matrix4* domainToWorld;
    uint32_t width, height;            // the colour image
    uint32_t depthWidth, depthHeight;  // 0 without a depth image
    bool colourField;                  // the solver has one
    uint32_t colliders;
    float largestOutput;               // the colour format's largest value (image/image_formats.hpp)
    bool halves = false;               // density and temperature are stored as 16-bit floats
    float temperatureOrigin = 0.0f;    // K: what a 16-bit stored temperature is the difference from
};
// Checks the camera and the placement (finite, invertible, perspective) and packs the block.
GpuVolumeView makeVolumeView(const ViewInputs& in);

} // namespace billow::detail
