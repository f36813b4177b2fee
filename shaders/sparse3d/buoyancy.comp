#version 450
// The dense buoyancy (smoke3d/buoyancy_force.glsl) on every open stored face of the allocated
// bricks: u += dt g_x lift on x-faces, and so on, the lift the mean of the face's two cells' (a
// cell in a missing brick is open air: no smoke, ambient temperature). A face two bricks share is
// computed in both from the same reads, so both copies stay equal.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/brick_faces.glsl"
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

BILLOW_BRICK_MAIN {
    BuoyancyCoefficients k = BuoyancyCoefficients(pc.densityWeight, pc.thermalExpansion, pc.ambient);
    // One statement per axis, written as the dense kernel's (a compiler that fuses the multiply
    // into the add fuses both alike).
    for (int layer = 0; layer < facesOfThread(0); ++layer) {
        int i = storedFaceOfThread(0, layer);
        if (pc.gravityX != 0.0 && i >= 0 && openX[i] > 0.0) u[i] += pc.dt * pc.gravityX * faceLift3(0, faceOfThread(0, layer), k);
    }
    for (int layer = 0; layer < facesOfThread(1); ++layer) {
        int i = storedFaceOfThread(1, layer);
        if (pc.gravityY != 0.0 && i >= 0 && openY[i] > 0.0) v[i] += pc.dt * pc.gravityY * faceLift3(1, faceOfThread(1, layer), k);
    }
    for (int layer = 0; layer < facesOfThread(2); ++layer) {
        int i = storedFaceOfThread(2, layer);
        if (pc.gravityZ != 0.0 && i >= 0 && openZ[i] > 0.0) w[i] += pc.dt * pc.gravityZ * faceLift3(2, faceOfThread(2, layer), k);
    }
}
