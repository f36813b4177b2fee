#version 450
// The frame's erosion, second pass, one thread per cell: the terrain takes the change
// water/erosion.comp computed (hydraulic dissolving / deposition and thermal slides), now that no
// thread reads it any more.
#include "water/grid.glsl"

layout(set = 0, binding = 1) buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) readonly buffer Delta { float delta[]; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= water.nx || id.y >= water.ny) return;
    int c = cellIndex(id.x, id.y);
    terrain[c] += delta[c];
}
