#version 450
// Topology: no colour in the cells of the bricks allocated this step (both copies).
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };  // the new bricks
#include "sparse3d/bricks.glsl"

layout(std430, set = 0, binding = 3) writeonly buffer ColourNow { vec4 colourNow[]; };
layout(std430, set = 0, binding = 4) writeonly buffer ColourOther { vec4 colourOther[]; };

BILLOW_BRICK_MAIN {
    int c = cellInBrick(thisSlot(), thisLocal());
    colourNow[c] = vec4(0.0);
    colourOther[c] = vec4(0.0);
}
