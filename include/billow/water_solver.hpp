// Shallow water over terrain (virtual pipes after Mei, Decaudin & Hu 2007, or a momentum model) on the staggered grid.
//
// Layout (y up, cell (i, j) spans [i*h, (i+1)*h] x [j*h, (j+1)*h], h = cellSize):
//   depth, terrain, dye: cells, nx * ny floats, index i + j*nx (m, m, concentration)
//   flowX: x-faces, (nx+1) * ny floats, index i + j*(nx+1), volume flow m^3/s, > 0 towards +x
//   flowY: y-faces, nx * (ny+1) floats, index i + j*nx, volume flow m^3/s, > 0 towards +y
//   velocity: cells, 2 floats (vx, vy) per cell, m/s, derived from the flows and the mean depth
//   faceVelocityX / faceVelocityY: the Momentum model's state, a velocity per face (same layout as
//     flowX / flowY), m/s, > 0 towards +x / +y; 0 in the pipe models. In the Momentum model the
//     flows are outputs (recomputed from these velocities every substep).
//   sediment, hardness: cells, nx * ny floats (m of soil; [0, 1]).
//
// The Triangle lattice (WaterLattice::Triangle; billow/water_settings.hpp has its geometry) keeps
// depth, terrain, dye, sediment, hardness and velocity per vertex (nx * ny, index i + j*nx) and
// three edge flows, m^3/s:
//   flowX: (nx+1) * ny, index i + j*(nx+1), from vertex (i-1, j) to (i, j)
//   flowY: (nx+1) * (ny+1), index i + j*(nx+1), from the lower-left neighbour of (i, j) to (i, j)
//   flowZ: (nx+1) * (ny+1), index (i+1) + j*(nx+1), from the lower-right neighbour of (i, j) to
//     (i, j), i from -1
// Vertex (i, j)'s lower-left neighbour is (i - 1 + j%2, j - 1), its lower-right one (i + j%2, j - 1).
// Rows j = 0 and ny hold the bottom and top sides' edges; entries that join no vertex stay 0.
//
// A frame: brushes queued since the last frame, then as many substeps as the stability limit
// needs (boundaries, flow acceleration, outflow scaling, depth update), then dye advection.
// record() appends a frame to the caller's command buffer; step() records, submits and waits.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include <vulkan/vulkan_core.h>

#include "billow/context.hpp"
#include "billow/floating_bodies.hpp"
#include "billow/health.hpp"
#include "billow/probes.hpp"
#include "billow/particles.hpp"
#include "billow/solver.hpp"
#include "billow/water_settings.hpp"

namespace billow {

enum class WaterField : uint32_t {
    Depth, Terrain, FlowX, FlowY, Velocity, Dye, FaceVelocityX, FaceVelocityY,
    FlowZ,     // Triangle lattice only (size 0 on the Square lattice)
    Sediment,  // suspended sediment, m of soil per cell (hydraulic erosion; 0 without it)
    Hardness,  // per cell, in [0, 1]: scales the dissolving rate, and the thermal slides down from the
               // cell, by (1 - hardness) (1: bedrock). Default 0
};
const char* waterFieldName(WaterField field) noexcept;

// A GPU edit applied once, at the start of the next frame (an impulse, like the smoke solvers'
// splats; a source that acts every frame is a brush added every frame, with its amounts times the
// frame's dt), weighted by max(0, 1 - distance / radius) (a linear brush). Removing water never
// takes a cell below 0.
struct WaterBrush {
    float x = 0.0f, y = 0.0f;  // centre, m (origin at the domain's lower-left corner)
    float radius = 1.0f;       // m, > 0
    float water = 0.0f;        // depth added at the centre, m (< 0 removes: a sink)
    float terrain = 0.0f;      // terrain raised at the centre, m (< 0 digs)
    float dye = 0.0f;          // dye/foam added at the centre
};

// Rain (WaterSolver::setRain; docs/shallow-water.md, "Rain"): every frame adds rate * dt of depth
// (and dye * dt of dye) to each column whose centre (Triangle lattice: vertex) lies in the region
// [minX, maxX) x [minY, maxY), at the start of the frame with the brushes: exactly
// rate * dt * the columns' area of water a frame (rainArea()).
struct WaterRain {
    // Depth of water per second, m/s, in [0, kMaxRainRate]. Default 0 (no rain). 1e-5 m/s is
    // 36 mm/h, a heavy downpour.
    float rate = 0.0f;
    // Dye/foam added per second, 1/s, >= 0. Default 0.
    float dye = 0.0f;
    // The region, m (origin at the domain's lower-left corner), finite, min <= max. Default: the
    // whole domain.
    float minX = -3.0e38f, minY = -3.0e38f, maxX = 3.0e38f, maxY = 3.0e38f;
};
// A thousand times the heaviest recorded rain (about 1 mm/s for a minute): beyond it a
// "rain" is a flood, better given as an inflow or a brush.
inline constexpr float kMaxRainRate = 1.0f;

// The rows of the water solver's GPU timing report: a frame is timed whole.
enum class WaterPass : uint32_t { Frame, Count };
struct WaterPassTiming {
    WaterPass pass;
    double milliseconds;  // GPU time of the frame
    uint32_t dispatches;  // compute dispatches the frame recorded
};

// The calls every solver shares (recordReleaseBarrier, health, setProfiling; threading and
// moved-from rules) are Solver's (billow/solver.hpp); a frame is a whole step.
class WaterSolver : public Solver {
public:
    // Validates `settings` (InvalidArgument naming the field) and allocates every buffer; terrain,
    // depth, flows and dye start at 0. On any failure nothing is left allocated.
    WaterSolver(std::shared_ptr<Context> context, const WaterSettings& settings);
    const WaterSettings& settings() const;
    // Changes any setting except nx / ny and lattice (blocking upload of the parameters and boundary table).
    void updateSettings(const WaterSettings& settings);

    // The largest substep the stability limit allows now, s: courant * cellSize / wave speed.
    // VirtualPipes: wave speed sqrt(g * pipeDepth). DepthPipes: sqrt(g * Hmax) with Hmax the
    // largest depth known to the host (uploads, brushes, and the GPU's measurement of earlier
    // frames, read without waiting). Momentum: Umax + sqrt(g * Hmax) with Umax the largest face
    // speed known the same way (uploads of FaceVelocityX/Y and the GPU's measurement).
    double stableTimeStep() const;
    // Substeps a frame of `dt` seconds needs: ceil(dt / stableTimeStep()).
    uint32_t substepsFor(float dt) const;

    // Records one frame of `dt` seconds (in [1e-6, 1e6]), then the non-finite scan
    // (nonFiniteCheck). Failures and NonFiniteError as SmokeSolver::record. Returns the number of substeps (> 1 when
    // the stability limit forced substepping). Throws InvalidArgument ("dt") when the frame
    // needs more than settings().maxSubsteps.
    uint32_t record(VkCommandBuffer cmd, float dt);
    // Records, submits and waits (at most the context's wait timeout). Returns the substep
    // count. Failures as SmokeSolver::step: before submission the solver (its clock included) is
    // unchanged, after (TimeoutError, DeviceLost) it is unusable.
    uint32_t step(float dt);
    uint32_t lastSubsteps() const noexcept;

    // Simulated time, s (drives the wave makers).
    double time() const noexcept;

    // Queues a brush for the next frame (at most kMaxBrushesPerFrame).
    static constexpr uint32_t kMaxBrushesPerFrame = 64;
    void addBrush(const WaterBrush& brush);
    // Rain from the next recorded frame on, every frame until changed (WaterRain{} stops it).
    // Checked first (InvalidArgument naming "WaterRain::rate" and so on; a bad call keeps the
    // previous rain).
    void setRain(const WaterRain& rain);
    const WaterRain& rain() const;
    // The area the rain falls on, m^2: the columns whose centres lie in its region times a
    // column's area (h^2; Triangle lattice sqrt(3)/2 h^2). A frame of dt adds rate * dt times this.
    double rainArea() const;

    // Probes (billow/probes.hpp; docs/probes.md): the points every whole step samples after its
    // last pass, from the next recorded step on, replacing the previous set (at most kMaxProbes;
    // an empty span removes them: nothing is sampled, nothing costs). On the Triangle lattice the
    // fields are linear over the lattice triangle holding the point. Checked whole first
    // (InvalidArgument naming the point and axis: "setProbes: points[3][1]"; a bad set leaves the
    // previous one in place). Uploaded inside the next recorded step's command buffer, only when
    // the set changed. The first non-empty set allocates the buffers, and a set larger than any
    // before reallocates them at the next power of two (blocking, once per growth: it waits for
    // the queue, and the results recorded before are gone).
    void setProbes(std::span<const ProbePoint> points);
    // The samples of the newest whole step the GPU has finished, tagged with that step
    // (stepsRecorded() right after it was recorded); never waits. nullopt before any.
    std::optional<ProbeResults> probeResults() const;

    // Floating bodies (billow/floating_bodies.hpp, docs/floating-bodies.md). setBodies replaces
    // the set, state included (at most kMaxFloatingBodies; checked whole, InvalidArgument naming
    // the field, the previous set kept on failure); the next recorded frame uploads it inside its
    // command buffer. Every frame then, before its substeps, moves the Simulated bodies and
    // evaluates the load on all of them, and the water flows around what they push aside. An
    // empty span removes them all. Bodies keep their state on the GPU between calls: to move a
    // Kinematic body use setBodyPose; to change anything else of a body, give the whole set again
    // (a Simulated body's current state is in bodies(), a frame or two old). A frame with bodies
    // longer than kMaxBodySubsteps * kMaxBodySubstep (10 s) is refused, naming "dt". The bodies'
    // state is scanned with the fields (health(): "Bodies"). On the Triangle lattice each vertex stands for its brick (h
    // wide, h sqrt(3)/2 high, centred on it: the offset rows of bricks tile the domain), over
    // which the bodies' columns are sampled as over the Square lattice's cells.
    void setBodies(std::span<const FloatingBody> bodies);
    // Moves body `index` (of the last setBodies; InvalidArgument "setBodyPose: index" otherwise) to
    // `pose` with its velocities, from the next recorded frame on: its other fields, and every
    // other body's state on the GPU, stay as they are. Checked as the body with that pose
    // (InvalidArgument naming "setBodyPose: pose.<field>"). A Kinematic body holds the pose (its
    // load is evaluated there); a Simulated one goes on from it. Several calls before a frame apply
    // in order.
    void setBodyPose(uint32_t index, const FloatingBodyPose& pose);
    // The newest completed frame's report (a frame or two behind the recording, never waited
    // for): the step it describes and every body's state and load; nullopt before the first
    // frame with bodies has completed.
    std::optional<FloatingBodyReport> bodies() const;

    // Host access (blocking). Sizes in floats. Depth must be >= 0; Velocity is derived (download
    // only). FaceVelocityX/Y set the Momentum model's motion (the pipe models ignore them).
    size_t fieldSize(WaterField field) const noexcept;
    // Uploads must be finite and within +-1e6 (InvalidArgument naming the first bad index); an
    // unknown field is InvalidArgument (fieldSize/buffer give 0/VK_NULL_HANDLE).
    std::vector<float> download(WaterField field);
    // Non-blocking host access: recordDownload / collectDownload (billow/solver.hpp, "Downloads").
    uint64_t recordDownload(VkCommandBuffer cmd, WaterField field);
    std::optional<std::vector<float>> collectDownload(uint64_t ticket);
    void upload(WaterField field, std::span<const float> values);
    // Total water volume, m^3, summed in double on the host (downloads the depth).
    double totalVolume();

    // The GPU buffer holding `field` and its size in bytes (4 per float), as the smoke solvers'.
    VkBuffer buffer(WaterField field) const noexcept;
    VkDeviceSize bufferSize(WaterField field) const noexcept;

    // GPU timing of the last frame recorded while profiling was on (Vulkan timestamps), as the
    // smoke solvers' passTimings(): one row, WaterPass::Frame (the brushes, every substep, the dye
    // and the scan); empty when not available (profiling off, no timestamp support, or the frame
    // has not finished). lastFrameMilliseconds() is that row's figure, -1 when there is none.
    std::vector<WaterPassTiming> passTimings();
    double lastFrameMilliseconds();
    // Bytes of GPU memory the solver allocated for its grid: the fields, the flows and their
    // unscaled copies, the erosion's and the momentum model's fields (allocated whatever the
    // model), the boundary table and the uniform block; not the probes', particles' or bodies'
    // lists (docs/performance.md, "Memory per cell"). 0 on a moved-from solver.
    uint64_t allocatedBytes() const noexcept;

    // Particles carried by the flow (billow/particles.hpp, docs/particles.md): from the next
    // recorded whole step on, every whole step (record(), step(); not single passes) moves the
    // engine's particles after its last pass (z becomes the surface height). Checked whole first
    // (InvalidArgument naming the field; a bad call leaves the previous set in place); the first
    // call allocates the report's ring (blocking, once). Call it again when the count or the
    // buffers change; clearParticles() stops the moves (call it before destroying the buffers, once
    // the last step that used them has completed). On the Triangle lattice the velocity and the
    // surface are linear over the lattice triangle holding the particle, as the probes sample them.
    void setParticles(const ParticleBuffers& buffers, const ParticleSettings& settings = {});
    void clearParticles();
    // What the particle pass of the newest whole step whose submission has completed found (its
    // step, counts), read without waiting; nullopt before the first.
    std::optional<ParticleReport> particleReport() const;
    // The newest copy of the particles a whole step made with ParticleSettings::download whose
    // submission has completed (billow/particles.hpp, ParticleDownload), read without waiting:
    // after step(), the copy of its last step. nullopt before any.
    std::optional<ParticleDownload> particles() const;

private:
    struct Impl;
    // The solver's state for `call`, entered for as long as the result lives (Solver::core: Error
    // on a moved-from solver, while another thread's call runs, or on an unusable one unless
    // `check` says otherwise), or null (moved from) for the noexcept queries.
    detail::Entered<Impl> use(const char* call, detail::EntryCheck check = detail::EntryCheck::Usable) const;
    const Impl* state() const noexcept;
};

} // namespace billow
