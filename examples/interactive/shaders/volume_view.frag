#version 450
// The interactive demo's 3D view: one camera ray per pixel through SmokeSolver3D's density and
// temperature, read straight from its storage buffers (bindings of volume_fields.glsl), with the
// march maths of examples/volume_render/shaders/volume_march.glsl and the light transmittance
// baked per cell by volume_light.comp (binding 4), read trilinearly as the headless renderer does.
#include "volume_fields.glsl"

layout(std430, binding = 4) readonly buffer LightBuffer { float lightCells[]; };
layout(location = 0) in vec2 domainUv;  // fullscreen.vert's: (0, 0) lower left, (1, 1) upper right
layout(location = 0) out vec4 colour;

float bakedLight(ivec3 c) { return lightCells[volumeCellIndex(c)]; }
float volumeLightAt(vec3 p) VOLUME_TRILINEAR(bakedLight, p)

void main() {
    // The pixel (y = 0 the top row, integer at its corner) that volumeRayDirection expects.
    vec2 pixel = vec2(domainUv.x, 1.0 - domainUv.y) * vec2(view.image.xy) - 0.5;
    VolumeSample s = marchVolume(view.cameraPosition.xyz, volumeRayDirection(pixel));
    colour = vec4(volumeToDisplay(s.radiance), 1.0);
}
