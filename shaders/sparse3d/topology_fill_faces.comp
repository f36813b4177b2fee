#version 450
// Topology: the faces along one axis of the bricks allocated this step (one workgroup each, from
// the new-brick list). Open air (velocity 0, open, no solid velocity) in both copies of the
// velocity pool, except the faces the new brick shares with an allocated neighbour that was there
// before: those take the neighbour's current value (its layer 8, or its layer 0), so the two
// stored copies of a shared face stay equal. A neighbour allocated in the same step is open air.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };  // the new bricks
#include "sparse3d/bricks.glsl"
#include "sparse3d/topology_types.h"

layout(std430, set = 0, binding = 3) readonly buffer SlotNew { uint slotNew[]; };
layout(std430, set = 0, binding = 4) buffer VelocityNow { float velocityNow[]; };
layout(std430, set = 0, binding = 5) writeonly buffer VelocityOther { float velocityOther[]; };
layout(std430, set = 0, binding = 6) writeonly buffer Open { float open[]; };
layout(std430, set = 0, binding = 7) writeonly buffer SolidVelocity { float solidVelocity[]; };
layout(push_constant) uniform Push { TopologyFillPush pc; };

BILLOW_BRICK_MAIN {
    int axis = pc.axis;
    for (int layer = 0; layer < facesOfThread(axis); ++layer) {
        ivec3 local = thisLocal();
        local[axis] += layer;
        float value = 0.0;
        if (local[axis] == 0 || local[axis] == BILLOW_BRICK) {
            ivec3 b = thisBrick();
            ivec3 there = local;
            b[axis] += local[axis] == 0 ? -1 : 1;
            there[axis] = BILLOW_BRICK - local[axis];
            uint slot = brickSlot(b);
            if (slot != BILLOW_NO_BRICK && slotNew[slot] == 0u) value = velocityNow[faceInBrick(axis, slot, there)];
        }
        int i = faceInBrick(axis, thisSlot(), local);
        velocityNow[i] = value;
        velocityOther[i] = value;
        open[i] = 1.0;
        solidVelocity[i] = 0.0;
    }
}
