#version 450
// Topology: every slot's age. An allocated brick wanted this step (busy, near a busy brick, in an
// emitter's or collider's box) restarts its count at 0; any other one counts one more step and,
// at retireAfterSteps, is freed (its map entry missing, its slot free). Writes each slot's free
// flag for the scans that follow.
layout(std430, set = 0, binding = 1) buffer BrickMap { uint brickMap[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/topology_types.h"
layout(local_size_x = BILLOW_TOPOLOGY_THREADS) in;

layout(std430, set = 0, binding = 2) buffer BrickCoords { ivec4 brickCoords[]; };
layout(std430, set = 0, binding = 3) readonly buffer Wanted { uint wanted[]; };
layout(std430, set = 0, binding = 4) writeonly buffer SlotFree { uint slotFree[]; };
layout(push_constant) uniform Push { TopologyAgePush pc; };

void main() {
    uint slot = gl_GlobalInvocationID.x;
    if (slot >= pc.count) return;
    ivec4 c = brickCoords[slot];
    if (c.w != BILLOW_SLOT_FREE) {
        int m = brickMapIndex(c.xyz);
        c.w = wanted[m] != 0u ? 0 : c.w + 1;
        if (c.w >= int(pc.retireAfterSteps)) {
            brickMap[m] = BILLOW_NO_BRICK;
            c.w = BILLOW_SLOT_FREE;
        }
        brickCoords[slot] = c;
    }
    slotFree[slot] = c.w == BILLOW_SLOT_FREE ? 1u : 0u;
}
