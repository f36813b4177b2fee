#version 450
// The dense divergence (smoke3d/divergence_rule.glsl) on every allocated cell. A cell's six faces
// all lie in its own brick's storage (a face shared with a missing brick is still stored, layer 0
// or 8), so the flux through the active region's border is the stored face's: the kernel reads
// no other brick and binds no brick map.
#define BILLOW_BRICK_KERNEL
#define BILLOW_BRICK_LOCAL
layout(std430, set = 0, binding = 1) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 2) readonly buffer U { float u[]; };
layout(set = 0, binding = 3) readonly buffer V { float v[]; };
layout(set = 0, binding = 4) readonly buffer W { float w[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 7) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 8) readonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 9) readonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 10) readonly buffer SolidVelocityZ { float solidVelocityZ[]; };
layout(set = 0, binding = 11) readonly buffer ExpansionSource { float expansionSource[]; };
layout(set = 0, binding = 12) writeonly buffer Divergence { float divergence[]; };
layout(push_constant) uniform Push { DivergencePush3D pc; };

#include "smoke3d/divergence_rule.glsl"

// The flux through this brick's face `local` normal to each axis.
float fluxX(ivec3 local) { int k = faceInBrick(0, thisSlot(), local); return faceFlux3(openX[k], u[k], solidVelocityX[k]); }
float fluxY(ivec3 local) { int k = faceInBrick(1, thisSlot(), local); return faceFlux3(openY[k], v[k], solidVelocityY[k]); }
float fluxZ(ivec3 local) { int k = faceInBrick(2, thisSlot(), local); return faceFlux3(openZ[k], w[k], solidVelocityZ[k]); }

BILLOW_BRICK_MAIN {
    if (!insideCells3(thisCell())) return;
    const ivec3 l = thisLocal();
    const int c = cellInBrick(thisSlot(), l);
    float source = pc.addSource != 0 ? expansionSource[c] : 0.0;
    divergence[c] = cellDivergence3(fluxX(l), fluxX(l + ivec3(1, 0, 0)), fluxY(l), fluxY(l + ivec3(0, 1, 0)), fluxZ(l),
                                    fluxZ(l + ivec3(0, 0, 1)), source);
}
