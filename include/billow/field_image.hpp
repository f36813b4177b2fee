// Publishing a solver's field into the engine's image: a compute pass recorded into the engine's
// command buffer that reads the solver's storage buffers (staggered velocities averaged to the
// cell centres, half-float dye unpacked) and writes one texel per cell of a host-supplied
// VkImage, so an engine samples Billow's smoke, fire or water like any other texture and never
// reads a Billow buffer.
//
//   billow::ImageTarget target{image, view, VK_FORMAT_R8G8B8A8_UNORM, {nx, ny, 1}};
//   billow::FieldImage dyeImage(context, solver, billow::SmokeImage::Dye, target);
//   ...every frame:
//   solver.record(cmd, dt);
//   dyeImage.record(cmd, solver);  // the image is then in target.newLayout, ready for dstStage
//
// Synchronisation (docs/integration.md, "Publishing into the engine's images"): record() records,
// in order, (1) a barrier from the solver's last writes (COMPUTE_SHADER / SHADER_WRITE) to this
// pass's reads, and the image's transition oldLayout -> GENERAL after srcStage/srcAccess (the
// engine's last use of the image); (2) the dispatch, which overwrites every texel of mip 0, layer
// 0; (3) the transition GENERAL -> newLayout before dstStage/dstAccess (the engine's next use),
// and an execution dependency COMPUTE_SHADER -> COMPUTE_SHADER | TRANSFER, so the solver's next
// recorded step may overwrite the buffers this pass read. With oldLayout UNDEFINED the image's
// contents are discarded first, which is fine: every texel is written.
//
// Values: a quantity is a scalar s, expanded to (s, s, s, 1), or a vector/colour (x, y, z, w).
// The mapping then gives value * scale + offset per channel; with a colour map, the first channel
// after scale/offset picks the map's colour (t = (x - rangeMin) / (rangeMax - rangeMin), clamped
// to [0, 1], linear between the map's evenly spaced entries). A one-channel format keeps the
// first channel; UNORM formats clamp to [0, 1] as Vulkan converts; a value beyond a float
// format's range (65504 for the half formats, 3.4e38 for the float ones) is written as its largest
// value of that sign, never as Inf.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/context.hpp"

namespace billow {

class SmokeSolver;
class SmokeSolver3D;
class WaterSolver;

// What a 2D smoke solver publishes (cell grid nx x ny, except Dye: the dye grid).
enum class SmokeImage : uint32_t {
    // The dye premultiplied over a transparent background: rgb = max(dye.rgb * scale + offset, 0),
    // alpha = min(1, max(r, g, b)) (the WebGL fluid demo's transparent mode): composited as
    // out = rgb + (1 - alpha) * background, a dye of 1 covers the background, a faint dye lets
    // it through. The dye grid (SmokeSettings::dyeScale).
    Dye,
    Density,      // scalar, unitless
    Temperature,  // scalar, K
    Velocity,     // (u, v, 0, 1) at cell centres, m/s: the mean of each cell's two faces per axis
    Speed,        // |velocity| at cell centres, m/s
    // dv/dx - du/dy at cell centres, 1/s: the mean of the circulation per area of the cell's four
    // corners (each from the two faces on either side of the corner; at the domain's sides the
    // missing face is taken as the nearest one inside)
    Vorticity,
    Pressure,     // scalar, the solver's pressure (Pa s^2/m^2 per unit density: p dt is what is solved)
    Divergence,   // scalar, 1/s, what the last projection removed
};
const char* imageName(SmokeImage quantity) noexcept;

// What the 3D smoke solver publishes into a 3D image of nx x ny x nz texels.
enum class Smoke3DImage : uint32_t {
    Density,      // scalar
    Temperature,  // scalar, K (absolute)
    Flame,        // temperature above ambientTemperature, K, never negative (0 where T <= ambient)
    Fuel,         // scalar
    Colour,       // the RGBA colour field (SmokeSettings3D::colour)
    Velocity,     // (u, v, w, 1) at cell centres, m/s (the mean of each cell's two faces per axis)
    Speed,        // |velocity| at cell centres, m/s
    Vorticity,    // |curl u| at cell centres, 1/s, as the last recorded step computed it
    Pressure,     // scalar
};
const char* imageName(Smoke3DImage quantity) noexcept;

// What the water solver publishes (nx x ny texels).
enum class WaterImage : uint32_t {
    Depth,          // water depth, m
    Terrain,        // terrain height, m
    SurfaceHeight,  // terrain + depth, m
    Velocity,       // (u, v, 0, 1) at cell centres, m/s (the solver's Velocity field)
    Speed,          // |velocity|, m/s
    Dye,            // scalar dye/foam
    Sediment,       // suspended sediment, m of soil (hydraulic erosion)
};
// On the Triangle lattice (WaterLattice::Triangle) pixel (i, j) is vertex (i, j): the engine
// draws the image over the lattice's rectangle knowing that odd rows stand half a cell to the
// right and rows are sqrt(3)/2 cells apart.
const char* imageName(WaterImage quantity) noexcept;

// The engine's image and what it does with it before and after the publish pass.
struct ImageTarget {
    VkImage image = VK_NULL_HANDLE;    // created with VK_IMAGE_USAGE_STORAGE_BIT, 1 sample
    VkImageView view = VK_NULL_HANDLE;  // a 2D (3D for Smoke3DImage) colour view of mip 0, layer 0
    // The view's format, one of: VK_FORMAT_R8_UNORM, R16_SFLOAT, R32_SFLOAT, R8G8B8A8_UNORM,
    // R16G16B16A16_SFLOAT, R32G32B32A32_SFLOAT (an error names the format given, e.g.
    // VK_FORMAT_R8G8B8A8_SRGB). It must support storage images on the device (UnsupportedDevice
    // names it otherwise; the RGBA ones and R32_SFLOAT always do).
    VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    // The image's extent: the quantity's grid exactly (depth 1 for a 2D image).
    VkExtent3D extent{0, 0, 1};
    // The image's layout when the first publish starts, and the engine's last use of it (waited
    // for before the writes). Later publishes start from what the previous one left (newLayout
    // after dstStage/dstAccess), so a frame loop sets these once; FieldImage::expectLayout tells it
    // when the engine moved the image to another layout in between. UNDEFINED is always valid:
    // every texel is overwritten. Defaults: SHADER_READ_ONLY_OPTIMAL after a fragment shader's reads.
    VkImageLayout oldLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    VkPipelineStageFlags srcStage = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
    VkAccessFlags srcAccess = 0;  // 0: the engine only read it (an execution dependency is enough)
    // The layout the pass leaves the image in, and the engine's next use, made to wait for the
    // writes. Defaults: SHADER_READ_ONLY_OPTIMAL, fragment shader, shader read.
    VkImageLayout newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    VkPipelineStageFlags dstStage = VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT;
    VkAccessFlags dstAccess = VK_ACCESS_SHADER_READ_BIT;
};

// How values become texels. Defaults: the values as they are, no colour map. Every number is in
// [-1e12, 1e12] (a unit conversion or a normalisation of any quantity Billow publishes needs far
// less; the bound keeps value * scale + offset and the map's mixes inside float): InvalidArgument
// naming ImageMapping::<field> otherwise.
struct ImageMapping {
    std::array<float, 4> scale{1.0f, 1.0f, 1.0f, 1.0f};   // per channel, [-1e12, 1e12]. Default 1
    std::array<float, 4> offset{0.0f, 0.0f, 0.0f, 0.0f};  // per channel, [-1e12, 1e12]. Default 0
    // Empty (default): no map. Otherwise 2..256 RGBA entries (each number in [-1e12, 1e12]), the
    // first at rangeMin and the last at rangeMax, evenly spaced (colourMap() gives ready ones).
    std::vector<std::array<float, 4>> colourMap;
    // The map's range, each end in [-1e12, 1e12], rangeMax - rangeMin at least 1e-30 and at least
    // 1e-6 of the ends' magnitude (16 float steps across it); errors name rangeMin. Defaults 0, 1.
    float rangeMin = 0.0f;
    float rangeMax = 1.0f;
};

// Ready colour maps: 33 RGBA entries, alpha 1.
enum class ColourMapPreset : uint32_t {
    Greyscale,  // black to white
    Heat,       // black, deep red, orange, yellow, white: density, temperature, speed
    Diverging,  // blue, white, red: signed quantities (vorticity, pressure, velocity components)
    Ocean,      // dark blue to pale cyan: water depth
};
std::vector<std::array<float, 4>> colourMap(ColourMapPreset preset);

// One quantity of one solver published into one engine image. Holds its own small pipeline,
// descriptor sets and colour map; record it as often as wanted. Each record binds the solver's
// current buffers afresh (a set written for that record, reused once the GPU has run it: at most
// 256 records waiting for the GPU at once), so a solver of the same kind and size may take the
// place of a destroyed one whatever handles the driver gives its buffers. The solver, the context
// and the image must outlive the FieldImage's last recorded submission; destruction does not wait
// for the GPU.
class FieldImage {
public:
    // Each checks the target against the quantity (InvalidArgument naming the field: a null
    // handle, a format outside the six, an extent other than the quantity's grid, a 3D quantity
    // into a 2D extent or back, a mapping out of its bounds; "FieldImage: solver" for a solver
    // made on another Context) and the device (UnsupportedDevice: the format cannot be a storage
    // image), and creates its objects; on failure nothing is left allocated.
    FieldImage(std::shared_ptr<Context> context, const SmokeSolver& solver, SmokeImage quantity,
               const ImageTarget& target, const ImageMapping& mapping = {});
    FieldImage(std::shared_ptr<Context> context, const SmokeSolver3D& solver, Smoke3DImage quantity,
               const ImageTarget& target, const ImageMapping& mapping = {});
    FieldImage(std::shared_ptr<Context> context, const WaterSolver& solver, WaterImage quantity,
               const ImageTarget& target, const ImageMapping& mapping = {});
    ~FieldImage();
    FieldImage(FieldImage&&) noexcept;
    FieldImage& operator=(FieldImage&&) noexcept;
    FieldImage(const FieldImage&) = delete;
    FieldImage& operator=(const FieldImage&) = delete;

    // Records the publish pass (see the top of this file) for the solver's current buffers: call
    // it after the solver's record() in the same command buffer. `solver` must be the kind and
    // size the FieldImage was made for, on its Context ("FieldImage::record: solver" otherwise),
    // or Error for a moved-from solver or FieldImage; nothing is recorded then.
    void record(VkCommandBuffer cmd, const SmokeSolver& solver);
    void record(VkCommandBuffer cmd, const SmokeSolver3D& solver);
    void record(VkCommandBuffer cmd, const WaterSolver& solver);

    // The layout the image is in before the next publish, and the engine's last use of it (stage,
    // access): for an engine that moves the image to another layout between publishes. By
    // default the next publish starts from the previous one's newLayout after dstStage/dstAccess.
    void expectLayout(VkImageLayout layout, VkPipelineStageFlags stage, VkAccessFlags access);

    // Changes scale, offset and range (not the colour map's entries: a new FieldImage); takes
    // effect from the next record(). Same checks as the constructor.
    void setMapping(const ImageMapping& mapping);

    const ImageTarget& target() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace billow
