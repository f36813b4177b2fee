#version 450
// The emitters' contribution over one step (billow::Emitter3D), with w their falloff weight at a
// point (linear max(0, 1 - d / size), Gaussian exp(-d^2 / size^2) cut off beyond
// BILLOW_EMITTER_GAUSSIAN_REACH sizes; d the distance from a sphere's centre, or from a box's
// surface, 0 inside it):
//   target 0, open faces:  u += w (1 - exp(-velocityCoupling dt)) (target velocity - u), the
//                          emitters applied one after the other in their order;
//   target 1, cells:       density, temperature, fuel, colour += w rate dt, summed over emitters.
// The dispatch covers only the emitters' bounding box, which starts at the push's offset.
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer Emitters { GpuEmitter3D emitters[]; };
layout(set = 0, binding = 2) buffer U { float u[]; };
layout(set = 0, binding = 3) buffer V { float v[]; };
layout(set = 0, binding = 4) buffer W { float w[]; };
layout(set = 0, binding = 5) buffer Density { float density[]; };
layout(set = 0, binding = 6) buffer Temperature { float temperature[]; };
layout(set = 0, binding = 7) buffer Fuel { float fuel[]; };
layout(set = 0, binding = 8) buffer Colour { vec4 colour[]; };
layout(set = 0, binding = 9) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 10) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 11) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { EmitPush3D pc; };

float emitterWeight(GpuEmitter3D e, vec3 p) {
    vec3 offset = p - vec3(e.centreX, e.centreY, e.centreZ);
    float d = e.shape == BILLOW_EMITTER_BOX ? length(max(abs(offset) - vec3(e.halfX, e.halfY, e.halfZ), vec3(0.0)))
                                            : length(offset);
    if (e.falloff == BILLOW_EMITTER_FALLOFF_LINEAR) return max(0.0, 1.0 - d / e.size);
    return d > BILLOW_EMITTER_GAUSSIAN_REACH * e.size ? 0.0 : exp(-(d * d) / (e.size * e.size));
}

// The face normal to `axis` at f, relaxed toward every emitter's target velocity in turn.
float coupledVelocity(int axis, ivec3 f, float value) {
    vec3 p = facePosition3(axis, canonicalFace3(axis, f));
    for (int k = 0; k < pc.count; ++k) {
        GpuEmitter3D e = emitters[k];
        if (e.velocityCoupling <= 0.0) continue;
        float target = axis == 0 ? e.velocityX : axis == 1 ? e.velocityY : e.velocityZ;
        float pull = emitterWeight(e, p) * (1.0 - exp(-e.velocityCoupling * pc.dt));
        value += pull * (target - value);
    }
    return value;
}

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID) + ivec3(pc.offsetX, pc.offsetY, pc.offsetZ);
    if (pc.target == 0) {
        if (ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0) u[xFaceIndex3(id)] = coupledVelocity(0, id, u[xFaceIndex3(id)]);
        if (ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0) v[yFaceIndex3(id)] = coupledVelocity(1, id, v[yFaceIndex3(id)]);
        if (ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0) w[zFaceIndex3(id)] = coupledVelocity(2, id, w[zFaceIndex3(id)]);
        return;
    }
    if (!insideCells3(id)) return;
    vec3 p = cellCentre3(id);
    float addDensity = 0.0, addTemperature = 0.0, addFuel = 0.0;
    vec4 addColour = vec4(0.0);
    for (int k = 0; k < pc.count; ++k) {
        GpuEmitter3D e = emitters[k];
        float weight = emitterWeight(e, p) * pc.dt;
        addDensity += weight * e.density;
        addTemperature += weight * e.temperature;
        addFuel += weight * e.fuel;
        addColour += weight * e.colour;
    }
    int c = cellIndex3(id);
    density[c] += addDensity;
    temperature[c] += addTemperature;
    fuel[c] += addFuel;
    if (grid.colourChannels == 4) colour[c] += addColour;
}
