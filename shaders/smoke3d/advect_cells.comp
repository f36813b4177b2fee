#version 450
// Semi-Lagrangian advection (RK2 back-trace, trilinear or monotone tricubic) of the cell-centred fields: density,
// temperature and fuel (targets & BILLOW_ADVECT_SCALARS) and the RGBA colour (targets &
// BILLOW_ADVECT_COLOUR), one back-trace per cell for all of them. Beyond an inflow side a sample is
// the inflow's value. Fully solid cells hold the mean of their fluid neighbours (or density, fuel
// and colour 0 and the ambient temperature when they have none), so samples that reach into an
// obstacle see the smoke beside it rather than an empty sink.
// The corrected schemes call it with the field copies they carry and dt < 0 for the backward step;
// the velocity is always the pre-advection one.
#define BILLOW_KERNEL_VARIANTS 2  // kInterpolation: linear, monotone cubic (common/interpolation_variant.glsl)
#define BILLOW_GATHER_WORKGROUP  // traces back: compact bricks (grid3d_types.h)
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 2) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 3) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 4) readonly buffer DensityIn { float densityIn[]; };
layout(set = 0, binding = 5) readonly buffer TemperatureIn { float temperatureIn[]; };
layout(set = 0, binding = 6) readonly buffer FuelIn { float fuelIn[]; };
layout(set = 0, binding = 7) writeonly buffer DensityOut { float densityOut[]; };
layout(set = 0, binding = 8) writeonly buffer TemperatureOut { float temperatureOut[]; };
layout(set = 0, binding = 9) writeonly buffer FuelOut { float fuelOut[]; };
layout(set = 0, binding = 10) readonly buffer ColourIn { vec4 colourIn[]; };
layout(set = 0, binding = 11) writeonly buffer ColourOut { vec4 colourOut[]; };
layout(set = 0, binding = 12) readonly buffer Solid { float solid[]; };
layout(push_constant) uniform Push { AdvectPush3D pc; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/field_interpolation.glsl"

// Density, temperature and fuel at cell c (one tap for the three).
vec3 readScalars(ivec3 c) {
    CellTap3 t = tapCell3(c);
    if (t.inflowSide >= 0)
        return vec3(inflowScalar3(t.inflowSide, 0), inflowScalar3(t.inflowSide, 1), inflowScalar3(t.inflowSide, 2));
    return vec3(densityIn[t.index], temperatureIn[t.index], fuelIn[t.index]);
}
vec3 scalarsAtIndex(int k) { return vec3(densityIn[k], temperatureIn[k], fuelIn[k]); }
vec3 scalarsAt(ivec3 c) { return scalarsAtIndex(cellIndex3(c)); }
vec4 colourAtIndex(int k) { return colourIn[k]; }
vec4 colourAt(ivec3 c) { return colourAtIndex(cellIndex3(c)); }
vec4 readColour(ivec3 c) { CellTap3 t = tapCell3(c); return t.inflowSide >= 0 ? grid.inflowColour[t.inflowSide] : colourIn[t.index]; }

bool scalars() { return (pc.targets & BILLOW_ADVECT_SCALARS) != 0; }
bool colours() { return (pc.targets & BILLOW_ADVECT_COLOUR) != 0 && grid.colourChannels == 4; }

// A fully solid cell: the mean of its fluid neighbours inside the grid.
void fillSolid(ivec3 id, int c) {
    vec4 sum = vec4(0.0), colourSum = vec4(0.0);
    float count = 0.0;
    for (int k = 0; k < 6; ++k) {
        ivec3 n = id;
        n[k / 2] += (k % 2 == 0) ? -1 : 1;
        if (!insideCells3(n)) continue;
        int nc = cellIndex3(n);
        if (solid[nc] >= 1.0) continue;
        if (scalars()) sum += vec4(densityIn[nc], temperatureIn[nc], fuelIn[nc], 0.0);
        if (colours()) colourSum += colourIn[nc];
        count += 1.0;
    }
    if (scalars()) {
        densityOut[c] = count > 0.0 ? sum.x / count : 0.0;
        temperatureOut[c] = count > 0.0 ? sum.y / count : pc.ambient;
        fuelOut[c] = count > 0.0 ? sum.z / count : 0.0;
    }
    if (colours()) colourOut[c] = count > 0.0 ? colourSum / count : vec4(0.0);
}

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    int c = cellIndex3(id);
    if (solid[c] >= 1.0) {
        fillSolid(id, c);
        return;
    }
    vec3 coord = traceBack3(cellCentre3(id), pc.dt) * grid.invH - 0.5;
    if (scalars()) {
        vec3 value;
        BILLOW_INTERPOLATE3(vec3, readScalars, scalarsAt, scalarsAtIndex, gridCells(), coord, value);
        densityOut[c] = value.x;
        temperatureOut[c] = value.y;
        fuelOut[c] = value.z;
    }
    if (colours()) {
        vec4 value;
        BILLOW_INTERPOLATE3(vec4, readColour, colourAt, colourAtIndex, gridCells(), coord, value);
        colourOut[c] = value;
    }
}
