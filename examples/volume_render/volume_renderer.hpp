// billow_volume_render: pictures of a SmokeSolver3D's smoke and fire, ray-marched on the GPU
// straight from the solver's buffers (no copy through the host), for the scene runner and tests.
// The maths (extinction, single scattering with self-shadowing, blackbody fire, the background)
// is in shaders/volume_march.glsl, which the interactive demo's fragment shader shares.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <billow/context.hpp>
#include <billow/smoke3d_solver.hpp>

namespace billow::render {

// A camera on a sphere around a point of the domain, looking at it (y up).
struct OrbitCamera {
    // Angle about the vertical axis, degrees; 0 looks from the front (+z side) toward -z, 90 from
    // the right (+x side). Default 30.
    float yawDegrees = 30.0f;
    // Elevation above the horizontal, degrees, in (-90, 90). Default 20.
    float pitchDegrees = 20.0f;
    // Distance from the target, in domain diagonals (the diagonal of the nx x ny x nz box), in
    // (0, 1000].
    // Default 2.2 (the whole domain in view at fovDegrees 40).
    float distance = 2.2f;
    // Vertical field of view, degrees, in (0, 180). Default 40.
    float fovDegrees = 40.0f;
    // The point looked at, as fractions of the domain's extent per axis. Default the centre.
    std::array<float, 3> target{0.5f, 0.5f, 0.5f};
};

// How the volume looks. Units: radiance is relative (1 = a white surface in full light after
// exposure 1); temperatures in K.
struct VolumeLook {
    // Extinction per unit density, 1/m, >= 0: sigma_t = extinction * density. Default 40 (a
    // density of 1 over 2.5 cm lets through e^-1 of the light).
    float extinction = 40.0f;
    // Fraction of extinguished light that is scattered (not absorbed), [0, 1]. Default 0.85.
    float albedo = 0.85f;
    // Henyey-Greenstein anisotropy of the scattering, (-1, 1); > 0 scatters forward. Default 0.3.
    float anisotropy = 0.3f;
    // Direction toward the light (normalised by the renderer), y up. Default (0.5, 1, 0.35).
    std::array<float, 3> lightDirection{0.5f, 1.0f, 0.35f};
    std::array<float, 3> lightColour{2.6f, 2.45f, 2.2f};    // radiance. Default warm white 2.6, 2.45, 2.2
    std::array<float, 3> ambientColour{0.32f, 0.38f, 0.5f}; // sky light on the smoke. Default bluish 0.32, 0.38, 0.5
    std::array<float, 3> skyZenith{0.24f, 0.38f, 0.66f};    // background straight up. Default 0.24, 0.38, 0.66
    std::array<float, 3> skyHorizon{0.72f, 0.78f, 0.86f};   // background at the horizon. Default 0.72, 0.78, 0.86
    // The ground plane y = 0 under the domain: albedo, and checker tile size in m (0: no ground,
    // the sky all round). Defaults 0.5, 0.48, 0.45 and 0.125 m.
    std::array<float, 3> groundColour{0.5f, 0.48f, 0.45f};
    float groundTile = 0.125f;
    // Fire: temperatures from fireLow to fireHigh glow, with radiance fireIntensity w^2 per metre
    // (w = 0 at fireLow, 1 at fireHigh) in the blackbody colour of a temperature from colourLow to
    // colourHigh. Defaults 700 K, 2000 K, 60 per metre, 1200 K, 3400 K.
    float fireLow = 700.0f;
    float fireHigh = 2000.0f;
    float fireIntensity = 60.0f;
    float colourLow = 1200.0f;
    float colourHigh = 3400.0f;
    // Brightness before the filmic curve, > 0. Default 1.
    float exposure = 1.0f;
    // Draw the solver's solid cells (obstacles and colliders) as surfaces of this albedo (lit by
    // the light, shadowed by the smoke, plus the ambient light). Defaults true, clay 0.45, 0.32, 0.25.
    bool drawSolids = true;
    std::array<float, 3> solidColour{0.45f, 0.32f, 0.25f};
    // March steps in cells, > 0: along the view ray and toward the light. Defaults 0.5 and 1.
    float viewStep = 0.5f;
    float lightStep = 1.0f;
};

struct Rgba8Image {
    uint32_t width = 0, height = 0;
    std::vector<uint8_t> rgba;  // width * height * 4, top row first, alpha 255
};

class VolumeRenderer {
public:
    // Creates the pipelines and the picture's buffers on the context's device. Throws
    // std::invalid_argument for a size of 0 or above 8192 and std::runtime_error when Vulkan fails.
    VolumeRenderer(const Context& context, uint32_t width, uint32_t height);
    ~VolumeRenderer();
    VolumeRenderer(const VolumeRenderer&) = delete;
    VolumeRenderer& operator=(const VolumeRenderer&) = delete;

    // Records a barrier after the solver's last writes, the light bake and the view march into a
    // command buffer of its own, submits it on the context's queue and waits. Throws
    // std::invalid_argument naming a field of `camera` or `look` that is out of range.
    Rgba8Image render(SmokeSolver3D& solver, const OrbitCamera& camera, const VolumeLook& look);

    // The volume's transmittance per pixel of the last render (1 nothing in the way, 0 opaque or
    // a solid), top row first: what a compositor uses as 1 - alpha.
    const std::vector<float>& transmittance() const noexcept;

    uint32_t width() const noexcept;
    uint32_t height() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace billow::render
