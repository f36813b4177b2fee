#version 450
// The dense velocity damping and speed limit (smoke3d/damp_velocity_rule.glsl) on every open
// stored face of the allocated bricks, in place (each face reads only itself, so both copies of a
// shared face stay equal). Open air is still: nothing to damp there.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/brick_faces.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) buffer U { float u[]; };
layout(set = 0, binding = 4) buffer V { float v[]; };
layout(set = 0, binding = 5) buffer W { float w[]; };
layout(set = 0, binding = 6) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 7) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 8) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { DampVelocityPush3D pc; };

#include "smoke3d/damp_velocity_rule.glsl"

float damped(float value) { return dampedComponent3(value, pc.factor, pc.maxSpeed); }

BILLOW_BRICK_MAIN {
    for (int layer = 0; layer < facesOfThread(0); ++layer) {
        int i = storedFaceOfThread(0, layer);
        if (i >= 0 && openX[i] > 0.0) u[i] = damped(u[i]);
    }
    for (int layer = 0; layer < facesOfThread(1); ++layer) {
        int i = storedFaceOfThread(1, layer);
        if (i >= 0 && openY[i] > 0.0) v[i] = damped(v[i]);
    }
    for (int layer = 0; layer < facesOfThread(2); ++layer) {
        int i = storedFaceOfThread(2, layer);
        if (i >= 0 && openZ[i] > 0.0) w[i] = damped(w[i]);
    }
}
