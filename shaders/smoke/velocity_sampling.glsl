// Velocity at any point of the domain, bilinear on each component's own staggered positions, and
// the back-trace (midpoint or Euler) used by every advection kernel.
// The including kernel declares the readonly buffers `uIn` and `vIn` first. The fields an
// advection carries are sampled by field_interpolation.glsl, which the advection kernels include
// themselves (it declares their variant selector).

// Declares `float NAME(int i, int j)`: the face field BUFFER at face (i, j), beyond a side by the
// ghost rule of TAP (tapU or tapV). Kernels that carry another face field (the corrected velocity
// advections) read it through the same rules as the velocity.
#define BILLOW_FACE_READER(NAME, TAP, BUFFER) \
    float NAME(int i, int j) { Tap t = TAP(i, j); return t.scale * BUFFER[t.index] + t.offset; }
// Sample coordinates of position p, m, in the x-face (y-face) grid: u(i, j) sits at
// (i h, (j + 1/2) h), v(i, j) at ((i + 1/2) h, j h).
vec2 xFaceCoordinate(vec2 p) { return p * grid.invH - vec2(0.0, 0.5); }
vec2 yFaceCoordinate(vec2 p) { return p * grid.invH - vec2(0.5, 0.0); }

// The advection kernels take kDirectVelocity from their variant selector; a kernel without
// variants (the probes) defines BILLOW_VELOCITY_THROUGH_TAPS and reads every sample through the
// taps (the same values).
#ifdef BILLOW_VELOCITY_THROUGH_TAPS
const bool kDirectVelocity = false;
#else
#include "common/interpolation_variant.glsl"
#endif

BILLOW_FACE_READER(readU, tapU, uIn)
BILLOW_FACE_READER(readV, tapV, vIn)

// The advecting velocity, bilinear whatever the carried fields' interpolation (the face arrays
// are (nx + 1) x ny and nx x (ny + 1)): inside the grid read by index in the GPU variant
// (kDirectVelocity), through the taps at every sample in the CPU one (common/interpolation_variant.glsl).
float uAt(int k) { return uIn[k]; }
float vAt(int k) { return vIn[k]; }
float sampleU(vec2 p) {
    float r;
    if (kDirectVelocity) BILLOW_BILERP_DIRECT(readU, uAt, ivec2(grid.nx + 1, grid.ny), xFaceCoordinate(p), r)
    else BILLOW_BILERP(readU, xFaceCoordinate(p), r)
    return r;
}
float sampleV(vec2 p) {
    float r;
    if (kDirectVelocity) BILLOW_BILERP_DIRECT(readV, vAt, ivec2(grid.nx, grid.ny + 1), yFaceCoordinate(p), r)
    else BILLOW_BILERP(readV, yFaceCoordinate(p), r)
    return r;
}
vec2 sampleVelocity(vec2 p) { return vec2(sampleU(p), sampleV(p)); }

// Back-trace of p over dt (dt < 0 traces forward), clamped into the domain on non-periodic sides:
// midpoint (RK2, grid.traceStages 2): mid = p - dt/2 u(p), then p - dt u(mid); Euler
// (grid.traceStages 1): p - dt u(p). The stages are one loop: one copy of the sampling code, which
// CPU implementations compile in a fraction of the time of two or three inlined copies.
vec2 traceBack(vec2 p, float dt) {
    vec2 q = p;
    float stageDt = grid.traceStages == 2 ? 0.5 * dt : dt;
    [[dont_unroll]] for (int stage = 0; stage < grid.traceStages; ++stage) {
        q = clampToDomain(p - stageDt * sampleVelocity(q));
        stageDt = dt;
    }
    return q;
}
