#version 450
// The vorticity of every allocated cell (sparse3d/vorticity.glsl): xyz omega, w |omega| (1/s), as
// the dense smoke3d/curl.comp then smoke3d/vorticity_magnitude.comp give it.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"

layout(set = 0, binding = 3) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 4) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 5) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 6) writeonly buffer VorticityCells { vec4 vorticityCells[]; };

#include "sparse3d/vorticity.glsl"

void main() {
    if (!insideCells3(thisCell())) return;
    vec3 omega = cellVorticity(thisCell());
    vorticityCells[cellInBrick(thisSlot(), thisLocal())] = vec4(omega, length(omega));
}
