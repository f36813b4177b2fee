// The volume renderer's bindings over a SparseSmokeSolver3D (src/image/volume_renderer.cpp): as
// volume_fields.glsl's, but the fields are the solver's pools (sparse3d/sparse3d_types.h), read
// through its brick map; a cell of a missing brick is open air (density 0, the ambient
// temperature, no solid, colour 0). The march skips the samples that read only open air
// (volumeEmptyUntil below).
//
// The includer defines VOLUME_BRICK_MAP_BINDING and VOLUME_COUNTS_BINDING (the brick map, and the
// counts of samples taken: view march, light march) before including this file.
#ifndef VOLUME_SPARSE_FIELDS_GLSL
#define VOLUME_SPARSE_FIELDS_GLSL

#define VOLUME_SKIP_EMPTY
#include "volume_march.glsl"

layout(std430, binding = 1) readonly buffer DensityBuffer { float densityCells[]; };
layout(std430, binding = 2) readonly buffer TemperatureBuffer { float temperatureCells[]; };
layout(std430, binding = 3) readonly buffer SolidBuffer { float solidCells[]; };
layout(std430, binding = 4) readonly buffer ColourBuffer { vec4 colourCells[]; };
layout(std430, binding = VOLUME_BRICK_MAP_BINDING) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, binding = VOLUME_COUNTS_BINDING) buffer SampleCounts { uint sampleCounts[]; };

// Mirrors billow::detail::GpuSparseVolumePush (src/image/volume_renderer.cpp).
layout(push_constant) uniform SparseVolumePush {
    float ambientTemperature;  // K: the temperature of open air
    int skipEmpty;             // 1: open air emits nothing (ambient <= fireLow), so it may be skipped
} sparseVolume;

ivec3 gridCells() { return view.grid.xyz; }
#include "sparse3d/brick_map.glsl"

float volumeDensityAt(ivec3 c) {
    int i = storedCell(c);
    return i < 0 ? 0.0 : densityCells[i];
}
float volumeTemperatureAt(ivec3 c) {
    int i = storedCell(c);
    return i < 0 ? sparseVolume.ambientTemperature : temperatureCells[i];
}
float volumeSolidAt(ivec3 c) {
    int i = storedCell(c);
    return i < 0 ? 0.0 : solidCells[i];
}
vec3 volumeColourAt(ivec3 c) {
    int i = storedCell(c);
    return i < 0 ? vec3(0.0) : colourCells[i].rgb;
}

// A sample at x interpolates the cells floor(x - 1/2) and the next on each axis. For x in a
// missing brick b every tap is open air when x lies in [8 b + 1/2, 8 b + 15/2] (the taps stay in
// b), or, when b's 26 neighbours are missing too, anywhere in [8 b - 1/2, 8 b + 17/2] (the taps
// stay in b and its neighbours; the box reaches half a cell into them, so that a ray crossing
// missing bricks only never falls between two boxes). The box is shrunk by kVolumeSkipMargin
// cells so that the rounding of the samples' positions (about 1e-3 cells at t ~ 4000 cells in
// float) never moves a skipped sample across its side.
const float kVolumeSkipMargin = 1.0 / 64.0;

bool volumeNeighboursMissing(ivec3 b) {
    for (int z = -1; z <= 1; ++z)
        for (int y = -1; y <= 1; ++y)
            for (int x = -1; x <= 1; ++x)
                if ((x != 0 || y != 0 || z != 0) && brickSlot(b + ivec3(x, y, z)) != BILLOW_NO_BRICK) return false;
    return true;
}

float volumeEmptyUntil(vec3 origin, vec3 direction, float t) {
    if (sparseVolume.skipEmpty == 0) return -1.0;
    vec3 x = origin + direction * t;
    ivec3 b = ivec3(floor(x)) >> BILLOW_BRICK_SHIFT;
    if (brickSlot(b) != BILLOW_NO_BRICK) return -1.0;
    float inset = (volumeNeighboursMissing(b) ? -0.5 : 0.5) + kVolumeSkipMargin;
    vec3 low = vec3(b << BILLOW_BRICK_SHIFT) + inset, high = vec3((b + 1) << BILLOW_BRICK_SHIFT) - inset;
    if (any(lessThan(x, low)) || any(greaterThan(x, high))) return -1.0;
    // Where the ray leaves the box (slabs: the nearest exit plane along the ray).
    vec3 exitPlane = mix(low, high, greaterThan(direction, vec3(0.0)));
    vec3 exitT = (exitPlane - origin) / direction;  // +-inf along an axis the ray does not move on
    for (int a = 0; a < 3; ++a)
        if (direction[a] == 0.0) exitT[a] = 1e30;
    return min(exitT.x, min(exitT.y, exitT.z));
}

// Adds this invocation's counts to the totals (one atomic per invocation): 64-bit counts as a low
// word (0 view, 1 light) and a high word (2, 3) taking the carry.
void volumeAddSampleCount(int which, uint count) {
    if (count == 0u) return;
    uint before = atomicAdd(sampleCounts[which], count);
    if (before + count < before) atomicAdd(sampleCounts[which + 2], 1u);
}
void volumeAddSampleCounts() {
    volumeAddSampleCount(0, volumeViewSamples);
    volumeAddSampleCount(1, volumeLightSamples);
}

#endif
