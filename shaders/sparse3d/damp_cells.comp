#version 450
// The dense damping of the cell fields (smoke3d/damp_cells_rule.glsl) on every allocated brick.
// Open air outside the bricks is already at rest, so it needs none.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) buffer Density { float density[]; };
layout(set = 0, binding = 4) buffer Temperature { float temperature[]; };
layout(set = 0, binding = 5) buffer Fuel { float fuel[]; };
layout(set = 0, binding = 6) buffer Colour { vec4 colour[]; };
layout(push_constant) uniform Push { DampCellsPush3D pc; };

#include "smoke3d/damp_cells_rule.glsl"

BILLOW_BRICK_MAIN {
    if (!insideCells3(thisCell())) return;
    dampCell(cellInBrick(thisSlot(), thisLocal()));
}
