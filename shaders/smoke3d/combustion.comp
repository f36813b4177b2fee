#version 450
// Combustion (CombustionSettings; in the spirit of Nguyen, Fedkiw & Jensen 2002), per cell, in
// place: where the temperature is at least the ignition temperature,
//   burnt = fuel (1 - exp(-burnRate dt))
//   fuel -= burnt;  density += smokeYield burnt;  temperature += heatRelease burnt
//   expansion source = expansion burnt / dt   (1/s; 0 where nothing burns)
// The Divergence pass subtracts the source from the velocity divergence, so the projection leaves
// div u = source: the burning gas pushes outward. Fully solid cells do not burn.
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer Density { float density[]; };
layout(set = 0, binding = 2) buffer Temperature { float temperature[]; };
layout(set = 0, binding = 3) buffer Fuel { float fuel[]; };
layout(set = 0, binding = 4) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 5) writeonly buffer ExpansionSource { float expansionSource[]; };
layout(push_constant) uniform Push { CombustionPush3D pc; };

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    int c = cellIndex3(id);
    float burnt = 0.0;
    if (solid[c] < 1.0 && temperature[c] >= pc.ignition) {
        burnt = fuel[c] * (1.0 - exp(-pc.burnRate * pc.dt));
        fuel[c] -= burnt;
        density[c] += pc.smokeYield * burnt;
        temperature[c] += pc.heatRelease * burnt;
    }
    expansionSource[c] = pc.expansion * burnt / pc.dt;
}
