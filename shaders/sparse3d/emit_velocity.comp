#version 450
// The emitters' pull on the velocity (smoke3d/emit_rule.glsl) on the open faces of every allocated
// brick inside the emitters' reach (the push's box of faces; other bricks leave at once). Each
// thread updates its cell's lower face of every axis and, on the brick's last layer, the upper
// one; both copies of a face two bricks share start from the same bits and take the same
// arithmetic, so they stay equal.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) readonly buffer Emitters { GpuEmitter3D emitters[]; };
layout(set = 0, binding = 4) buffer U { float u[]; };
layout(set = 0, binding = 5) buffer V { float v[]; };
layout(set = 0, binding = 6) buffer W { float w[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 9) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { SparseEmitPush3D pc; };

#include "smoke3d/emit_rule.glsl"

BILLOW_BRICK_MAIN {
    ivec3 first = ivec3(pc.firstX, pc.firstY, pc.firstZ), last = ivec3(pc.lastX, pc.lastY, pc.lastZ);
    ivec3 origin = thisBrick() << BILLOW_BRICK_SHIFT;
    if (any(greaterThan(origin, last)) || any(lessThan(origin + BILLOW_BRICK, first))) return;
    for (int axis = 0; axis < 3; ++axis) {
        for (int layer = 0; layer < facesOfThread(axis); ++layer) {
            ivec3 local = thisLocal();
            local[axis] += layer;
            ivec3 f = origin + local;
            if (!ownsFace3(axis, f) || any(lessThan(f, first)) || any(greaterThan(f, last))) continue;
            int k = faceInBrick(axis, thisSlot(), local);
            if (axis == 0) { if (openX[k] > 0.0) u[k] = coupledVelocity(0, f, u[k]); }
            else if (axis == 1) { if (openY[k] > 0.0) v[k] = coupledVelocity(1, f, v[k]); }
            else if (openZ[k] > 0.0) w[k] = coupledVelocity(2, f, w[k]);
        }
    }
}
