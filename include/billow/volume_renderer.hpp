// The volume renderer: SmokeSolver3D's smoke and fire ray-marched into the engine's colour image,
// recorded into the engine's command buffer, with the engine's camera, stopped by the engine's
// depth image, lit by a directional and an ambient light with self-shadowing and blackbody fire,
// and written premultiplied for the engine to composite (out = volume + (1 - alpha) * scene).
//
//   billow::VolumeRenderer renderer(context);
//   billow::VolumeTarget target;
//   target.colour = {image, view, VK_FORMAT_R16G16B16A16_SFLOAT, {width, height, 1}};
//   target.depth = depthView;  target.depthExtent = {width, height};   // optional
//   ...every frame, after solver.record(cmd, dt):
//   renderer.record(cmd, solver, {viewMatrix, projectionMatrix}, look, target);
//
// Synchronisation (docs/integration.md, "The volume renderer"): record() records a barrier from
// the solver's last writes to its reads; the colour image's transition colour.oldLayout ->
// GENERAL after colour.srcStage/srcAccess; an update of its own view block (a transfer); the light
// bake and the march (compute); the transition GENERAL -> colour.newLayout before
// colour.dstStage/dstAccess, and an execution dependency before the solver's next writes. The
// depth image is only read: it must be in depthLayout, its writes made visible to
// COMPUTE_SHADER / SHADER_READ by the engine (e.g. the barrier that ends its depth pre-pass).
//
// The maths (extinction, single scattering with self-shadowing, phase function, blackbody fire,
// surfaces) is in shaders/image/volume_march.glsl and docs/smoke3d.md, "Rendering".
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/collider.hpp"
#include "billow/context.hpp"
#include "billow/field_image.hpp"

namespace billow {

class SmokeSolver3D;
class SparseSmokeSolver3D;
struct SmokeSettings3D;

// 4 x 4 matrices are column-major (element [column * 4 + row]), as GLM and most engines store them.
using Matrix4 = std::array<float, 16>;
inline constexpr Matrix4 kIdentity4{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

// The engine's camera: the matrices it rasterises with. view: world -> eye space; projection: eye
// space -> Vulkan clip space (x right, y down, depth 0 to 1 near to far, or reversed, or with an
// infinite far plane: any perspective projection). Orthographic projections are not supported.
struct VolumeCamera {
    Matrix4 view = kIdentity4;
    Matrix4 projection = kIdentity4;
};

// A camera on a sphere around a point of the domain, looking at it (y up): a convenience for
// tools, tests and pictures.
struct OrbitCamera {
    // Angle about the vertical axis, degrees, in [-1e5, 1e5] (a camera turned by adding to its
    // yaw keeps steps of 1/128 degree); 0 looks from the front (+z side) toward -z, 90 from the
    // right (+x side). Default 30.
    float yawDegrees = 30.0f;
    // Elevation above the horizontal, degrees, in (-90, 90). Default 20.
    float pitchDegrees = 20.0f;
    // Distance from the target, in domain diagonals (the diagonal of the nx x ny x nz box), in
    // [1e-3, 1000] (from the near plane, 1e-3 diagonals, to where the domain is under a pixel).
    // Default 2.2 (the whole domain in view at fovDegrees 40).
    float distance = 2.2f;
    // Vertical field of view, degrees, in [0.01, 179] (a long telephoto lens to a fisheye). Default 40.
    float fovDegrees = 40.0f;
    // The point looked at, as fractions of the domain's extent per axis, each in [-1000, 1000].
    // Default the centre.
    std::array<float, 3> target{0.5f, 0.5f, 0.5f};

    // Throws InvalidArgument naming the first field out of its bound (what orbitCamera checks).
    void validate() const;
};
// The view and projection of `orbit` for a picture of aspect width / height (in [1e-4, 1e4]), in
// the domain's metres (the world of a VolumeTarget whose domainToWorld is the identity). Throws
// InvalidArgument naming a field of `orbit` (or "orbitCamera: aspect") out of range.
VolumeCamera orbitCamera(const SmokeSettings3D& settings, const OrbitCamera& orbit, float aspect);

// What lies behind the volume in the output.
enum class VolumeBackground : uint32_t {
    Transparent,   // nothing: premultiplied, alpha = 1 - transmittance (for the engine to composite)
    SkyAndGround,  // a sky gradient and a checkered ground plane at the domain's y = 0, shadowed by the smoke; alpha 1
};

// How the volume looks. Radiance is relative (1 = a white surface in full light); temperatures in K.
// Every field is checked on every record (InvalidArgument naming VolumeLook::<field> and its
// bound): the bounds below keep every product the march forms inside float, so any accepted look
// renders finite pixels. Radiances are at most 1e4 (ten thousand times a white surface in full
// light, beyond any sky an engine tone-maps), albedos at most 1 (a surface reflects no more than
// it receives).
struct VolumeLook {
    // Extinction per unit density, 1/m, in [0, 1e6]: sigma_t = extinction * density. Default 40 (a
    // density of 1 over 2.5 cm lets through e^-1 of the light; 1e6 makes a micrometre opaque).
    float extinction = 40.0f;
    // Fraction of extinguished light that is scattered (not absorbed), [0, 1]. Default 0.85.
    float albedo = 0.85f;
    // Henyey-Greenstein anisotropy of the scattering, [-0.99, 0.99] (clouds about 0.85; nearer 1
    // the phase function's peak leaves float); > 0 scatters forward. Default 0.3.
    float anisotropy = 0.3f;
    // Direction toward the light in the domain's frame (normalised by the renderer), y up: any
    // finite non-zero vector. Default (0.5, 1, 0.35).
    std::array<float, 3> lightDirection{0.5f, 1.0f, 0.35f};
    std::array<float, 3> lightColour{2.6f, 2.45f, 2.2f};    // radiance, [0, 1e4]. Default warm white 2.6, 2.45, 2.2
    std::array<float, 3> ambientColour{0.32f, 0.38f, 0.5f}; // sky light on the smoke, [0, 1e4]. Default bluish 0.32, 0.38, 0.5
    // Fire: temperatures from fireLow to fireHigh glow, with radiance fireIntensity w^2 per metre
    // (w = 0 at fireLow, 1 at fireHigh) in the blackbody colour of a temperature from colourLow to
    // colourHigh. fireLow and fireHigh in [0, 1e5] K, fireHigh at least 1 K above fireLow;
    // fireIntensity in [0, 1e6] per metre; colourLow and colourHigh in [500, 50000] K, the range
    // over which a black body's colour changes (a faint red glow from about 500 K, nothing visible
    // below about 800 K in daylight; past some tens of thousands of K the colour stays blue-white),
    // either way round. Defaults 700 K, 2000 K, 60 per metre, 1200 K, 3400 K.
    float fireLow = 700.0f;
    float fireHigh = 2000.0f;
    float fireIntensity = 60.0f;
    float colourLow = 1200.0f;
    float colourHigh = 3400.0f;
    // Tint the scattering by the solver's colour field (SmokeSettings3D::colour): albedo times
    // colour.rgb / density, clamped to [0, 1]. Default true (no effect without a colour field).
    bool useColourField = true;
    // Draw the solver's solid cells (obstacles and colliders) as surfaces of this albedo, [0, 1]
    // (lit by the light, shadowed by the smoke, plus the ambient light). Defaults true, clay 0.45,
    // 0.32, 0.25.
    bool drawSolids = true;
    std::array<float, 3> solidColour{0.45f, 0.32f, 0.25f};
    // The background (Default Transparent) and, for SkyAndGround, its colours (the sky's radiance
    // in [0, 1e4], the ground's albedo in [0, 1]) and the ground's checker tile in m (0: no ground;
    // otherwise in [1e-6, 1e6]). Defaults 0.24, 0.38, 0.66 (zenith), 0.72, 0.78, 0.86 (horizon),
    // 0.5, 0.48, 0.45 (ground), 0.125 m.
    VolumeBackground background = VolumeBackground::Transparent;
    std::array<float, 3> skyZenith{0.24f, 0.38f, 0.66f};
    std::array<float, 3> skyHorizon{0.72f, 0.78f, 0.86f};
    std::array<float, 3> groundColour{0.5f, 0.48f, 0.45f};
    float groundTile = 0.125f;
    // The domain's box drawn as lines of outlineWidth pixels, (0, 64], in outlineColour (rgb, a
    // radiance in [0, 1e4]) with opacity outlineColour[3], [0, 1] (0: no outline). Defaults 0
    // (off), 1.5 pixels.
    std::array<float, 4> outlineColour{0.0f, 0.0f, 0.0f, 0.0f};
    float outlineWidth = 1.5f;
    // Output encoding. false (default): linear radiance (for a float image the engine tone-maps);
    // true: times `exposure`, a filmic shoulder 1 - e^-x and the sRGB curve (for an RGBA8 picture).
    bool displayEncode = false;
    float exposure = 1.0f;  // in [1e-6, 1e6] (about 20 stops either way). Default 1
    // March steps in cells, in [0.05, 8]: along the view ray and toward the light. Defaults 0.5 and 1.
    float viewStep = 0.5f;
    float lightStep = 1.0f;

    // Throws InvalidArgument naming the first field out of its bound (what every record and
    // renderPicture check): for readers of looks from files, to refuse them up front.
    void validate() const;
};

// Where the renderer writes and what it reads of the engine's frame.
struct VolumeTarget {
    // The colour image: a 2D storage image of R8G8B8A8_UNORM, R16G16B16A16_SFLOAT or
    // R32G32B32A32_SFLOAT; extent the picture's size (1..8192 per side, depth 1); layouts, stages
    // and access masks as FieldImage's (billow/field_image.hpp). A radiance beyond the format's
    // range (65504 in a half) is written as its largest value, never as Inf.
    ImageTarget colour;
    // Optional: the engine's depth (a sampled view of its depth aspect, any depth format the
    // device can sample), in depthLayout, depthExtent texels (1..32768 per side; mapped onto the
    // colour image by scaling: a half-resolution volume over a full-resolution depth works).
    // VK_NULL_HANDLE: no occlusion. Default DEPTH_STENCIL_READ_ONLY_OPTIMAL.
    VkImageView depth = VK_NULL_HANDLE;
    VkImageLayout depthLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL;
    VkExtent2D depthExtent{0, 0};
    // The domain's placement: its metres (box [0, nx h] x [0, ny h] x [0, nz h]) -> world. Any
    // invertible affine matrix (column-major). Default the identity.
    Matrix4 domainToWorld = kIdentity4;
};

// A picture rendered and read back (renderPicture): RGBA per pixel, premultiplied, row 0 at the
// top, as the look encodes it.
struct VolumePicture {
    uint32_t width = 0, height = 0;
    std::vector<float> rgba;  // width * height * 4
};

// The samples the last renderPicture over a SparseSmokeSolver3D took (a cost measure: samples in
// open air are skipped, not taken): along the view rays, and along the light rays (the bake's,
// the taps beside missing bricks, the surfaces' and the ground's shadows).
struct VolumeSampleCounts {
    uint64_t viewSamples = 0;
    uint64_t lightSamples = 0;
};

class VolumeRenderer {
public:
    // Creates the pipelines on the context's device (nothing per picture until the first record).
    explicit VolumeRenderer(std::shared_ptr<Context> context);
    ~VolumeRenderer();
    VolumeRenderer(VolumeRenderer&&) noexcept;
    VolumeRenderer& operator=(VolumeRenderer&&) noexcept;
    VolumeRenderer(const VolumeRenderer&) = delete;
    VolumeRenderer& operator=(const VolumeRenderer&) = delete;

    // Records the light bake and the march (see the top of this file). `colliders` (at most
    // kMaxColliders, in the domain's frame, as SmokeSolver3D::setColliders takes them) are drawn
    // as exact surfaces instead of the solid cells they cover: hand the same set as the solver.
    // Throws InvalidArgument naming the field of `camera`, `look` or `target` that is out of range,
    // or "VolumeRenderer::record: solver" for a solver made on another Context (nothing recorded
    // then), Error for a moved-from renderer or solver.
    //
    // The engine's images: the renderer holds no reference to `target`'s views, nor to the
    // solver's buffers, beyond the submissions that use them. Each record binds them afresh
    // (descriptor sets written for that record, and reused only once the GPU has run it, which
    // the record reports by a stamp the host reads), so an engine may destroy an image, or a
    // solver, as soon as the last submission that used it has completed (a swapchain resize), and
    // a new image that the driver gives the old one's handle values is bound as the new image. At
    // most 256 records may wait for the GPU at once (InvalidArgument beyond: submit, and wait for
    // earlier frames); a set is written again only 8 records after its use, so an engine with up
    // to 8 frames in flight has retired it by its own fences first (as the validation layer
    // checks).
    void record(VkCommandBuffer cmd, const SmokeSolver3D& solver, const VolumeCamera& camera, const VolumeLook& look,
                const VolumeTarget& target, std::span<const Collider> colliders = {});

    // Renders into an image of its own, copies it back, waits (at most the context's timeout)
    // and returns it: for tools, tests and pictures. Blocking, like SmokeSolver3D::download.
    VolumePicture renderPicture(const SmokeSolver3D& solver, const VolumeCamera& camera, const VolumeLook& look,
                                uint32_t width, uint32_t height, std::span<const Collider> colliders = {});

    // The same over a SparseSmokeSolver3D: the fields are read through its brick map, trilinearly
    // across brick borders, open air (density 0, the ambient temperature, no solid, colour 0)
    // where no brick is allocated. The light bake runs over the allocated bricks only (one light
    // value per allocated cell); both marches step over open air without sampling it (whole
    // missing bricks, and missing bricks but for the half cell beside an allocated neighbour)
    // while the ambient temperature does not glow (<= look.fireLow): the picture is the one a
    // dense solver holding the same fields, open air outside the bricks, would give. Also
    // synchronises with the topology header's indirect dispatch.
    void record(VkCommandBuffer cmd, const SparseSmokeSolver3D& solver, const VolumeCamera& camera,
                const VolumeLook& look, const VolumeTarget& target, std::span<const Collider> colliders = {});
    VolumePicture renderPicture(const SparseSmokeSolver3D& solver, const VolumeCamera& camera, const VolumeLook& look,
                                uint32_t width, uint32_t height, std::span<const Collider> colliders = {});
    // What the last renderPicture over a SparseSmokeSolver3D sampled (zeros before any).
    VolumeSampleCounts lastSampleCounts() const noexcept;

    // Does nothing: the renderer keeps nothing for an engine's view past the submissions that use
    // it (see record). Kept so that engines that called it before destroying a view still build.
    void forgetView(VkImageView view) noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace billow
