// The grid's structures and constants, shared by the GLSL kernels and the C++ host code so that
// their layouts are written once: the workgroup shape, the descriptor slots, the sides and their
// boundary types, and the smoke grid's uniform block. Every subsystem's types header
// (pressure/pressure_types.h, smoke/smoke_types.h, water/water_types.h) includes this one. Only
// 4-byte scalars and 16-byte vectors are used, which lay out identically in std140, std430, push
// constants and C++.
#ifndef BILLOW_GRID_TYPES_H
#define BILLOW_GRID_TYPES_H

#ifdef __cplusplus
#include <cstdint>
namespace billow::gpu {
using uint = uint32_t;
struct alignas(16) vec4 { float x = 0, y = 0, z = 0, w = 0; };
struct alignas(16) ivec4 { int32_t x = 0, y = 0, z = 0, w = 0; };
#endif

// Workgroup shape of every 2D kernel that does not shape its own (x along rows, y across):
// measured on the H100 in docs/performance-log.md ("Workgroup shape"). Overridable at build time
// for such measurements. The minimum workgroup profile (BILLOW_MINIMUM_WORKGROUPS, compiled for
// devices with the Vulkan-guaranteed 128 invocations) halves the rows. The host never reads
// these: it divides by each kernel's size on its context's profile (KernelSet::localSize).
#ifdef BILLOW_MINIMUM_WORKGROUPS
#define BILLOW_GROUP_X 16
#define BILLOW_GROUP_Y 8
#endif
#ifndef BILLOW_GROUP_X
#define BILLOW_GROUP_X 32
#endif
#ifndef BILLOW_GROUP_Y
#define BILLOW_GROUP_Y 8
#endif
// Slots of the shared descriptor set: binding 0 is the uniform buffer (GridParams or
// WaterParams), bindings 1..BILLOW_STORAGE_SLOTS are storage buffers whose roles each kernel declares.
#define BILLOW_STORAGE_SLOTS 12

// Side indices (billow::Side, checked in grid/sides.hpp) and the smoke grid's boundary types
// (billow::BoundaryType, checked where GridParams is filled).
#define BILLOW_LEFT 0
#define BILLOW_RIGHT 1
#define BILLOW_BOTTOM 2
#define BILLOW_TOP 3
#define BILLOW_WALL 0
#define BILLOW_MOVING_WALL 1
#define BILLOW_INFLOW 2
#define BILLOW_OUTFLOW 3
#define BILLOW_PERIODIC 4
// billow::AdvectionInterpolation (2D and 3D advection pushes; checked where they are filled).
#define BILLOW_INTERPOLATION_LINEAR 0
#define BILLOW_INTERPOLATION_CUBIC 1

// The grid and its boundaries (uniform buffer, std140).
struct GridParams {
    int nx, ny, dyeNx, dyeNy;   // cells
    float h, invH;              // velocity cell size (m) and its inverse
    float dyeHx, dyeHy;         // dye cell size (m) along x and y
    int dyeHalf;                // 1: dye stored as packed halves (dye_storage.glsl), 0: as vec4
    int shifted;                // Poisson levels only: 1 when the system has a diagonal shift per
                                // cell (pressure/pressure_stencil.glsl), 0 elsewhere
    int traceStages;            // velocity samples per advection back-trace: 2 midpoint (RK2),
                                // 1 Euler (billow::BackTrace)
    int unused2;                // keeps the vectors below 16-byte aligned
    ivec4 sideType;             // per side (left, right, bottom, top): BILLOW_WALL ...
    vec4 wallTangent;           // moving-wall tangential speed per side, m/s
    vec4 inflowSpeed;           // inflow speed into the domain per side, m/s
    vec4 inflowDensity;         // per side
    vec4 inflowTemperature;     // per side, K
    vec4 inflowDye[4];          // RGBA per side
};

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
