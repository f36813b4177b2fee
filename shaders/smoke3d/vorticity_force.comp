#version 450
// Vorticity confinement (Fedkiw, Stam & Jensen 2001) on each open face
// (smoke3d/confinement_force.glsl, the force per cell stored by smoke3d/confinement_cells.comp):
// u += dt f_x, and so on.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { flow_t u[]; };
layout(set = 0, binding = 2) buffer V { flow_t v[]; };
layout(set = 0, binding = 3) buffer W { flow_t w[]; };
layout(set = 0, binding = 4) readonly buffer ConfinementCells { vec4 confinementCells[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 7) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { VorticityPush3D pc; };

#include "smoke3d/confinement_force.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    bool x = ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0;
    bool y = ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0;
    bool z = ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0;
    if (!(x || y || z)) return;
    float strength = pc.dt * pc.epsilon * grid.h;
    if (x) u[xFaceIndex3(id)] = FLOW_STORE(FLOW_LOAD(u[xFaceIndex3(id)]) + strength * faceConfinement(0, id));
    if (y) v[yFaceIndex3(id)] = FLOW_STORE(FLOW_LOAD(v[yFaceIndex3(id)]) + strength * faceConfinement(1, id));
    if (z) w[zFaceIndex3(id)] = FLOW_STORE(FLOW_LOAD(w[zFaceIndex3(id)]) + strength * faceConfinement(2, id));
}
