#version 450
// Vorticity confinement (Fedkiw, Stam & Jensen 2001) on every open stored face of the allocated
// bricks (smoke3d/confinement_force.glsl: u += dt epsilon h f_x, the mean of the face's two cells'
// force). The force of a cell in a missing brick next to the face is taken from the faces
// (sparse3d/vorticity.glsl), so that reading the velocity while writing it would race: the kernel
// writes the other copy of the velocity (every stored face: unchanged where no force applies),
// which then becomes the current one.
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
layout(set = 0, binding = 9) readonly buffer ConfinementCells { vec4 confinementCells[]; };
layout(set = 0, binding = 10) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 11) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 12) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { VorticityPush3D pc; };

#define BILLOW_STORED_MAGNITUDE(stored) confinementCells[stored].w
#include "sparse3d/vorticity.glsl"

// The force of the face's cell in a missing brick, if it has one (at most one of its two cells:
// the face is stored in an allocated brick, which holds the other), taken once per face.
vec3 missingCellForce_;

vec3 cellForce(ivec3 c) {
    int stored = storedCell(c);
    return stored >= 0 ? confinementCells[stored].xyz : missingCellForce_;
}
#define BILLOW_CONFINEMENT_AT3(c) cellForce(c)
#include "smoke3d/confinement_force.glsl"

void main() {
    float strength = pc.dt * pc.epsilon * grid.h;
    [[dont_unroll]] for (int axis = 0; axis < 3; ++axis) {
        for (int layer = 0; layer < facesOfThread(axis); ++layer) {
            ivec3 local = thisLocal();
            local[axis] += layer;
            ivec3 f = (thisBrick() << BILLOW_BRICK_SHIFT) + local;
            int i = faceInBrick(axis, thisSlot(), local);
            float value = axis == 0 ? uIn[i] : axis == 1 ? vIn[i] : wIn[i];
            float open = axis == 0 ? openX[i] : axis == 1 ? openY[i] : openZ[i];
            if (ownsFace3(axis, f) && open > 0.0) {
                ivec3 below = f;
                below[axis] -= 1;
                below = resolveCell3(below);
                ivec3 above = resolveCell3(f);
                ivec3 missing = storedCell(below) < 0 ? below : above;
                if (storedCell(missing) < 0) {
                    gatherNeighbourMagnitudes(missing);
                    missingCellForce_ = cellConfinement3(missing, cellVorticity(missing));
                }
                value += strength * faceConfinement(axis, f);
            }
            if (axis == 0) uOut[i] = value;
            else if (axis == 1) vOut[i] = value;
            else wOut[i] = value;
        }
    }
}
