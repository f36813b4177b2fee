#version 450
// The emitters' contribution over one step (billow::Emitter3D; the maths: smoke3d/emit_rule.glsl,
// shared with the sparse grid): open faces pulled toward the emitters' target velocities
// (target 0), density, temperature, fuel and colour added at cell centres (target 1).
// The dispatch covers only the emitters' bounding box, which starts at the push's offset.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer Emitters { GpuEmitter3D emitters[]; };
layout(set = 0, binding = 2) buffer U { flow_t u[]; };
layout(set = 0, binding = 3) buffer V { flow_t v[]; };
layout(set = 0, binding = 4) buffer W { flow_t w[]; };
layout(set = 0, binding = 5) buffer Density { flow_t density[]; };
layout(set = 0, binding = 6) buffer Temperature { flow_t temperature[]; };
layout(set = 0, binding = 7) buffer Fuel { flow_t fuel[]; };
layout(set = 0, binding = 8) buffer Colour { vec4 colour[]; };
layout(set = 0, binding = 9) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 10) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 11) readonly buffer OpenZ { float openZ[]; };
layout(push_constant) uniform Push { EmitPush3D pc; };

#include "smoke3d/emit_rule.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID) + ivec3(pc.offsetX, pc.offsetY, pc.offsetZ);
    if (pc.target == 0) {
        if (ownsFace3(0, id) && openX[xFaceIndex3(id)] > 0.0) u[xFaceIndex3(id)] = FLOW_STORE(coupledVelocity(0, id, FLOW_LOAD(u[xFaceIndex3(id)])));
        if (ownsFace3(1, id) && openY[yFaceIndex3(id)] > 0.0) v[yFaceIndex3(id)] = FLOW_STORE(coupledVelocity(1, id, FLOW_LOAD(v[yFaceIndex3(id)])));
        if (ownsFace3(2, id) && openZ[zFaceIndex3(id)] > 0.0) w[zFaceIndex3(id)] = FLOW_STORE(coupledVelocity(2, id, FLOW_LOAD(w[zFaceIndex3(id)])));
        return;
    }
    if (!insideCells3(id)) return;
    Emitted3 added = emittedInCell(id);
    int c = cellIndex3(id);
    density[c] = FLOW_STORE(FLOW_LOAD(density[c]) + added.scalars.x);
    temperature[c] = TEMPERATURE_STORE(TEMPERATURE_LOAD(temperature[c]) + added.scalars.y);
    fuel[c] = FLOW_STORE(FLOW_LOAD(fuel[c]) + added.scalars.z);
    if (grid.colourChannels == 4) colour[c] += added.colour;
}
