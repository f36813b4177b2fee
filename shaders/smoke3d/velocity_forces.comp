#version 450
// The step's velocity forces fused into one pass over the faces
// (SmokeSettings3D::fuseVelocityForces): buoyancy (smoke3d/buoyancy_force.glsl), then vorticity
// confinement (smoke3d/confinement_force.glsl) from the force per cell that
// smoke3d/confinement_cells.comp took of the velocity before buoyancy,
// then damping and the per-component speed limit (smoke3d/damp_velocity_rule.glsl): the maths of
// smoke3d_buoyancy, smoke3d_vorticity_force and smoke3d_damp_velocity recorded in that order, with
// each open face read and written once instead of three times. In place: every rule reads only its
// own face of the velocity. A force is off when its coefficient is 0 (gravity per axis, epsilon),
// damping when factor = 1 and maxSpeed = 0.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer U { flow_t u[]; };
layout(set = 0, binding = 2) buffer V { flow_t v[]; };
layout(set = 0, binding = 3) buffer W { flow_t w[]; };
layout(set = 0, binding = 4) readonly buffer Density { flow_t density[]; };
layout(set = 0, binding = 5) readonly buffer Temperature { flow_t temperature[]; };
layout(set = 0, binding = 6) readonly buffer ConfinementCells { vec4 confinementCells[]; };
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 9) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { VelocityForcesPush3D pc; };

#include "smoke3d/buoyancy_force.glsl"
#include "smoke3d/confinement_force.glsl"
#include "smoke3d/damp_velocity_rule.glsl"

// The face normal to `axis` at f, holding `value`, after buoyancy, confinement and damping.
float forced(int axis, ivec3 f, float value, float gravity) {
    if (gravity != 0.0)
        value += pc.dt * gravity * faceLift3(axis, f, BuoyancyCoefficients(pc.densityWeight, pc.thermalExpansion, pc.ambient));
    if (pc.epsilon != 0.0) value += pc.dt * pc.epsilon * grid.h * faceConfinement(axis, f);
    return dampedComponent3(value, pc.factor, pc.maxSpeed);
}

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    bool x = ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0;
    bool y = ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0;
    bool z = ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0;
    if (!(x || y || z)) return;
    if (x) u[xFaceIndex3(id)] = FLOW_STORE(forced(0, id, FLOW_LOAD(u[xFaceIndex3(id)]), pc.gravityX));
    if (y) v[yFaceIndex3(id)] = FLOW_STORE(forced(1, id, FLOW_LOAD(v[yFaceIndex3(id)]), pc.gravityY));
    if (z) w[zFaceIndex3(id)] = FLOW_STORE(forced(2, id, FLOW_LOAD(w[zFaceIndex3(id)]), pc.gravityZ));
}
