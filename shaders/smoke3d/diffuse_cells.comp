#version 450
// One Jacobi sweep of implicit diffusion of the cell-centred fields (density, temperature, fuel,
// and the colour when pc.colour is 1): x = (b + a (sum of the six neighbours)) / (1 + 6 a),
// a = D dt / h^2, b the field before diffusion; neighbours beyond a side through the cell taps
// (clamped: no flux through walls; wrapped; the inflow's values). Obstacles do not stop diffusion.
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer DensityB { float densityB[]; };  // right-hand sides
layout(set = 0, binding = 2) readonly buffer TemperatureB { float temperatureB[]; };
layout(set = 0, binding = 3) readonly buffer FuelB { float fuelB[]; };
layout(set = 0, binding = 4) readonly buffer DensityIn { float densityIn[]; };  // current iterates
layout(set = 0, binding = 5) readonly buffer TemperatureIn { float temperatureIn[]; };
layout(set = 0, binding = 6) readonly buffer FuelIn { float fuelIn[]; };
layout(set = 0, binding = 7) writeonly buffer DensityOut { float densityOut[]; };
layout(set = 0, binding = 8) writeonly buffer TemperatureOut { float temperatureOut[]; };
layout(set = 0, binding = 9) writeonly buffer FuelOut { float fuelOut[]; };
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
            sum += vec3(densityIn[t.index], temperatureIn[t.index], fuelIn[t.index]);
            if (colour) colourSum += colourIn[t.index];
        }
    }
    float denominator = 1.0 + 6.0 * pc.a;
    int k = cellIndex3(id);
    densityOut[k] = (densityB[k] + pc.a * sum.x) / denominator;
    temperatureOut[k] = (temperatureB[k] + pc.a * sum.y) / denominator;
    fuelOut[k] = (fuelB[k] + pc.a * sum.z) / denominator;
    if (colour) colourOut[k] = (colourB[k] + pc.a * colourSum) / denominator;
}
