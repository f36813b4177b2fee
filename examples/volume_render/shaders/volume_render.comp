// One camera ray per pixel through the solver's density and temperature (volume_march.glsl),
// written as packed RGBA8 (display colour, alpha 255) and as the volume's transmittance.
#version 450
#include "volume_fields.glsl"

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, binding = 4) readonly buffer LightBuffer { float lightCells[]; };
layout(std430, binding = 5) writeonly buffer PixelBuffer { uint pixels[]; };
layout(std430, binding = 6) writeonly buffer TransmittanceBuffer { float transmittance[]; };

float lightAt(ivec3 c) { return lightCells[volumeCellIndex(c)]; }
float volumeLightAt(vec3 p) VOLUME_TRILINEAR(lightAt, p)

void main() {
    uvec2 pixel = gl_GlobalInvocationID.xy;
    if (pixel.x >= uint(view.image.x) || pixel.y >= uint(view.image.y)) return;
    VolumeSample s = marchVolume(view.cameraPosition.xyz, volumeRayDirection(vec2(pixel)));
    uint index = pixel.x + pixel.y * uint(view.image.x);
    pixels[index] = packUnorm4x8(vec4(volumeToDisplay(s.radiance), 1.0));
    transmittance[index] = s.transmittance;
}
