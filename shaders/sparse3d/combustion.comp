#version 450
// The dense combustion (smoke3d/combustion_rule.glsl) on every allocated cell. Open air holds no
// fuel, so nothing burns outside the bricks.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) buffer Density { float density[]; };
layout(set = 0, binding = 4) buffer Temperature { float temperature[]; };
layout(set = 0, binding = 5) buffer Fuel { float fuel[]; };
layout(set = 0, binding = 6) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 7) writeonly buffer ExpansionSource { float expansionSource[]; };
layout(push_constant) uniform Push { CombustionPush3D pc; };

#include "smoke3d/combustion_rule.glsl"

BILLOW_BRICK_MAIN {
    if (!insideCells3(thisCell())) return;
    burnCell(cellInBrick(thisSlot(), thisLocal()));
}
