#version 450
// One Jacobi sweep of implicit diffusion of the cell-centred fields (density, temperature, fuel,
// and the colour when pc.colour is 1): x = (b + a (sum of the six neighbours)) / (1 + 6 a),
// a = D dt / h^2, b the field before diffusion; neighbours beyond a side through the cell taps
// (clamped: no flux through walls; wrapped; the inflow's values). Obstacles do not stop diffusion.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer DensityB { flow_t densityB[]; };  // right-hand sides
layout(set = 0, binding = 2) readonly buffer TemperatureB { flow_t temperatureB[]; };
layout(set = 0, binding = 3) readonly buffer FuelB { flow_t fuelB[]; };
layout(set = 0, binding = 4) readonly buffer DensityIn { flow_t densityIn[]; };  // current iterates
layout(set = 0, binding = 5) readonly buffer TemperatureIn { flow_t temperatureIn[]; };
layout(set = 0, binding = 6) readonly buffer FuelIn { flow_t fuelIn[]; };
layout(set = 0, binding = 7) writeonly buffer DensityOut { flow_t densityOut[]; };
layout(set = 0, binding = 8) writeonly buffer TemperatureOut { flow_t temperatureOut[]; };
layout(set = 0, binding = 9) writeonly buffer FuelOut { flow_t fuelOut[]; };
layout(set = 0, binding = 10) readonly buffer ColourB { vec4 colourB[]; };
layout(set = 0, binding = 11) readonly buffer ColourIn { vec4 colourIn[]; };
layout(set = 0, binding = 12) writeonly buffer ColourOut { vec4 colourOut[]; };
layout(push_constant) uniform Push { DiffusePush3D pc; };

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    vec3 sum = vec3(0.0);
    vec4 colourSum = vec4(0.0);
    bool colour = pc.colour != 0 && grid.colourChannels == 4;
    for (int n = 0; n < 6; ++n) {
        ivec3 c = id;
        c[n / 2] += (n % 2 == 0) ? -1 : 1;
        CellTap3 t = tapCell3(c);
        if (t.inflowSide >= 0) {
            sum += vec3(inflowScalar3(t.inflowSide, 0), inflowScalar3(t.inflowSide, 1), inflowScalar3(t.inflowSide, 2));
            colourSum += grid.inflowColour[t.inflowSide];
        } else {
            sum += vec3(FLOW_LOAD(densityIn[t.index]), TEMPERATURE_LOAD(temperatureIn[t.index]), FLOW_LOAD(fuelIn[t.index]));
            if (colour) colourSum += colourIn[t.index];
        }
    }
    float denominator = 1.0 + 6.0 * pc.a;
    int k = cellIndex3(id);
    densityOut[k] = FLOW_STORE((FLOW_LOAD(densityB[k]) + pc.a * sum.x) / denominator);
    temperatureOut[k] = TEMPERATURE_STORE((TEMPERATURE_LOAD(temperatureB[k]) + pc.a * sum.y) / denominator);
    fuelOut[k] = FLOW_STORE((FLOW_LOAD(fuelB[k]) + pc.a * sum.z) / denominator);
    if (colour) colourOut[k] = (colourB[k] + pc.a * colourSum) / denominator;
}
