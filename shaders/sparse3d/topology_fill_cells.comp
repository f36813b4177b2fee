#version 450
// Topology: open air in the cells of the bricks allocated this step (one workgroup each, from the
// new-brick list): no smoke or fuel, the ambient temperature (both copies of each pool), gauge
// pressure 0, no divergence or expansion, fluid (solid fraction 0).
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };  // the new bricks
#include "sparse3d/bricks.glsl"
#include "sparse3d/topology_types.h"

layout(std430, set = 0, binding = 3) writeonly buffer DensityNow { float densityNow[]; };
layout(std430, set = 0, binding = 4) writeonly buffer DensityOther { float densityOther[]; };
layout(std430, set = 0, binding = 5) writeonly buffer TemperatureNow { float temperatureNow[]; };
layout(std430, set = 0, binding = 6) writeonly buffer TemperatureOther { float temperatureOther[]; };
layout(std430, set = 0, binding = 7) writeonly buffer FuelNow { float fuelNow[]; };
layout(std430, set = 0, binding = 8) writeonly buffer FuelOther { float fuelOther[]; };
layout(std430, set = 0, binding = 9) writeonly buffer Pressure { float pressure[]; };
layout(std430, set = 0, binding = 10) writeonly buffer Divergence { float divergence[]; };
layout(std430, set = 0, binding = 11) writeonly buffer ExpansionSource { float expansionSource[]; };
layout(std430, set = 0, binding = 12) writeonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { TopologyFillPush pc; };

BILLOW_BRICK_MAIN {
    int c = cellInBrick(thisSlot(), thisLocal());
    densityNow[c] = 0.0;
    densityOther[c] = 0.0;
    temperatureNow[c] = pc.ambientTemperature;
    temperatureOther[c] = pc.ambientTemperature;
    fuelNow[c] = 0.0;
    fuelOther[c] = 0.0;
    pressure[c] = 0.0;
    divergence[c] = 0.0;
    expansionSource[c] = 0.0;
    solid[c] = 0.0;
}
