#version 450
// The dense buoyancy (smoke3d/buoyancy_force.glsl) on every open stored face of the allocated
// bricks: u += dt g_x lift on x-faces, and so on, the lift the mean of the face's two cells' (a
// cell in a missing brick is open air: no smoke, ambient temperature). A face two bricks share is
// computed in both from the same reads, so both copies stay equal.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) buffer U { float u[]; };
layout(set = 0, binding = 4) buffer V { float v[]; };
layout(set = 0, binding = 5) buffer W { float w[]; };
layout(set = 0, binding = 6) readonly buffer Density { float density[]; };
layout(set = 0, binding = 7) readonly buffer Temperature { float temperature[]; };
layout(set = 0, binding = 8) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 9) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 10) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { BuoyancyPush3D pc; };

#include "smoke3d/buoyancy_force.glsl"

void main() {
    BuoyancyCoefficients k = BuoyancyCoefficients(pc.densityWeight, pc.thermalExpansion, pc.ambient);
    const vec3 gravity = vec3(pc.gravityX, pc.gravityY, pc.gravityZ);
    [[dont_unroll]] for (int axis = 0; axis < 3; ++axis) {
        if (gravity[axis] == 0.0) continue;
        for (int layer = 0; layer < facesOfThread(axis); ++layer) {
            ivec3 local = thisLocal();
            local[axis] += layer;
            ivec3 f = (thisBrick() << BILLOW_BRICK_SHIFT) + local;
            if (!ownsFace3(axis, f)) continue;
            int i = faceInBrick(axis, thisSlot(), local);
            float open = axis == 0 ? openX[i] : axis == 1 ? openY[i] : openZ[i];
            if (!(open > 0.0)) continue;
            float change = pc.dt * gravity[axis] * faceLift3(axis, f, k);
            if (axis == 0) u[i] += change;
            else if (axis == 1) v[i] += change;
            else w[i] += change;
        }
    }
}
