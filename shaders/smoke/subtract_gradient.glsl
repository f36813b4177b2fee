// Makes the velocity divergence-free: on open faces u -= dt * dp/dx (v likewise), with p = 0
// beyond outflow sides and wrapped on periodic ones. Closed faces get exactly their prescribed
// velocity: the inflow speed on inflow sides, 0 on walls, moving walls (normal part) and obstacles.
// Compiled twice, as the divergence: subtract_gradient.comp for steps without moving colliders, and
// subtract_gradient_colliders.comp (BILLOW_SOLID_VELOCITY), where a closed face inside the domain
// or on a periodic side moves with the solid that closes it (the collider's normal velocity,
// 0 for the static mask).
// With BILLOW_REFLECT (reflect_velocity.comp, reflect_velocity_colliders.comp) the same projection
// serves advection-reflection (Zehnder, Narain & Thomaszewski 2018): the projected velocity goes
// to uProjected / vProjected, and u, v become its reflection 2 u_projected - u.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer P { float p[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { SubtractPush pc; };
#ifdef BILLOW_REFLECT
layout(set = 0, binding = 6) writeonly buffer UProjected { float uProjected[]; };
layout(set = 0, binding = 7) writeonly buffer VProjected { float vProjected[]; };
#define BILLOW_SOLID_VELOCITY_X_BINDING 8
#define BILLOW_SOLID_VELOCITY_Y_BINDING 9
#else
#define BILLOW_SOLID_VELOCITY_X_BINDING 6
#define BILLOW_SOLID_VELOCITY_Y_BINDING 7
#endif
#ifdef BILLOW_SOLID_VELOCITY
layout(set = 0, binding = BILLOW_SOLID_VELOCITY_X_BINDING) readonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = BILLOW_SOLID_VELOCITY_Y_BINDING) readonly buffer SolidVelocityY { float solidVelocityY[]; };
#endif

// Writes the projected value of x-face k (y-face k): in place, or (BILLOW_REFLECT) to the
// projected buffer with its reflection in place.
void storeU(int k, float projected) {
#ifdef BILLOW_REFLECT
    uProjected[k] = projected;
    u[k] = 2.0 * projected - u[k];
#else
    u[k] = projected;
#endif
}
void storeV(int k, float projected) {
#ifdef BILLOW_REFLECT
    vProjected[k] = projected;
    v[k] = 2.0 * projected - v[k];
#else
    v[k] = projected;
#endif
}

float pressureAt(int i, int j) {
    bool outsideX = i < 0 || i >= grid.nx, outsideY = j < 0 || j >= grid.ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return 0.0;
    return p[cellIndex(wrapIndex(i, grid.nx), wrapIndex(j, grid.ny))];
}

float prescribed(int side, bool onSide, float inwardSign) {
    if (onSide && grid.sideType[side] == BILLOW_INFLOW) return inwardSign * grid.inflowSpeed[side];
    return 0.0;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float scale = pc.dt * grid.invH;
    if (ownsXFace(id)) {
        int i = canonicalUColumn(id.x), j = id.y;
        int k = xFaceIndex(id.x, j);
        float projected;
        if (openX[k] > 0.0) projected = u[k] - scale * (pressureAt(i, j) - pressureAt(i - 1, j));
#ifdef BILLOW_SOLID_VELOCITY
        else if ((i > 0 && i < grid.nx) || periodicX()) projected = solidVelocityX[k];
#endif
        else projected = i == 0 ? prescribed(BILLOW_LEFT, true, 1.0) : prescribed(BILLOW_RIGHT, i == grid.nx, -1.0);
        storeU(k, projected);
    }
    if (ownsYFace(id)) {
        int i = id.x, j = canonicalVRow(id.y);
        int k = yFaceIndex(i, id.y);
        float projected;
        if (openY[k] > 0.0) projected = v[k] - scale * (pressureAt(i, j) - pressureAt(i, j - 1));
#ifdef BILLOW_SOLID_VELOCITY
        else if ((j > 0 && j < grid.ny) || periodicY()) projected = solidVelocityY[k];
#endif
        else projected = j == 0 ? prescribed(BILLOW_BOTTOM, true, 1.0) : prescribed(BILLOW_TOP, j == grid.ny, -1.0);
        storeV(k, projected);
    }
}
