#version 450
// Vorticity confinement (Fedkiw, Stam & Jensen 2001) on every open stored face of the allocated
// bricks, in place (smoke3d/confinement_force.glsl: u += dt epsilon h f_x, the mean of the face's
// two cells' force per unit epsilon h, sparse3d/confinement_cells.comp). A cell of a missing brick
// is open air without vorticity: no force. Each face reads only itself and the cells' forces, so
// both copies of a shared face get the same bits.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/brick_faces.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 3) buffer U { float u[]; };
layout(set = 0, binding = 4) buffer V { float v[]; };
layout(set = 0, binding = 5) buffer W { float w[]; };
layout(set = 0, binding = 6) readonly buffer ConfinementCells { vec4 confinementCells[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 9) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { VorticityPush3D pc; };

vec4 cellForce(ivec3 c) {
    int stored = storedCell(c);
    return stored >= 0 ? confinementCells[stored] : vec4(0.0);
}
#define BILLOW_CONFINEMENT_AT3(c) cellForce(c)
#include "smoke3d/confinement_force.glsl"

BILLOW_BRICK_MAIN {
    float strength = pc.dt * pc.epsilon * grid.h;
    // One statement per axis, written as the dense kernel's (a compiler that fuses the multiply
    // into the add fuses both alike).
    for (int layer = 0; layer < facesOfThread(0); ++layer) {
        int i = storedFaceOfThread(0, layer);
        if (i >= 0 && openX[i] > 0.0) u[i] += strength * faceConfinement(0, faceOfThread(0, layer));
    }
    for (int layer = 0; layer < facesOfThread(1); ++layer) {
        int i = storedFaceOfThread(1, layer);
        if (i >= 0 && openY[i] > 0.0) v[i] += strength * faceConfinement(1, faceOfThread(1, layer));
    }
    for (int layer = 0; layer < facesOfThread(2); ++layer) {
        int i = storedFaceOfThread(2, layer);
        if (i >= 0 && openZ[i] > 0.0) w[i] += strength * faceConfinement(2, faceOfThread(2, layer));
    }
}
