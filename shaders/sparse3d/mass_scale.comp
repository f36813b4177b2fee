#version 450
// The mass correction's last step on bricks: every cell of an advected field in the allocated
// bricks multiplied by its factor (mass/factor.comp), as mass/scale.comp does on the dense grid.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "mass/mass_types.h"

layout(set = 0, binding = 3) buffer Field { float field[]; };
layout(set = 0, binding = 4) readonly buffer Factors { float factors[]; };
layout(push_constant) uniform Push { MassScalePush pc; };

BILLOW_BRICK_MAIN {
    if (!insideCells3(thisCell())) return;
    field[cellInBrick(thisSlot(), thisLocal())] *= factors[pc.field];
}
