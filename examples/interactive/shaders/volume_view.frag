#version 450
// The interactive demo's 3D view: one camera ray per pixel through SmokeSolver3D's density and
// temperature, read straight from its storage buffers (bindings of volume_fields.glsl), with the
// march maths of examples/volume_render/shaders/volume_march.glsl and the light transmittance
// baked per cell by volume_light.comp (binding 4), read trilinearly as the headless renderer does.
#include "volume_fields.glsl"

layout(std430, binding = 4) readonly buffer LightBuffer { float lightCells[]; };
layout(location = 0) out vec4 colour;

float bakedLight(ivec3 c) { return lightCells[volumeCellIndex(c)]; }
float volumeLightAt(vec3 p) VOLUME_TRILINEAR(bakedLight, p)

void main() {
    // gl_FragCoord is the pixel's centre, y = 0 the top row (Vulkan), as volumeRayDirection expects.
    VolumeSample s = marchVolume(view.cameraPosition.xyz, volumeRayDirection(gl_FragCoord.xy - 0.5));
    colour = vec4(volumeToDisplay(s.radiance), 1.0);
}
