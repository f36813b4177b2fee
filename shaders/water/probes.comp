#version 450
// The probes of the water solver, sampled after a whole frame: one thread a probe, writing its
// sample into the frame's result slot (src/feedback/probe_set.hpp). Depth, terrain and the cells'
// velocity (derived per cell by water/depth.comp) are bilinear between cell centres, clamped at
// the sides (zero gradient); on the Triangle lattice linear over the lattice triangle holding the
// point (water/triangle_sampling.glsl). The surface height is terrain + depth of the same
// interpolation. A point outside the domain is clamped onto it and flagged.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "water/grid.glsl"
#include "water/lattice.glsl"
#include "water/triangle_sampling.glsl"
#include "common/probe_types.h"

layout(local_size_x = BILLOW_PROBE_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Points { vec4 points[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 4) readonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 5) buffer Results { uint results[]; };

layout(push_constant) uniform Push { ProbePush pc; };

int clampedCell(int i, int j) { return cellIndex(clamp(i, 0, water.nx - 1), clamp(j, 0, water.ny - 1)); }
float readDepth(int i, int j) { return depth[clampedCell(i, j)]; }
float readTerrain(int i, int j) { return terrain[clampedCell(i, j)]; }
vec2 readVelocity(int i, int j) { return velocity[clampedCell(i, j)]; }

// Bilinear between cell centres (the Square lattice).
void squareSample(vec2 p, out float d, out float g, out vec2 v) {
    vec2 coord = p * water.invH - vec2(0.5);
    vec2 base = floor(coord);
    ivec2 b = ivec2(base);
    vec2 t = coord - base;
    d = mix(mix(readDepth(b.x, b.y), readDepth(b.x + 1, b.y), t.x),
            mix(readDepth(b.x, b.y + 1), readDepth(b.x + 1, b.y + 1), t.x), t.y);
    g = mix(mix(readTerrain(b.x, b.y), readTerrain(b.x + 1, b.y), t.x),
            mix(readTerrain(b.x, b.y + 1), readTerrain(b.x + 1, b.y + 1), t.x), t.y);
    v = mix(mix(readVelocity(b.x, b.y), readVelocity(b.x + 1, b.y), t.x),
            mix(readVelocity(b.x, b.y + 1), readVelocity(b.x + 1, b.y + 1), t.x), t.y);
}

// Linear over the lattice triangle holding the point (the Triangle lattice).
void triangleSample(vec2 p, out float d, out float g, out vec2 v) {
    TriangleSample s = triangleSampleAt(p);
    int a = cellIndex(s.a.x, s.a.y), b = cellIndex(s.b.x, s.b.y), c = cellIndex(s.c.x, s.c.y);
    d = s.weight.x * depth[a] + s.weight.y * depth[b] + s.weight.z * depth[c];
    g = s.weight.x * terrain[a] + s.weight.y * terrain[b] + s.weight.z * terrain[c];
    v = s.weight.x * velocity[a] + s.weight.y * velocity[b] + s.weight.z * velocity[c];
}

void main() {
    int probe = int(gl_GlobalInvocationID.x);
    if (probe >= pc.count) return;
    vec2 requested = points[probe].xy;
    vec2 p = clamp(requested, vec2(0.0), domainExtent());
    uint flags = p != requested ? BILLOW_PROBE_OUTSIDE : 0u;
    float d, g;
    vec2 v;
    if (onTriangleLattice()) triangleSample(p, d, g, v);
    else squareSample(p, d, g, v);

    int w = pc.payloadWord + probe * BILLOW_PROBE_WORDS;
    results[w + BILLOW_PROBE_VELOCITY + 0] = floatBitsToUint(v.x);
    results[w + BILLOW_PROBE_VELOCITY + 1] = floatBitsToUint(v.y);
    results[w + BILLOW_PROBE_VELOCITY + 2] = floatBitsToUint(0.0);
    results[w + BILLOW_PROBE_SCALARS + 0] = floatBitsToUint(d);
    results[w + BILLOW_PROBE_SCALARS + 1] = floatBitsToUint(g + d);
    results[w + BILLOW_PROBE_SCALARS + 2] = floatBitsToUint(g);
    results[w + BILLOW_PROBE_SCALARS + 3] = floatBitsToUint(0.0);
    results[w + BILLOW_PROBE_FLAGS] = flags;
}
