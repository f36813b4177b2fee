#version 450
// The emitters' density, temperature, fuel and colour (smoke3d/emit_rule.glsl) added to the cells
// of every allocated brick inside the emitters' reach (the push's box; other bricks leave at once).
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) readonly buffer Emitters { GpuEmitter3D emitters[]; };
layout(set = 0, binding = 4) buffer Density { float density[]; };
layout(set = 0, binding = 5) buffer Temperature { float temperature[]; };
layout(set = 0, binding = 6) buffer Fuel { float fuel[]; };
layout(set = 0, binding = 7) buffer Colour { vec4 colour[]; };
layout(push_constant) uniform Push { SparseEmitPush3D pc; };

#include "smoke3d/emit_rule.glsl"

BILLOW_BRICK_MAIN {
    ivec3 id = thisCell();
    ivec3 first = ivec3(pc.firstX, pc.firstY, pc.firstZ), last = ivec3(pc.lastX, pc.lastY, pc.lastZ);
    if (!insideCells3(id) || any(lessThan(id, first)) || any(greaterThan(id, last))) return;
    Emitted3 added = emittedInCell(id);
    int c = cellInBrick(thisSlot(), thisLocal());
    density[c] += added.scalars.x;
    temperature[c] += added.scalars.y;
    fuel[c] += added.scalars.z;
    if (grid.colourChannels == 4) colour[c] += added.colour;
}
