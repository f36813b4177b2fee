#version 450
// dt-independent decay of the cell-centred fields, in place: density, fuel and colour multiplied
// by exp(-rate dt) (their factors), temperature relaxed toward ambient:
// T = ambient + (T - ambient) exp(-temperatureRelaxation dt).
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) buffer Density { float density[]; };
layout(set = 0, binding = 2) buffer Temperature { float temperature[]; };
layout(set = 0, binding = 3) buffer Fuel { float fuel[]; };
layout(set = 0, binding = 4) buffer Colour { vec4 colour[]; };
layout(push_constant) uniform Push { DampCellsPush3D pc; };

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    int c = cellIndex3(id);
    density[c] *= pc.densityFactor;
    // Without relaxation the temperature stays bitwise unchanged (the round trip through
    // T - ambient would round it).
    if (pc.temperatureFactor != 1.0) temperature[c] = pc.ambient + (temperature[c] - pc.ambient) * pc.temperatureFactor;
    fuel[c] *= pc.fuelFactor;
    if (pc.colour != 0 && grid.colourChannels == 4) colour[c] *= pc.colourFactor;
}
