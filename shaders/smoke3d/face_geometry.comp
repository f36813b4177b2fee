#version 450
// The static geometry of the faces (the Colliders pass without moving colliders): the open
// fraction of every face from the cells' solid fractions and the sides, and the solid velocity,
// the prescribed normal velocity of a face's closed part.
//   open: interior faces are as open as the more solid of their two cells; wall, moving-wall and
//         inflow faces are closed (their velocity is prescribed); outflow faces are as open as
//         their inner cell, periodic faces as the more solid of the cells they join.
//   solid velocity: 0 for static obstacles, walls and moving walls (whose normal part is
//         ignored); on inflow faces the inflow speed into the domain (+ on the low side of an
//         axis, - on the high side).
// The divergence takes flux = open u + (1 - open) solidVelocity through each face; the gradient
// subtraction sets closed faces to exactly their solid velocity.
#include "smoke3d/taps.glsl"
#include "smoke3d/face_geometry.glsl"

layout(set = 0, binding = 1) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 2) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 3) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 4) writeonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 5) writeonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 6) writeonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 7) writeonly buffer SolidVelocityZ { float solidVelocityZ[]; };

float fluid(ivec3 c) { return clamp(1.0 - solid[cellIndex3(c)], 0.0, 1.0); }

// Open fraction and solid velocity of the face normal to `axis` at f.
vec2 faceGeometry(int axis, ivec3 f) {
    int n = gridCells()[axis];
    ivec3 below = f, above = f;
    below[axis] = f[axis] == 0 ? n - 1 : f[axis] - 1;  // across the low side: the wrapped cell
    above[axis] = f[axis] == n ? 0 : f[axis];
    return staticFaceGeometry(axis, f, fluid(below), fluid(above));
}

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (ownsFace3(0, id)) {
        vec2 g = faceGeometry(0, id);
        openX[xFaceIndex3(id)] = g.x;
        solidVelocityX[xFaceIndex3(id)] = g.y;
    }
    if (ownsFace3(1, id)) {
        vec2 g = faceGeometry(1, id);
        openY[yFaceIndex3(id)] = g.x;
        solidVelocityY[yFaceIndex3(id)] = g.y;
    }
    if (ownsFace3(2, id)) {
        vec2 g = faceGeometry(2, id);
        openZ[zFaceIndex3(id)] = g.x;
        solidVelocityZ[zFaceIndex3(id)] = g.y;
    }
}
