#version 450
// The emitters' contribution over one step (billow::Emitter2D), with w their falloff weight at a
// point (linear max(0, 1 - d / size), Gaussian exp(-d^2 / size^2) cut off beyond
// BILLOW_GAUSSIAN_REACH sizes; d the distance from a disc's centre, or from a box's edge, 0 inside
// it), as the 3D emitters (smoke3d/emit.comp):
//   target 0, open faces:  u += w (1 - exp(-velocityCoupling dt)) (target velocity - u), the
//                          emitters applied one after the other in their order;
//   target 1, cells:       density, temperature += w rate dt, summed over emitters;
//   target 2, dye cells:   dye += w rate dt, at the dye grid's cell centres.
// The dispatch covers only the emitters' bounding box, which starts at the push's offset.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer Emitters { GpuEmitter2D emitters[]; };
layout(set = 0, binding = 2) buffer U { float u[]; };
layout(set = 0, binding = 3) buffer V { float v[]; };
layout(set = 0, binding = 4) buffer Density { float density[]; };
layout(set = 0, binding = 5) buffer Temperature { float temperature[]; };
#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(6, restrict, dye)
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { EmitPush pc; };

float emitterWeight(GpuEmitter2D e, vec2 p) {
    vec2 offset = p - vec2(e.centreX, e.centreY);
    float d = e.shape == BILLOW_EMITTER2D_BOX ? length(max(abs(offset) - vec2(e.halfX, e.halfY), vec2(0.0))) : length(offset);
    if (e.falloff == BILLOW_FALLOFF_LINEAR) return max(0.0, 1.0 - d / e.size);
    return d > BILLOW_GAUSSIAN_REACH * e.size ? 0.0 : exp(-(d * d) / (e.size * e.size));
}

// A face's velocity component (axis 0: x, 1: y) at p, relaxed toward every emitter's target in turn.
float coupledVelocity(int axis, vec2 p, float value) {
    for (int k = 0; k < pc.count; ++k) {
        GpuEmitter2D e = emitters[k];
        if (e.velocityCoupling <= 0.0) continue;
        float target = axis == 0 ? e.velocityX : e.velocityY;
        float pull = emitterWeight(e, p) * (1.0 - exp(-e.velocityCoupling * pc.dt));
        value += pull * (target - value);
    }
    return value;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy) + ivec2(pc.offsetX, pc.offsetY);
    float h = grid.h;
    if (pc.target == 0) {
        if (ownsXFace(id) && openX[xFaceIndex(id.x, id.y)] > 0.0) {
            vec2 p = vec2(float(canonicalUColumn(id.x)) * h, (float(id.y) + 0.5) * h);
            u[xFaceIndex(id.x, id.y)] = coupledVelocity(0, p, u[xFaceIndex(id.x, id.y)]);
        }
        if (ownsYFace(id) && openY[yFaceIndex(id.x, id.y)] > 0.0) {
            vec2 p = vec2((float(id.x) + 0.5) * h, float(canonicalVRow(id.y)) * h);
            v[yFaceIndex(id.x, id.y)] = coupledVelocity(1, p, v[yFaceIndex(id.x, id.y)]);
        }
    } else if (pc.target == 1) {
        if (id.x >= grid.nx || id.y >= grid.ny) return;
        vec2 p = (vec2(id) + 0.5) * h;
        float addDensity = 0.0, addTemperature = 0.0;
        for (int k = 0; k < pc.count; ++k) {
            float w = emitterWeight(emitters[k], p) * pc.dt;
            addDensity += w * emitters[k].density;
            addTemperature += w * emitters[k].temperature;
        }
        int c = cellIndex(id.x, id.y);
        density[c] += addDensity;
        temperature[c] += addTemperature;
    } else {
        if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
        vec2 p = (vec2(id) + 0.5) * vec2(grid.dyeHx, grid.dyeHy);
        vec4 add = vec4(0.0);
        for (int k = 0; k < pc.count; ++k) add += emitterWeight(emitters[k], p) * pc.dt * emitters[k].dye;
        int k = id.x + id.y * grid.dyeNx;
        BILLOW_STORE_DYE(dye, k, BILLOW_LOAD_DYE(dye, k) + add);
    }
}
