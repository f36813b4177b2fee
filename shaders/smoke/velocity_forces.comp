#version 450
// The step's velocity forces fused into one pass over the faces (SmokeSettings::fuseVelocityForces):
// buoyancy (smoke/buoyancy_force.glsl), then vorticity confinement (smoke/confinement_force.glsl)
// from the curl that curl.comp took of the velocity before buoyancy, then damping and the speed
// limit (smoke/damp_velocity_rule.glsl): the same maths as buoyancy.comp, vorticity_force.comp and
// damp_velocity.comp recorded in that order, reading and writing each face once instead of three
// times. The speed limit reads the other component at four neighbouring faces after their forces:
// those are recomputed here from the input (reading them from the output would race), only when
// maxSpeed > 0. Reads uIn/vIn, writes uOut/vOut; closed faces are copied unchanged. A force is off
// when its coefficient is 0 (gravity per axis, epsilon), damping when factor = 1 and maxSpeed = 0.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) writeonly buffer UOut { float uOut[]; };
layout(set = 0, binding = 4) writeonly buffer VOut { float vOut[]; };
layout(set = 0, binding = 5) readonly buffer Density { float density[]; };
layout(set = 0, binding = 6) readonly buffer Temperature { float temperature[]; };
layout(set = 0, binding = 7) readonly buffer Curl { float curl[]; };
layout(set = 0, binding = 8) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 9) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { VelocityForcesPush pc; };

#include "smoke/buoyancy_force.glsl"
#include "smoke/confinement_force.glsl"
#include "smoke/damp_velocity_rule.glsl"

BuoyancyCoefficients coefficients() { return BuoyancyCoefficients(pc.densityWeight, pc.thermalExpansion, pc.ambient); }

// u at x-face (i, j) (i canonical) after buoyancy and confinement, in the single passes' order.
float forcedU(int i, int j) {
    int k = xFaceIndex(i, j);
    float value = uIn[k];
    if (openX[k] > 0.0) {
        if (pc.gravityX != 0.0) value += pc.dt * pc.gravityX * xFaceLift(i, j, coefficients());
        if (pc.epsilon != 0.0) value += pc.dt * pc.epsilon * grid.h * confinementX(i, j);
    }
    return value;
}

// v at y-face (i, j) (j canonical) after buoyancy and confinement.
float forcedV(int i, int j) {
    int k = yFaceIndex(i, j);
    float value = vIn[k];
    if (openY[k] > 0.0) {
        if (pc.gravityY != 0.0) value += pc.dt * pc.gravityY * yFaceLift(i, j, coefficients());
        if (pc.epsilon != 0.0) value += pc.dt * pc.epsilon * grid.h * confinementY(i, j);
    }
    return value;
}

// The forced velocity through the boundary taps (ghosts beyond the sides), as damp_velocity.comp
// reads its input: the tap's face, decoded from its index, gets its forces first.
float forcedUTap(int i, int j) {
    Tap t = tapU(i, j);
    int row = grid.nx + 1;
    return t.scale * forcedU(t.index % row, t.index / row) + t.offset;
}
float forcedVTap(int i, int j) {
    Tap t = tapV(i, j);
    return t.scale * forcedV(t.index % grid.nx, t.index / grid.nx) + t.offset;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (ownsXFace(id)) {
        int i = canonicalUColumn(id.x), j = id.y;
        float value = forcedU(i, j);
        if (openX[xFaceIndex(i, j)] > 0.0) {
            float other = pc.maxSpeed > 0.0 ? BILLOW_V_AT_X_FACE(forcedVTap, i, j) : 0.0;
            value = dampedComponent(value, other, pc.factor, pc.maxSpeed);
        }
        uOut[xFaceIndex(id.x, j)] = value;
    }
    if (ownsYFace(id)) {
        int i = id.x, j = canonicalVRow(id.y);
        float value = forcedV(i, j);
        if (openY[yFaceIndex(i, j)] > 0.0) {
            float other = pc.maxSpeed > 0.0 ? BILLOW_U_AT_Y_FACE(forcedUTap, i, j) : 0.0;
            value = dampedComponent(value, other, pc.factor, pc.maxSpeed);
        }
        vOut[yFaceIndex(i, id.y)] = value;
    }
}
