#version 450
// Up to BILLOW_JACOBI_SWEEPS weighted Jacobi sweeps of the pressure Poisson equation in one dispatch
// (temporal blocking). Each workgroup loads a 48 x 48 output tile plus an 8-cell halo (a 64 x 64
// region; 16 x 16 and 32 x 32 in the minimum workgroup profile) and sweeps it in shared memory. A sweep leaves the outermost ring of the region stale,
// one ring per sweep, so after `sweeps` sweeps the tile equals what `sweeps` separate global
// sweeps give, for a fraction of the memory traffic (constants: pressure_jacobi_tiles.h).
//
// Each thread keeps a strip of BILLOW_JACOBI_STRIP cells of one column in registers (pressure, face
// weights, right-hand side): the bottom and top neighbours inside the strip come from registers,
// so a sweep stores 1 and loads about 2.5 shared values per cell. Shared pressure is
// double-buffered, so a sweep needs one barrier. Measured on the H100 against the first blocked
// kernel (16 x 16 tile, 4-cell halo, one thread per cell): 1.6x faster from 512^2 up
// (docs/performance-log.md).
//
// The stencil is pressure_stencil.glsl's (relaxedPressure, rearranged below); p is kinematic pressure (pressure / density), m^2/s^2.
#extension GL_EXT_control_flow_attributes : require
#define BILLOW_KERNEL_VARIANTS 2  // kInteriorOpen: 0 any weights, 1 no obstacle inside the grid
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid.glsl"
#include "pressure/pressure_types.h"
#include "pressure/pressure_jacobi_tiles.h"

layout(set = 0, binding = 1) readonly buffer PIn { float pIn[]; };
layout(set = 0, binding = 2) writeonly buffer POut { float pOut[]; };
layout(set = 0, binding = 3) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { PressurePush pc; };
layout(constant_id = 0) const int kInteriorOpen = 0;

const float kRelaxation = BILLOW_JACOBI_RELAXATION;  // why not 1: pressure_types.h

#include "pressure/pressure_stencil.glsl"

const int kRegion = BILLOW_JACOBI_REGION;
const int kStrip = BILLOW_JACOBI_STRIP;

layout(local_size_x = BILLOW_JACOBI_REGION, local_size_y = BILLOW_JACOBI_REGION / BILLOW_JACOBI_STRIP) in;

shared float pressure[2][kRegion * kRegion];

void main() {
    const int column = int(gl_LocalInvocationID.x);
    const int firstRow = int(gl_LocalInvocationID.y) * kStrip;
    const ivec2 origin = ivec2(gl_WorkGroupID.xy) * BILLOW_JACOBI_TILE - BILLOW_JACOBI_SWEEPS;
    const int gx = origin.x + column;

    // Load the strip. Cells beyond a periodic side are their wrapped twins; cells beyond any other
    // side hold p = 0 with no open face, which is what the stencil sees there. Each cell's update, relaxedPressure's, is rewritten once here as
    //   p' = (1 - relaxation) p + scale (w . neighbours) + bias,
    // scale = relaxation / (sum of w), bias = -scale rhs, so a sweep costs a dot product and two
    // multiply-adds a cell instead of the weights' sum and a division. A cell with no open face
    // (and every cell beyond a side that is not periodic) has scale = bias = 0 and starts at 0, so
    // it stays 0. With kInteriorOpen the weights are not kept: every face between two cells has
    // weight 1, and a face on a side that is not periodic has a neighbour that holds 0, so
    // w . neighbours is the plain sum whatever the side's weight (which only enters the scale).
    // Fewer registers a thread: measured in docs/performance-log.md ("Jacobi columns").
    float p[kStrip], scale[kStrip], bias[kStrip];
    vec4 w[kStrip];  // unused (and optimised away) with kInteriorOpen
    const bool insideX = gx >= 0 && gx < grid.nx;
    [[unroll]] for (int k = 0; k < kStrip; ++k) {
        const int gy = origin.y + firstRow + k;
        p[k] = 0.0;
        scale[k] = 0.0;
        bias[k] = 0.0;
        w[k] = vec4(0.0);
        bool insideY = gy >= 0 && gy < grid.ny;
        if ((insideX || periodicX()) && (insideY || periodicY())) {
            int i = wrapIndex(gx, grid.nx), j = wrapIndex(gy, grid.ny);
            // With kInteriorOpen only faces on the grid's sides are read (they carry the boundary
            // conditions); every other face is open.
            const bool open = kInteriorOpen != 0;
            const vec4 weights = vec4(open && i > 0 ? 1.0 : openX[xFaceIndex(i, j)],
                                      open && i < grid.nx - 1 ? 1.0 : openX[xFaceIndex(i + 1, j)],
                                      open && j > 0 ? 1.0 : openY[yFaceIndex(i, j)],
                                      open && j < grid.ny - 1 ? 1.0 : openY[yFaceIndex(i, j + 1)]);
            w[k] = weights;
            const float weight = weights.x + weights.y + weights.z + weights.w;
            if (weight > 0.0) {
                p[k] = pIn[cellIndex(i, j)];
                scale[k] = kRelaxation / weight;
                bias[k] = -scale[k] * (pc.rhsScale * divergence[cellIndex(i, j)]);
            }
        }
    }

    // The region's outer ring has neighbours outside it and is never swept.
    const bool sweptColumn = column > 0 && column < kRegion - 1;
    for (int sweep = 0; sweep < pc.sweeps; ++sweep) {
        const int b = sweep & 1;
        [[unroll]] for (int k = 0; k < kStrip; ++k) pressure[b][(firstRow + k) * kRegion + column] = p[k];
        // Double buffering: the copy written here was last read two sweeps ago, before the
        // barrier of the previous sweep, so one barrier per sweep suffices.
        barrier();
        if (sweptColumn) {
            float below = firstRow > 0 ? pressure[b][(firstRow - 1) * kRegion + column] : 0.0;
            float above = firstRow + kStrip < kRegion ? pressure[b][(firstRow + kStrip) * kRegion + column] : 0.0;
            [[unroll]] for (int k = 0; k < kStrip; ++k) {
                const int row = firstRow + k, s = row * kRegion + column;
                const float previous = p[k];
                const float top = k + 1 < kStrip ? p[k + 1] : above;
                const vec4 neighbours = vec4(pressure[b][s - 1], pressure[b][s + 1], below, top);
                const float sum = kInteriorOpen != 0 ? neighbours.x + neighbours.y + neighbours.z + neighbours.w
                                                     : dot(w[k], neighbours);
                if (row > 0 && row < kRegion - 1) p[k] = (1.0 - kRelaxation) * previous + (scale[k] * sum + bias[k]);
                below = previous;
            }
        }
    }

    const int tileColumn = column - BILLOW_JACOBI_SWEEPS;
    if (tileColumn < 0 || tileColumn >= BILLOW_JACOBI_TILE || gx >= grid.nx) return;
    [[unroll]] for (int k = 0; k < kStrip; ++k) {
        const int tileRow = firstRow + k - BILLOW_JACOBI_SWEEPS, gy = origin.y + firstRow + k;
        if (tileRow >= 0 && tileRow < BILLOW_JACOBI_TILE && gy < grid.ny) pOut[cellIndex(gx, gy)] = p[k];
    }
}
