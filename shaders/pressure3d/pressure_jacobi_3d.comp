#version 450
// Up to BILLOW_JACOBI3_SWEEPS damped Jacobi sweeps of the 3D pressure equation (stencil3d.glsl)
// in one dispatch (temporal blocking; the "3.5D blocking" of Nguyen, Satish, Chhugani, Kim &
// Dubey 2010: 2.5D spatial blocking streamed along z, plus time). Every cell moves
// BILLOW_JACOBI_RELAXATION of the way towards the value that satisfies its equation given its
// neighbours' previous values (why damped: pressure_types.h). Reads pIn, writes pOut.
//
// Shape. A workgroup owns a 32 x 32 column region (a 24 x 24 output tile and a 4-cell halo), one
// thread per column, and streams up the z planes of one chunk. At each step level 0 loads a new
// plane from memory and every sweep level s computes its plane z0 - s from level s - 1's planes
// z0 - s - 1, z0 - s, z0 - s + 1: the ones below and above come from the thread's registers, the
// four in-plane neighbours from shared memory (one region plane per level, double-buffered, so
// one barrier per step). A thread keeps the last two planes of each level and the weights and
// right-hand side of the planes still in flight (a FIFO of sweeps + 1 cells) in registers, and
// loads each plane one step ahead (its memory latency hidden behind a step's work). As in
// the 2D kernel, each sweep leaves one more ring of the region stale, so after `sweeps` sweeps
// the tile is exact; in z, the chunk reads `sweeps` planes beyond each of its ends.
//
// Why this shape (arithmetic on traffic and shared memory, 32 KB and 1024 threads, the limits
// the context already requires for the 2D kernel):
// - One unblocked sweep moves 6 words per cell (p in and out, three face weights, the right-hand
//   side): 24 words for 4 sweeps.
// - Here 4 sweeps read 5 words per cell of the region: (32/24)^2 = 1.78x the tile in xy, and
//   (chunk + 8) / chunk in z (1.25x at chunk 32), about 11 words issued, most of the halo's
//   repeats hitting the L2 cache beside the neighbouring groups' own reads, plus 1 written.
// - A 3D brick with a halo: 32 KB hold 8192 floats, a 16^3 region double-buffered (20^3 single).
//   4 sweeps would leave an 8^3 tile (12^3), 8x (4.6x) redundant; even 2 sweeps leave 12^3, 2.4x.
//   Streaming keeps the halo two-dimensional, and shared memory holds planes, not bricks.
// - 4 levels: with 32 KB, twice 4 planes of 32 x 32 floats. More levels need a smaller region
//   (6 in 32 x 32 leave a 20^2 tile, 2.6x) or single-buffered planes (two barriers per step).
//
// The arithmetic is relaxedPressure3's, operand for operand, so the result equals `sweeps`
// separate sweeps up to the compiler's contraction of multiply-adds (the tests hold both to the
// reference's float32 bounds). Cells beyond a periodic side are their wrapped twins; beyond any
// other side they hold p = 0 and no open face, which is what the stencil sees there, and stay 0.
#extension GL_EXT_control_flow_attributes : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid3d.glsl"
#include "pressure3d/pressure3d_types.h"
#include "pressure3d/pressure_jacobi_3d_tiles.h"

layout(set = 0, binding = 1) readonly buffer PIn { float pIn[]; };
layout(set = 0, binding = 2) writeonly buffer POut { float pOut[]; };
layout(set = 0, binding = 3) readonly buffer Divergence { float divergence[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { Jacobi3Push pc; };

#include "pressure3d/stencil3d.glsl"

const int kRegion = BILLOW_JACOBI3_REGION;
const int kLevels = BILLOW_JACOBI3_SWEEPS;

layout(local_size_x = BILLOW_JACOBI3_REGION, local_size_y = BILLOW_JACOBI3_REGION) in;

// One cell of level 0 as loaded: pressure, face weights, right-hand side.
struct Loaded {
    float p;
    Weights3 w;
    float rhs;
};

// Level 0's cell at column `wrapped`, plane z, for a thread whose column `loads` (is in the grid
// or wrapped across periodic sides): wrapped across a periodic z side too, and beyond the others
// p = 0 with no open face.
Loaded loadCell(bool loads, ivec2 wrapped, int z, ivec3 n) {
    if (!loads || (!(z >= 0 && z < n.z) && !periodic3(2))) return Loaded(0.0, Weights3(vec3(0.0), vec3(0.0)), 0.0);
    const ivec3 c = ivec3(wrapped, wrapIndex3(z, n.z));
    const int cell = cellAt3(c, n);
    return Loaded(pIn[cell], BILLOW_WEIGHTS3(openX, openY, openZ, c, n), pc.rhsScale * divergence[cell]);
}

// planes[b][l]: level l's newest plane, written in steps of parity b.
shared float planes[2][kLevels][kRegion * kRegion];

void main() {
    const ivec3 n = gridCells();
    const ivec2 local = ivec2(gl_LocalInvocationID.xy);
    const ivec2 column = ivec2(gl_WorkGroupID.xy) * BILLOW_JACOBI3_TILE - kLevels + local;
    const int sweeps = pc.sweeps;  // 1 .. kLevels
    const int zFirst = int(gl_WorkGroupID.z) * pc.chunk, zEnd = min(zFirst + pc.chunk, n.z);
    const int me = local.y * kRegion + local.x;
    const bool inX = column.x >= 0 && column.x < n.x, inY = column.y >= 0 && column.y < n.y;
    const bool loads = (inX || periodic3(0)) && (inY || periodic3(1));
    const ivec2 wrapped = ivec2(wrapIndex3(column.x, n.x), wrapIndex3(column.y, n.y));
    // The region's outer ring has neighbours outside it and is never swept.
    const bool swept = all(greaterThan(local, ivec2(0))) && all(lessThan(local, ivec2(kRegion - 1)));
    const bool writes = all(greaterThanEqual(local, ivec2(kLevels))) &&
                        all(lessThan(local, ivec2(kLevels + BILLOW_JACOBI3_TILE))) && inX && inY;

    Loaded ahead = loadCell(loads, wrapped, zFirst - sweeps, n);

    // below[l], centre[l]: level l's planes z0 - l - 2 and z0 - l - 1 at the start of a step.
    // weights[s], rhs[s]: the cell of plane z0 - s, which level s relaxes.
    float below[kLevels], centre[kLevels];
    Weights3 weights[kLevels + 1];
    float rhs[kLevels + 1];
    [[unroll]] for (int l = 0; l < kLevels; ++l) {
        below[l] = 0.0;
        centre[l] = 0.0;
        planes[1][l][me] = 0.0;  // read in the first step, for planes below the chunk's reach
    }
    [[unroll]] for (int s = 0; s <= kLevels; ++s) {
        weights[s] = Weights3(vec3(0.0), vec3(0.0));
        rhs[s] = 0.0;
    }
    barrier();

    for (int z0 = zFirst - sweeps, step = 0; z0 < zEnd + sweeps; ++z0, ++step) {
        const int now = step & 1, last = now ^ 1;
        [[unroll]] for (int s = kLevels; s > 0; --s) {
            weights[s] = weights[s - 1];
            rhs[s] = rhs[s - 1];
        }
        // Level 0: plane z0, loaded a step ahead so that the loads of plane z0 + 1, issued now,
        // wait on memory while this step computes and meets the barrier.
        float fresh[kLevels + 1];
        fresh[0] = ahead.p;
        weights[0] = ahead.w;
        rhs[0] = ahead.rhs;
        ahead = loadCell(loads, wrapped, z0 + 1, n);
        // Level s: plane z0 - s from level s - 1's planes below (registers), centre (registers,
        // and its in-plane neighbours in shared memory from the last step) and above (this step).
        float result = fresh[0];
        [[unroll]] for (int s = 1; s <= kLevels; ++s) {
            if (s > sweeps) break;
            const int l = s - 1;
            float value = centre[l];
            if (swept)
                value = relaxedPressure3(weights[s],
                                         vec3(planes[last][l][me - 1], planes[last][l][me - kRegion], below[l]),
                                         vec3(planes[last][l][me + 1], planes[last][l][me + kRegion], fresh[l]),
                                         centre[l], rhs[s], BILLOW_JACOBI_RELAXATION);
            fresh[s] = value;
            result = value;
        }
        const int zOut = z0 - sweeps;
        if (writes && zOut >= zFirst && zOut < zEnd) pOut[cellAt3(ivec3(column, zOut), n)] = result;
        // Publish this step's planes of the levels the next ones read, and move up one plane.
        [[unroll]] for (int l = 0; l < kLevels; ++l) {
            if (l >= sweeps) break;
            planes[now][l][me] = fresh[l];
            below[l] = centre[l];
            centre[l] = fresh[l];
        }
        // Double buffering: `now` was last read a step ago, before the previous barrier.
        barrier();
    }
}
