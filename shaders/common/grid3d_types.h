// The 3D grid's uniform block and workgroup shape, shared by the 3D kernels (smoke3d/,
// pressure3d/) and the C++ host code. Same rules as common/grid_types.h (which it includes for
// the side indices, boundary types and vector types): only 4-byte scalars and 16-byte vectors,
// so std140 and C++ lay it out identically.
#ifndef BILLOW_GRID3D_TYPES_H
#define BILLOW_GRID3D_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Workgroup shapes of the 3D kernels that do not shape their own, 256 threads each, x fastest.
// Streaming kernels (each thread reads its own and neighbouring elements) run long rows along x,
// so a warp reads whole 128-byte lines: 32 x 4 x 2. Kernels that gather from back-traced points
// (the advection, BILLOW_GATHER_WORKGROUP) run compact 8 x 8 x 4 bricks, so the points a warp
// traces stay close in all three axes and their reads hit the same cache lines. Measured on the
// H200 in docs/performance-log.md ("3D smoke and fire step"); overridable at build time. The
// minimum workgroup profile (BILLOW_MINIMUM_WORKGROUPS: 128 invocations) keeps the rows and halves
// the depth: 32 x 4 x 1 and 8 x 4 x 4.
#ifdef BILLOW_MINIMUM_WORKGROUPS
#define BILLOW_GROUP3_Z 1
#define BILLOW_GATHER3_Y 4
#endif
#ifndef BILLOW_GROUP3_X
#define BILLOW_GROUP3_X 32
#endif
#ifndef BILLOW_GROUP3_Y
#define BILLOW_GROUP3_Y 4
#endif
#ifndef BILLOW_GROUP3_Z
#define BILLOW_GROUP3_Z 2
#endif
#ifndef BILLOW_GATHER3_X
#define BILLOW_GATHER3_X 8
#endif
#ifndef BILLOW_GATHER3_Y
#define BILLOW_GATHER3_Y 8
#endif
#ifndef BILLOW_GATHER3_Z
#define BILLOW_GATHER3_Z 4
#endif

// The two sides a 3D grid adds to left/right (x) and bottom/top (y): back (z = 0) and front
// (z = nz). billow::Side::Back / Front.
#define BILLOW_BACK 4
#define BILLOW_FRONT 5
#define BILLOW_SIDES_3D 6

// A 3D MAC grid and its six sides (uniform buffer, std140). Per-side arrays are indexed by
// billow::Side (left, right, bottom, top, back, front).
struct Grid3DParams {
    int nx, ny, nz;            // cells along x, y, z
    int colourChannels;        // 0: no colour field; 4: an RGBA colour per cell
    float h, invH;             // cell edge length (m) and its inverse
    int shifted;               // Poisson levels only: 1 when the system has a diagonal shift per
                               // cell (pressure3d/stencil3d.glsl), 0 elsewhere
    int traceStages;           // velocity samples per advection back-trace: 2 midpoint (RK2),
                               // 1 Euler (billow::BackTrace)
    ivec4 sideType[2];         // sideType[s / 4][s % 4]: BILLOW_WALL ... of side s
    vec4 wallVelocity[6];      // moving wall: the wall's velocity (xyz, m/s; its normal part is ignored)
    vec4 inflow[6];            // inflow: x speed into the domain (m/s), y density, z temperature (K), w fuel
    vec4 inflowColour[6];      // inflow: RGBA the entering fluid carries
    float temperatureOrigin;   // K: what a 16-bit stored temperature is the difference from
                               // (common/flow_storage.glsl); 0 where the flow is float32
    int reserved0, reserved1, reserved2;  // std140 rounds the block to 16 bytes
};

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
