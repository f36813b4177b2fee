#version 450
// Semi-Lagrangian advection (RK2 back-trace, bilinear) of the dye/foam field by the cells'
// velocity, with exponential decay. Dry cells hold no dye.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 2) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer DyeIn { float dyeIn[]; };
layout(set = 0, binding = 4) writeonly buffer DyeOut { float dyeOut[]; };
layout(push_constant) uniform Push { WaterDyePush pc; };

vec2 readVelocity(int i, int j) { return velocity[cellIndex(clamp(i, 0, water.nx - 1), clamp(j, 0, water.ny - 1))]; }
float readDye(int i, int j) { return dyeIn[cellIndex(clamp(i, 0, water.nx - 1), clamp(j, 0, water.ny - 1))]; }

// Bilinear sample at a position in cell-index coordinates (cell (i, j) centred at (i, j)),
// clamped to the domain's cell centres.
#define BILERP(READ, coord, result)                                                        \
    {                                                                                      \
        vec2 p_ = clamp(coord, vec2(0.0), vec2(water.nx - 1, water.ny - 1));               \
        vec2 base_ = floor(p_);                                                            \
        ivec2 b_ = ivec2(base_);                                                           \
        vec2 t_ = p_ - base_;                                                              \
        result = mix(mix(READ(b_.x, b_.y), READ(b_.x + 1, b_.y), t_.x),                    \
                     mix(READ(b_.x, b_.y + 1), READ(b_.x + 1, b_.y + 1), t_.x), t_.y);     \
    }

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= water.nx || id.y >= water.ny) return;
    int c = cellIndex(id.x, id.y);
    if (depth[c] <= water.dryDepth) { dyeOut[c] = 0.0; return; }
    float stepCells = pc.dt * water.invH;  // velocity (m/s) * this = displacement in cells
    vec2 here = vec2(id);
    vec2 mid = here - 0.5 * stepCells * velocity[c];
    vec2 midVelocity;
    BILERP(readVelocity, mid, midVelocity);
    float value;
    BILERP(readDye, here - stepCells * midVelocity, value);
    dyeOut[c] = value * pc.decayFactor;
}
