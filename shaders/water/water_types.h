// Structures of the shallow-water kernels, shared by GLSL and C++ (as in common/grid_types.h:
// only 4-byte scalars, so std140, std430, push constants and C++ agree).
#ifndef BILLOW_WATER_TYPES_H
#define BILLOW_WATER_TYPES_H

#include "common/grid_types.h"
#include "common/collider_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Boundary face types (billow::WaterBoundaryType) and models (billow::WaterModel), checked where
// they are converted (water_boundary_table.cpp, water_solver.cpp).
#define BILLOW_WATER_WALL 0
#define BILLOW_WATER_INFLOW 1
#define BILLOW_WATER_OUTFLOW 2
#define BILLOW_WATER_WAVE 3
#define BILLOW_WATER_VIRTUAL_PIPES 0
#define BILLOW_WATER_DEPTH_PIPES 1
#define BILLOW_WATER_MOMENTUM 2
// Lattices (billow::WaterLattice).
#define BILLOW_WATER_SQUARE 0
#define BILLOW_WATER_TRIANGLE 1

// Host-visible measurements of the last substep of a frame (a readback ring): one slot per frame
// in flight, of BILLOW_WATER_STAT_WORDS uint words: the bits of the largest depth and of the
// largest face speed |u| (non-negative floats order like their bits, so atomicMax on bits works).
#define BILLOW_WATER_STAT_SLOTS 4
#define BILLOW_WATER_STAT_WORDS 2
#define BILLOW_WATER_STAT_MAX_DEPTH 0
#define BILLOW_WATER_STAT_MAX_SPEED 1

// Outflow scaling lets a cell give at most (1 - BILLOW_WATER_SCALE_MARGIN) of its water in one
// substep. The margin (2^-17 ~ 7.6e-6) exceeds the float rounding of the scaled outflow sum (a few
// ulps, ~5e-7), so the depth update never has to clip a negative result.
#define BILLOW_WATER_SCALE_MARGIN 7.62939453125e-6

// The grid and the model's constants (uniform buffer, std140).
struct WaterParams {
    int nx, ny;            // cells
    float h, invH;         // cell size, m, and its inverse
    float gravity;         // m/s^2
    float pipeDepth;       // VirtualPipes: pipe area = h * pipeDepth, m
    float viscosity;       // m^2/s (0: off)
    float dryDepth;        // m
    int model;             // BILLOW_WATER_VIRTUAL_PIPES, BILLOW_WATER_DEPTH_PIPES or BILLOW_WATER_MOMENTUM
    int lattice;           // BILLOW_WATER_SQUARE or BILLOW_WATER_TRIANGLE
    int pad1, pad2;
};

// The rule of one boundary face (storage buffer, std430), 2*(nx+ny) of them: left faces by row,
// then right by row, bottom by column, top by column.
struct WaterBoundaryFace {
    int type;              // BILLOW_WATER_WALL ...
    float flow;            // inflow / wave mean, m^2/s into the domain
    float amplitude;       // wave, m^2/s
    float omega;           // wave angular frequency, rad/s
    float phase;           // wave phase, rad
    float drop;            // outflow: ground drop beyond the side, m
    float pad0, pad1;
};

// One brush (storage buffer element, std430).
struct WaterBrushGpu {
    float x, y, radius, water;
    float terrain, dye, pad0, pad1;
};

// Floating bodies (billow::FloatingBody, checked and packed by src/feedback/floating_body_pack.cpp).
#define BILLOW_MAX_BODIES 64
#define BILLOW_BODY_SIMULATED 0
#define BILLOW_BODY_KINEMATIC 1
// Each body's vertical line per cell is sampled on BILLOW_BODY_COLUMNS x BILLOW_BODY_COLUMNS
// columns (the submerged volume's quadrature).
#define BILLOW_BODY_COLUMNS 4
// Report words per body (billow::FloatingBodyState): centre 3, orientation 4, velocity 3,
// angular velocity 3, force 3, torque 3, submerged volume 1.
#define BILLOW_BODY_REPORT_WORDS 20

// One body (storage buffer element, std430): its geometry and state in the layout of a
// GpuCollider (so the collider shapes' maths applies), then its dynamics. The bodies kernel
// updates the state of Simulated bodies in place.
struct GpuFloatingBody {
    vec4 centre;           // xyz: centre of mass, m
    vec4 rotation;         // unit quaternion (x, y, z, w): body frame -> domain frame
    vec4 halfExtents;      // xyz: Box half extents, m
    vec4 velocity;         // xyz: m/s
    vec4 angularVelocity;  // xyz: rad/s, domain frame
    vec4 inertia;          // xyz: principal moments along the body's axes, kg m^2; w: mass, kg
    int shape;             // BILLOW_COLLIDER_*
    float radius;          // Sphere and Capsule, m
    float halfLength;      // Capsule, m
    int motion;            // BILLOW_BODY_*
    float dragCoefficient;
    float liftCoefficient;
    float angularDrag;     // 1/s
    float volume;          // the whole body's volume, m^3
    float level;           // the water level around the body, m (the bodies kernel measures it)
    float unused0, unused1, unused2;
};

// Push constants.
// trackMaxDepth: 0, or 1 + the stat slot into which this substep measures its maxima (statWord()).
// lastSubstep != 0: the frame's last substep, which writes the per-cell velocity.
struct WaterStepPush { float dt; float time; float frictionFactor; int trackMaxDepth; int lastSubstep; };
// The brushes' pass also rains: rainDepth (m) and rainDye added to every column whose centre lies
// in [rainMinX, rainMaxX) x [rainMinY, rainMaxY) (rainDepth 0 and rainDye 0: no rain).
struct WaterBrushPush {
    int count; float rainDepth; float rainDye; float rainMinX;
    float rainMinY; float rainMaxX; float rainMaxY; int pad0;
};
struct WaterDyePush { float dt; float decayFactor; };
// The frame's erosion pass (water/erosion.comp; billow::HydraulicErosionSettings and
// ThermalErosionSettings): dt, s; evaporationFactor = exp(-evaporation * dt); capacity K_c, s;
// minimumTilt; dissolveRate, 1/s (times (1 - hardness) per cell); depositFraction =
// 1 - exp(-depositRate * dt); deepWaterLimit, m (0: off); slideFraction = min(rate * dt, 1) /
// (2 * edges per cell); talusDrop = h * tan(talusAngle), m; hydraulic / thermal != 0: on;
// erodingDepth = max(dryDepth, sheetFlowDepth), m: shallower water carries no sediment.
struct WaterErosionPush {
    float dt; float evaporationFactor; float capacity; float minimumTilt;
    float dissolveRate; float depositFraction; float deepWaterLimit; float slideFraction;
    float talusDrop; int hydraulic; int thermal; float erodingDepth;
};
// The bodies' pass: `count` bodies, a frame of `substeps` body substeps of `dt` s each, the
// water's density (kg/m^3), and where the report goes in the result ring (a word index).
struct WaterBodyPush { int count; int substeps; float dt; float density; int reportWord; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
