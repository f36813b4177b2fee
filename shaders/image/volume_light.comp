// Bakes the light transmittance T_light (volume_march.glsl's shadow march) at every cell centre,
// so the view march reads it trilinearly instead of marching toward the light at every sample.
#version 450
#include "volume_fields.glsl"

// 8 x 8 x 2: 128 invocations, which every Vulkan device runs (src/image/volume_renderer.cpp's kLightGroup).
layout(local_size_x = 8, local_size_y = 8, local_size_z = 2) in;

layout(std430, binding = 5) writeonly buffer LightBuffer { float lightCells[]; };

float volumeLightAt(vec3 p) { return shadowTransmittance(p); }
float volumeColliderDistance(vec3 p) { return 1e30; }  // the bake's shadows come from the solid cells

void main() {
    ivec3 c = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(c, view.grid.xyz))) return;
    lightCells[volumeCellIndex(c)] = shadowTransmittance(vec3(c) + 0.5);
}
