// The volume renderer's bindings (src/image/volume_renderer.cpp): the view (binding 0, declared by
// volume_march.glsl), the solver's cell-centred fields as storage buffers, the light volume, and
// the cell fetches volume_march.glsl asks its includer for.
#ifndef VOLUME_FIELDS_GLSL
#define VOLUME_FIELDS_GLSL

#include "volume_march.glsl"

layout(std430, binding = 1) readonly buffer DensityBuffer { float densityCells[]; };
layout(std430, binding = 2) readonly buffer TemperatureBuffer { float temperatureCells[]; };
layout(std430, binding = 3) readonly buffer SolidBuffer { float solidCells[]; };
layout(std430, binding = 4) readonly buffer ColourBuffer { vec4 colourCells[]; };
// The same density and temperature as 16-bit floats, two to a uint (view.stored.x 1:
// SmokeSettings3D::flowStorage Float16), read with unpackHalf2x16, which needs no device feature.
layout(std430, binding = 1) readonly buffer DensityBufferHalves { uint densityCellsHalves[]; };
layout(std430, binding = 2) readonly buffer TemperatureBufferHalves { uint temperatureCellsHalves[]; };

int volumeCellIndex(ivec3 c) { return c.x + view.grid.x * (c.y + view.grid.y * c.z); }
float volumeHalfAt(uint pair, int k) { return unpackHalf2x16(pair)[k & 1]; }
float volumeDensityAt(ivec3 c) {
    int k = volumeCellIndex(c);
    return view.stored.x != 0.0 ? volumeHalfAt(densityCellsHalves[k >> 1], k) : densityCells[k];
}
float volumeTemperatureAt(ivec3 c) {
    int k = volumeCellIndex(c);
    return view.stored.x != 0.0 ? volumeHalfAt(temperatureCellsHalves[k >> 1], k) + view.stored.y : temperatureCells[k];
}
float volumeSolidAt(ivec3 c) { return solidCells[volumeCellIndex(c)]; }
vec3 volumeColourAt(ivec3 c) { return colourCells[volumeCellIndex(c)].rgb; }

#endif
