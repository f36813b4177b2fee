#version 450
// Semi-Lagrangian advection (RK2 back-trace) of the dye/foam field by the cells' velocity, with
// exponential decay: bilinear on the Square lattice, linear over the lattice triangle holding the
// point on the Triangle lattice (water/triangle_sampling.glsl). Dry cells hold no dye.
#include "water/grid.glsl"
#include "water/cell_sampling.glsl"
#include "water/lattice.glsl"
#include "water/triangle_sampling.glsl"

layout(set = 0, binding = 1) readonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer DyeIn { float dyeIn[]; };
layout(set = 0, binding = 4) writeonly buffer DyeOut { float dyeOut[]; };
layout(push_constant) uniform Push { WaterDyePush pc; };

vec2 readVelocity(int i, int j) { return velocity[cellIndex(clamp(i, 0, water.nx - 1), clamp(j, 0, water.ny - 1))]; }
float readDye(int i, int j) { return dyeIn[cellIndex(clamp(i, 0, water.nx - 1), clamp(j, 0, water.ny - 1))]; }

vec2 triangleVelocity(vec2 p) {
    TriangleSample s = triangleSampleAt(p);
    return s.weight.x * velocity[cellIndex(s.a.x, s.a.y)] + s.weight.y * velocity[cellIndex(s.b.x, s.b.y)] +
           s.weight.z * velocity[cellIndex(s.c.x, s.c.y)];
}

float triangleDye(vec2 p) {
    TriangleSample s = triangleSampleAt(p);
    return s.weight.x * dyeIn[cellIndex(s.a.x, s.a.y)] + s.weight.y * dyeIn[cellIndex(s.b.x, s.b.y)] +
           s.weight.z * dyeIn[cellIndex(s.c.x, s.c.y)];
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= water.nx || id.y >= water.ny) return;
    int c = cellIndex(id.x, id.y);
    if (depth[c] <= water.dryDepth) { dyeOut[c] = 0.0; return; }
    if (onTriangleLattice()) {  // positions in m
        vec2 here = cellCentre(id);
        vec2 mid = here - 0.5 * pc.dt * velocity[c];
        dyeOut[c] = triangleDye(here - pc.dt * triangleVelocity(mid)) * pc.decayFactor;
        return;
    }
    float stepCells = pc.dt * water.invH;  // velocity (m/s) * this = displacement in cells
    vec2 here = vec2(id);
    vec2 mid = here - 0.5 * stepCells * velocity[c];
    vec2 midVelocity;
    BILERP(readVelocity, mid, midVelocity);
    float value;
    BILERP(readDye, here - stepCells * midVelocity, value);
    dyeOut[c] = value * pc.decayFactor;
}
