// Velocity divergence per cell, 1/s: the net outward flux through the faces weighted by their
// open fraction, divided by h. An inflow face is closed to the solve but carries its prescribed
// flux over the fluid part of its cell. Compiled twice: divergence.comp for steps without moving
// colliders, and divergence_colliders.comp (BILLOW_SOLID_VELOCITY) where the part of a face that a
// collider closes carries the collider's normal velocity: flux = open u + (1 - open) u_solid. The
// first is today's kernel token for token, so a step without colliders is bitwise unchanged.
#include "common/grid.glsl"

layout(set = 0, binding = 1) readonly buffer U { float u[]; };
layout(set = 0, binding = 2) readonly buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 4) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 5) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 6) writeonly buffer Divergence { float divergence[]; };
#ifdef BILLOW_SOLID_VELOCITY
layout(set = 0, binding = 7) readonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 8) readonly buffer SolidVelocityY { float solidVelocityY[]; };
// "+ the flux through the closed part of face k": 0 where no collider closes it (the rasteriser
// writes 0 there, and on the faces of non-periodic sides, which keep their own rules).
#define BILLOW_SOLID_FLUX(open, solidVelocity, k) + (1.0 - (open)) * solidVelocity[k]
#else
#define BILLOW_SOLID_FLUX(open, solidVelocity, k)
#endif

// Flux area of a boundary face on `side` whose inner cell has fluid fraction `fluid`.
float area(float open, bool onSide, int side, float fluid) {
    if (onSide && grid.sideType[side] == BILLOW_INFLOW) return fluid;
    return open;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.nx || id.y >= grid.ny) return;
    int i = id.x, j = id.y;
    float fluid = clamp(1.0 - solid[cellIndex(i, j)], 0.0, 1.0);
    int l = xFaceIndex(i, j), r = xFaceIndex(i + 1, j), b = yFaceIndex(i, j), t = yFaceIndex(i, j + 1);
    float flux = area(openX[r], i == grid.nx - 1, BILLOW_RIGHT, fluid) * u[r] BILLOW_SOLID_FLUX(openX[r], solidVelocityX, r)
               - (area(openX[l], i == 0, BILLOW_LEFT, fluid) * u[l] BILLOW_SOLID_FLUX(openX[l], solidVelocityX, l))
               + area(openY[t], j == grid.ny - 1, BILLOW_TOP, fluid) * v[t] BILLOW_SOLID_FLUX(openY[t], solidVelocityY, t)
               - (area(openY[b], j == 0, BILLOW_BOTTOM, fluid) * v[b] BILLOW_SOLID_FLUX(openY[b], solidVelocityY, b));
    divergence[cellIndex(i, j)] = flux * grid.invH;
}
