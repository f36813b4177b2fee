#version 450
// Up to BILLOW_SOR_BLOCK_ITERATIONS red-black SOR iterations (2 colour passes each) in one dispatch,
// for levels whose colouring is plain (i + j) % 2 (no periodic axis with an odd cell count): the
// same updates, in the same order, as that many pairs of pressure/rbsor.comp dispatches, with one
// pass over memory instead of one per colour, into a second buffer. Each workgroup loads a 56 x 56 tile plus a 4-cell
// halo (a 64 x 64 region; each colour pass leaves one more ring stale), threads keep strips of 4
// cells of a column in registers (as pressure/jacobi.comp), and cells of one colour are updated in
// place in shared memory: their neighbours all have the other colour, which that pass leaves alone.
#extension GL_EXT_control_flow_attributes : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid.glsl"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 1) readonly buffer P { float pIn[]; };
layout(set = 0, binding = 2) readonly buffer Source { float source[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
// A separate output: writing the tile back in place would race with neighbouring workgroups
// still loading it as their halo.
layout(set = 0, binding = 5) writeonly buffer POut { float pOut[]; };
layout(set = 0, binding = 6) readonly buffer Shift { float shift[]; };  // read only when grid.shifted
layout(push_constant) uniform Push { SorBlockPush pc; };

#include "pressure/pressure_stencil.glsl"

// The region is the workgroup's width (the host reads its tile from it): 64 x 64 with strips of 4
// (1024 threads, 16 KiB), or in the minimum workgroup profile 32 x 32 with strips of 8 (128
// threads, 4 KiB).
const int kHalo = 2 * BILLOW_SOR_BLOCK_ITERATIONS;
#ifdef BILLOW_MINIMUM_WORKGROUPS
const int kRegion = 32;
const int kStrip = 8;
layout(local_size_x = 32, local_size_y = 4) in;
#else
const int kRegion = 64;
const int kStrip = 4;
layout(local_size_x = 64, local_size_y = 16) in;
#endif
const int kTile = kRegion - 2 * kHalo;

shared float pressure[kRegion * kRegion];

void main() {
    const int column = int(gl_LocalInvocationID.x);
    const int firstRow = int(gl_LocalInvocationID.y) * kStrip;
    const ivec2 origin = ivec2(gl_WorkGroupID.xy) * kTile - kHalo;
    const int gx = origin.x + column;

    // Cells beyond a periodic side are their wrapped twins; beyond any other side p = 0 with no
    // open face (what the stencil sees there).
    float p[kStrip], rhs[kStrip], s[kStrip];
    vec4 w[kStrip];
    const bool insideX = gx >= 0 && gx < grid.nx;
    [[unroll]] for (int k = 0; k < kStrip; ++k) {
        const int gy = origin.y + firstRow + k;
        p[k] = 0.0;
        rhs[k] = 0.0;
        s[k] = 0.0;
        w[k] = vec4(0.0);
        bool insideY = gy >= 0 && gy < grid.ny;
        if ((insideX || periodicX()) && (insideY || periodicY())) {
            int i = wrapIndex(gx, grid.nx), j = wrapIndex(gy, grid.ny);
            p[k] = pIn[cellIndex(i, j)];
            w[k] = vec4(openX[xFaceIndex(i, j)], openX[xFaceIndex(i + 1, j)], openY[yFaceIndex(i, j)], openY[yFaceIndex(i, j + 1)]);
            rhs[k] = pc.rhsScale * source[cellIndex(i, j)];
            s[k] = BILLOW_SHIFT(cellIndex(i, j));
        }
        pressure[(firstRow + k) * kRegion + column] = p[k];
    }
    barrier();

    // Colour of this strip's first cell; it alternates along the strip. On an even periodic axis a
    // wrapped twin has its original's colour, so global coordinates give the colouring directly.
    const int firstColour = (gx + origin.y + firstRow) & 1;
    const bool sweptColumn = column > 0 && column < kRegion - 1;
    for (int pass = 0; pass < 2 * pc.iterations; ++pass) {
        const int colour = pass & 1;
        if (sweptColumn) {
            const float below = firstRow > 0 ? pressure[(firstRow - 1) * kRegion + column] : 0.0;
            const float above = firstRow + kStrip < kRegion ? pressure[(firstRow + kStrip) * kRegion + column] : 0.0;
            [[unroll]] for (int k = 0; k < kStrip; ++k) {
                const int row = firstRow + k, at = row * kRegion + column;
                if (((firstColour + k) & 1) != colour || row == 0 || row == kRegion - 1) continue;
                const float bottom = k > 0 ? p[k - 1] : below, top = k + 1 < kStrip ? p[k + 1] : above;
                p[k] = relaxedPressure(w[k], vec4(pressure[at - 1], pressure[at + 1], bottom, top), p[k], rhs[k], pc.omega, s[k]);
                pressure[at] = p[k];
            }
        }
        barrier();
    }

    const int tileColumn = column - kHalo;
    if (tileColumn < 0 || tileColumn >= kTile || gx >= grid.nx) return;
    [[unroll]] for (int k = 0; k < kStrip; ++k) {
        const int tileRow = firstRow + k - kHalo, gy = origin.y + firstRow + k;
        if (tileRow >= 0 && tileRow < kTile && gy < grid.ny) pOut[cellIndex(gx, gy)] = p[k];
    }
}
