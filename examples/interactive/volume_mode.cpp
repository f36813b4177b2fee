#include "volume_mode.hpp"

#include <string>
#include <vector>

#include "field_mode.hpp"  // kStepSeconds
#include "frame_timer.hpp"

namespace billow::interactive {
namespace {

constexpr float kColliderRadius = 0.1f;  // m
constexpr float kEmitterRadius = 0.07f;  // m

bool onCpu(const Context& context) { return context.deviceInfo().type == VK_PHYSICAL_DEVICE_TYPE_CPU; }

// A plume in a 1 m wide, 1.5 m tall box open at the top, tuned like the bundled scenes
// (examples/scenes/smoke3d_sphere.json for the smoke, campfire.json for the fire).
// On a CPU device (lavapipe) the pressure solve is 20 red-black SOR sweeps: multigrid's many small
// dispatches cost more there than they save on the small grids a CPU runs.
SmokeSettings3D plumeSettings(uint32_t n, bool fire, bool cpu) {
    SmokeSettings3D s;
    s.nx = n;
    s.ny = n * 3 / 2;
    s.nz = n;
    s.cellSize = 1.0f / float(n);
    s.pressureSolver = cpu ? PressureSolverType::RedBlackSOR : PressureSolverType::MultigridPCG;
    s.pressureIterations = cpu ? 20 : 6;
    s.scalarAdvection = AdvectionScheme::MacCormack;
    s.vorticity = 0.25f;
    s.densityDamping = 0.05f;
    s.boundaries[static_cast<size_t>(Side::Top)].type = BoundaryType::Outflow;
    s.combustion.enabled = fire;
    if (fire) {  // hot flames: weaker expansion per kelvin, faster cooling, fuel that fades
        s.thermalExpansion = 0.0006f;
        s.temperatureRelaxation = 6.0f;
        s.velocityDamping = 0.3f;
        s.fuelDamping = 2.0f;
        s.combustion.ignitionTemperature = 550.0f;
        s.combustion.burnRate = 14.0f;
        s.combustion.heatRelease = 1300.0f;
        s.combustion.smokeYield = 1.0f;
        s.combustion.expansion = 0.4f;
    } else {      // warm smoke
        s.thermalExpansion = 0.004f;
        s.temperatureRelaxation = 0.4f;
    }
    return s;
}

} // namespace

VolumeMode::VolumeMode(GLFWwindow* window, std::shared_ptr<Context> context, const VulkanSetup& vulkan,
                       const Swapchain& swapchain, StepTimer& timer, const Options& options, uint32_t framesInFlight)
    : cpu_(onCpu(*context)),
      solver_(context, plumeSettings(options.gridNx > 0  ? options.gridNx
                                     : cpu_             ? Options::kDefaultGrid3DCpu
                                                        : Options::kDefaultGrid3DGpu,
                                     false, cpu_)),
      drawer_(context, vulkan, swapchain, framesInFlight), controls_(window), timer_(timer) {
    handToSolver();
}

void VolumeMode::handToSolver() {
    std::vector<Emitter3D> emitters(1);
    Emitter3D& source = emitters[0];
    source.shape = EmitterShape::Sphere;
    source.centre = controls_.emitterCentre;
    source.radius = kEmitterRadius;
    if (controls_.fire) {
        source.fuel = 14.0f;  // fuel the embers light
        source.velocity = {0.0f, 0.5f, 0.0f};
        source.velocityCoupling = 4.0f;
        Emitter3D embers = source;
        embers.fuel = 0.0f;
        embers.velocityCoupling = 0.0f;
        embers.radius = 0.8f * kEmitterRadius;
        embers.temperature = 6000.0f;  // K/s: hot enough to light the fuel on coarse grids too
        emitters.push_back(embers);
    } else {
        source.density = 6.0f;
        source.temperature = 400.0f;
        source.velocity = {0.0f, 0.6f, 0.0f};
        source.velocityCoupling = 8.0f;
    }
    solver_.setEmitters(emitters);

    colliders_.clear();
    if (controls_.colliderOn) {
        Collider sphere;
        sphere.shape = ColliderShape::Sphere;
        sphere.centre = controls_.colliderCentre;
        sphere.radius = kColliderRadius;
        sphere.velocity = controls_.colliderVelocity;
        colliders_.push_back(sphere);
    }
    solver_.setColliders(colliders_);
}

void VolumeMode::applyInput(const std::function<void()>& settle) {
    const SmokeSettings3D& s = solver_.settings();
    controls_.update(kStepSeconds, {s.cellSize * float(s.nx), s.cellSize * float(s.ny), s.cellSize * float(s.nz)});
    if (controls_.fireChanged || controls_.vorticityChange != 0.0f) {
        settle();
        SmokeSettings3D next = plumeSettings(s.nx, controls_.fire, cpu_);
        next.vorticity = std::max(0.0f, s.vorticity + controls_.vorticityChange);
        solver_.updateSettings(next);
    }
    if (controls_.resetRequested) {
        controls_.resetRequested = false;
        settle();
        for (SmokeField3D f : {SmokeField3D::VelocityX, SmokeField3D::VelocityY, SmokeField3D::VelocityZ, SmokeField3D::Density, SmokeField3D::Fuel,
                          SmokeField3D::Pressure})
            solver_.upload(f, std::vector<float>(solver_.fieldSize(f), 0.0f));
        solver_.upload(SmokeField3D::Temperature,
                       std::vector<float>(solver_.fieldSize(SmokeField3D::Temperature), s.ambientTemperature));
    }
    handToSolver();
}

VolumeLook VolumeMode::look() const {
    VolumeLook look;
    look.background = VolumeBackground::SkyAndGround;
    // The domain's box: dark lines that read against the sky and the ground, a little wider than
    // the default 1.5 pixels so they hold up in the demo's small window.
    look.outlineColour = {0.05f, 0.05f, 0.06f, 0.6f};
    look.outlineWidth = 2.5f;
    look.extinction = 45.0f;
    look.albedo = 0.9f;
    look.ambientColour = {0.22f, 0.26f, 0.36f};
    look.lightColour = {3.0f, 2.85f, 2.6f};
    look.lightDirection = {0.8f, 0.9f, 0.5f};
    // Flames from 700 K (dull red) to 1900 K (yellow-white), as in the campfire scene.
    look.fireLow = 700.0f;
    look.fireHigh = 1900.0f;
    look.fireIntensity = 250.0f;
    look.colourLow = 1000.0f;
    look.colourHigh = 2300.0f;
    if (controls_.view == VolumeView::Smoke) look.fireIntensity = 0.0f;
    if (controls_.view == VolumeView::Temperature) {
        // The gas's heat alone, glowing in a dark room: transparent smoke, the glow from 20 K
        // above ambient to full brightness at 600 K (smoke) or 1900 K (fire).
        const SmokeSettings3D& s = solver_.settings();
        look.extinction = 0.0f;
        look.fireLow = s.ambientTemperature + 20.0f;
        look.fireHigh = controls_.fire ? 1900.0f : 600.0f;
        look.fireIntensity = 40.0f;
        look.colourLow = 1200.0f;
        look.colourHigh = 6500.0f;
        look.skyZenith = look.skyHorizon = {0.02f, 0.02f, 0.03f};
        look.groundTile = 0.0f;  // no ground: the dark sky all round
        // Dim, barely above the dark sky once encoded: the glow stays the brightest thing.
        look.outlineColour = {0.04f, 0.04f, 0.05f, 0.5f};
    }
    return look;
}

void VolumeMode::record(VkCommandBuffer cmd, uint32_t frameSlot, uint32_t imageIndex, bool forReadBack) {
    if (!controls_.paused) {
        // The renderer already ends with this dependency; the app keeps the barrier the solver's
        // contract asks of every reader, so it stays right whatever else reads the buffers.
        recordEntryBarrier(cmd, VolumeDrawer::kReaderStages);
        timer_.begin(cmd, frameSlot);
        solver_.record(cmd, kStepSeconds);
        timer_.end(cmd, frameSlot);
    }
    // No EXIT barrier here: the renderer records the solver's release to its own compute reads.
    drawer_.record(cmd, frameSlot, imageIndex, solver_, controls_.camera, look(), colliders_, forReadBack);
}

std::string VolumeMode::title(double ms, bool gpuTimed) const {
    const SmokeSettings3D& s = solver_.settings();
    auto number = [](float v) { return std::to_string(v).substr(0, 4); };
    std::string t = std::string("3D ") + volumeViewName(controls_.view) + " | " +
                    (ms < 0.0 ? "-" : std::to_string(ms).substr(0, 5)) + " ms/step (" + (gpuTimed ? "GPU" : "frame") +
                    ") | fire " + (controls_.fire ? "on" : "off") + " | vorticity " + number(s.vorticity);
    if (controls_.colliderOn) {
        const auto& c = controls_.colliderCentre;
        t += " | collider " + number(c[0]) + " " + number(c[1]) + " " + number(c[2]);
    } else {
        t += " | collider off";
    }
    if (controls_.paused) t += " | paused";
    return t;
}

std::string VolumeMode::banner() const {
    const SmokeSettings3D& s = solver_.settings();
    return "3D " + std::to_string(s.nx) + "x" + std::to_string(s.ny) + "x" + std::to_string(s.nz) +
           " cells (press H for the keys)";
}

} // namespace billow::interactive
