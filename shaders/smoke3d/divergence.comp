#version 450
// The divergence the projection removes, per cell, 1/s (smoke3d/divergence_rule.glsl):
//   div = (net outward flux through the six faces) / h  -  expansion source,
// with the flux through a face open u + (1 - open) solidVelocity (0 for static obstacles and
// walls, the inflow speed on inflow faces), and the combustion's expansion source subtracted when
// pc.addSource is 1, so the projection leaves div u = source.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer U { flow_t u[]; };
layout(set = 0, binding = 2) readonly buffer V { flow_t v[]; };
layout(set = 0, binding = 3) readonly buffer W { flow_t w[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 7) readonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 8) readonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 9) readonly buffer SolidVelocityZ { float solidVelocityZ[]; };
layout(set = 0, binding = 10) readonly buffer ExpansionSource { float expansionSource[]; };
layout(set = 0, binding = 11) writeonly buffer Divergence { float divergence[]; };
layout(push_constant) uniform Push { DivergencePush3D pc; };

#include "smoke3d/divergence_rule.glsl"

float fluxX(ivec3 f) { int k = xFaceIndex3(f); return faceFlux3(openX[k], FLOW_LOAD(u[k]), solidVelocityX[k]); }
float fluxY(ivec3 f) { int k = yFaceIndex3(f); return faceFlux3(openY[k], FLOW_LOAD(v[k]), solidVelocityY[k]); }
float fluxZ(ivec3 f) { int k = zFaceIndex3(f); return faceFlux3(openZ[k], FLOW_LOAD(w[k]), solidVelocityZ[k]); }

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    int c = cellIndex3(id);
    float source = pc.addSource != 0 ? expansionSource[c] : 0.0;
    divergence[c] = cellDivergence3(fluxX(id), fluxX(id + ivec3(1, 0, 0)), fluxY(id), fluxY(id + ivec3(0, 1, 0)), fluxZ(id),
                                    fluxZ(id + ivec3(0, 0, 1)), source);
}
