#version 450
// The probes of the water solver, sampled after a whole frame: one thread a probe, writing its
// sample into the frame's result slot (src/feedback/probe_set.hpp). Depth, terrain and the cells'
// velocity (derived per cell by water/depth.comp) are bilinear between cell centres, clamped at
// the sides (zero gradient); the surface height is terrain + depth of the same interpolation. A
// point outside the domain is clamped onto it and flagged.
#define BILLOW_OWN_WORKGROUP_SIZE
#include "water/grid.glsl"
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

void main() {
    int probe = int(gl_GlobalInvocationID.x);
    if (probe >= pc.count) return;
    vec2 requested = points[probe].xy;
    vec2 p = clamp(requested, vec2(0.0), vec2(water.nx, water.ny) * water.h);
    uint flags = p != requested ? BILLOW_PROBE_OUTSIDE : 0u;

    vec2 coord = p * water.invH - vec2(0.5);
    vec2 base = floor(coord);
    ivec2 b = ivec2(base);
    vec2 t = coord - base;
    float d = mix(mix(readDepth(b.x, b.y), readDepth(b.x + 1, b.y), t.x),
                  mix(readDepth(b.x, b.y + 1), readDepth(b.x + 1, b.y + 1), t.x), t.y);
    float g = mix(mix(readTerrain(b.x, b.y), readTerrain(b.x + 1, b.y), t.x),
                  mix(readTerrain(b.x, b.y + 1), readTerrain(b.x + 1, b.y + 1), t.x), t.y);
    vec2 v = mix(mix(readVelocity(b.x, b.y), readVelocity(b.x + 1, b.y), t.x),
                 mix(readVelocity(b.x, b.y + 1), readVelocity(b.x + 1, b.y + 1), t.x), t.y);

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
