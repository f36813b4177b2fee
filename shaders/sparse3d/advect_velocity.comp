#version 450
// Semi-Lagrangian advection of the velocity on every allocated brick: the dense face rule
// (smoke3d/advect_velocity_rule.glsl), each stored face traced back by the pre-advection velocity
// and sampled at its departure point, closed faces kept. A thread writes its cell's lower face of
// every axis, and on the brick's last layer also the upper one; a face two allocated bricks share
// is computed in both from the canonical copy's reads (same position, same reads, same bits), so
// the copies stay equal. Samples in missing bricks are still air.
// Only the plain semi-Lagrangian scheme: the carried field is the advecting velocity itself.
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 4) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 5) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 6) writeonly buffer UOut { float uOut[]; };
layout(set = 0, binding = 7) writeonly buffer VOut { float vOut[]; };
layout(set = 0, binding = 8) writeonly buffer WOut { float wOut[]; };
layout(set = 0, binding = 9) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 10) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 11) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { AdvectPush3D pc; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/field_interpolation.glsl"

float fieldAt(int axis, int k) { return velocityAt3(axis, k); }
float openAt(int axis, int k) { return axis == 0 ? openX[k] : axis == 1 ? openY[k] : openZ[k]; }
#include "smoke3d/advect_velocity_rule.glsl"

BILLOW_BRICK_MAIN {
    [[dont_unroll]] for (int axis = 0; axis < 3; ++axis) {
        for (int layer = 0; layer < facesOfThread(axis); ++layer) {
            ivec3 local = thisLocal();
            local[axis] += layer;
            ivec3 f = (thisBrick() << BILLOW_BRICK_SHIFT) + local;
            if (!ownsFace3(axis, f)) continue;  // beyond the domain, in a partly outside brick
            float value = advectedFace(axis, canonicalFace3(axis, f), storedFace(axis, f));
            int out_ = faceInBrick(axis, thisSlot(), local);
            if (axis == 0) uOut[out_] = value;
            else if (axis == 1) vOut[out_] = value;
            else wOut[out_] = value;
        }
    }
}
