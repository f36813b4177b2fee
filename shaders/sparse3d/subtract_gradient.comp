#version 450
// The dense gradient subtraction (smoke3d/gradient.glsl, gradientStepOf) on every face an
// allocated brick stores: on open faces u -= dt (p_c - p_{c-1}) / h with p = 0 in open air
// (missing bricks) and beyond the domain's sides (outflow: the Dirichlet value; closed sides' faces
// are closed), closed faces get their solid velocity. A face shared by two allocated bricks is
// written in both copies from the same reads, so both hold the same bits.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) buffer U { float u[]; };
layout(set = 0, binding = 4) buffer V { float v[]; };
layout(set = 0, binding = 5) buffer W { float w[]; };
layout(set = 0, binding = 6) readonly buffer P { float p[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 9) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 10) readonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 11) readonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 12) readonly buffer SolidVelocityZ { float solidVelocityZ[]; };
layout(push_constant) uniform Push { SubtractPush3D pc; };

#include "smoke3d/gradient.glsl"

// The pressure of cell c of the virtual domain: 0 beyond the sides and in open air.
float sparsePressureAt(ivec3 c) {
    if (!insideCells3(c)) return 0.0;
    const int stored = storedCell(c);
    return stored < 0 ? 0.0 : p[stored];
}

// This brick's face `local` normal to `axis` (face f of the domain's face grid), when the domain has it.
void subtract(int axis, ivec3 local, ivec3 f) {
    if (!ownsFace3(axis, f)) return;
    const int k = faceInBrick(axis, thisSlot(), local);
    ivec3 below = f;
    below[axis] -= 1;
    if (axis == 0) u[k] = openX[k] > 0.0 ? gradientStepOf(u[k], pc.dt, sparsePressureAt(f), sparsePressureAt(below)) : solidVelocityX[k];
    if (axis == 1) v[k] = openY[k] > 0.0 ? gradientStepOf(v[k], pc.dt, sparsePressureAt(f), sparsePressureAt(below)) : solidVelocityY[k];
    if (axis == 2) w[k] = openZ[k] > 0.0 ? gradientStepOf(w[k], pc.dt, sparsePressureAt(f), sparsePressureAt(below)) : solidVelocityZ[k];
}

BILLOW_BRICK_MAIN {
    for (int axis = 0; axis < 3; ++axis)
        for (int layer = 0; layer < facesOfThread(axis); ++layer) {
            ivec3 step = ivec3(0);
            step[axis] = layer;
            subtract(axis, thisLocal() + step, thisCell() + step);
        }
}
