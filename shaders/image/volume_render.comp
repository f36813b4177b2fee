// One camera ray per pixel of the engine's colour image through the solver's fields
// (volume_march.glsl), stopped at the engine's depth, written premultiplied: rgb the light
// reaching the camera, alpha 1 - the volume's transmittance (1 where a surface or, with the sky
// and ground background, everything is opaque).
//
// Built once per colour format (BILLOW_IMAGE_FORMAT: rgba8, rgba16f, rgba32f): a storage image's
// format qualifier cannot be specialised. Built again with BILLOW_VOLUME_SPARSE for a
// SparseSmokeSolver3D: the fields and the light read through its brick map
// (volume_sparse_fields.glsl), the march skipping open air.
#version 450
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"
#ifdef BILLOW_VOLUME_SPARSE
#define VOLUME_BRICK_MAP_BINDING 9
#define VOLUME_COUNTS_BINDING 10
#include "volume_sparse_fields.glsl"
#else
#include "volume_fields.glsl"
#endif

layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, binding = 5) readonly buffer LightBuffer { float lightCells[]; };
layout(std430, binding = 6) readonly buffer ColliderBuffer { GpuCollider colliders[]; };
layout(binding = 7) uniform sampler2D sceneDepth;
layout(binding = 8, BILLOW_IMAGE_FORMAT) uniform writeonly image2D target;

#ifdef BILLOW_VOLUME_SPARSE
// The light pool holds the allocated cells (volume_sparse_light.comp); a tap in a missing brick
// (beside an allocated one) marches toward the light itself, as the bake would have. Gathered as
// volume_march.glsl gathers the fields' taps (its own arrays: the shadow march gathers too).
ivec3 lightTapBase;
float lightTaps[8];
float lightAt(ivec3 c) {
    ivec3 d = min(c - lightTapBase, ivec3(1));
    return lightTaps[d.x + 2 * d.y + 4 * d.z];
}
float volumeTrilinearLight(vec3 p) VOLUME_TRILINEAR(float, lightAt, p)
float volumeLightAt(vec3 p) {
    lightTapBase = volumeTapBaseOf(p);
    for (int t = 0; t < 8; ++t) {
        ivec3 c = volumeTapCell(lightTapBase, t);
        int i = storedCell(c);
        lightTaps[t] = i < 0 ? shadowTransmittance(vec3(c) + 0.5) : lightCells[i];
    }
    return volumeTrilinearLight(p);
}
#else
float lightAt(ivec3 c) { return lightCells[volumeCellIndex(c)]; }
float volumeLightAt(vec3 p) VOLUME_TRILINEAR(float, lightAt, p)
#endif

// To the nearest analytic collider, cells (colliders are in metres of the domain).
float volumeColliderDistance(vec3 p) {
    float h = view.cellSize.x;
    float nearest = 1e30;
    int count = int(view.cellSize.y);
    for (int c = 0; c < count; ++c) nearest = min(nearest, colliderDistance(colliders[c], p * h) / h);
    return nearest;
}

void main() {
    uvec2 pixel = gl_GlobalInvocationID.xy;
    if (pixel.x >= uint(view.image.x) || pixel.y >= uint(view.image.y)) return;
    // Vulkan clip space: x right, y down (row 0 at the top).
    vec2 ndc = (vec2(pixel) + 0.5) / vec2(view.image.xy) * 2.0 - 1.0;
    vec3 origin = view.eye.xyz;
    // A point on the pixel's ray far from the eye (the host picks its clip depth for the depth
    // convention, reversed and infinite ones included).
    vec4 onRay = view.clipToCells * vec4(ndc, view.cellSize.z, 1.0);
    vec3 direction = normalize(onRay.xyz / onRay.w - origin);

    float limit = 1e30;
    if (volumeFlag(VOLUME_FLAG_DEPTH)) {
        ivec2 texel = ivec2((vec2(pixel) + 0.5) * vec2(view.image.zw) / vec2(view.image.xy));
        float depth = texelFetch(sceneDepth, clamp(texel, ivec2(0), view.image.zw - 1), 0).r;
        vec4 scene = view.clipToCells * vec4(ndc, depth, 1.0);
        // A depth at infinity (w = 0, an infinite far plane) stops nothing.
        if (abs(scene.w) > 1e-30) limit = max(dot(scene.xyz / scene.w - origin, direction), 0.0);
    }

    VolumeSample s = marchVolume(origin, direction, limit);
    vec3 rgb = s.radiance;
    float alpha = 1.0 - s.transmittance;

    if (view.outlineColour.a > 0.0) {
        vec2 span = volumeBoxInterval(origin, direction);
        vec2 edges = view.outlineColour.a * volumeOutline(origin, direction, span, limit);
        // The far edges seen through the volume (hidden by a surface), the near ones over everything.
        float back = s.hitSurface ? 0.0 : edges.y;
        rgb += s.transmittance * back * view.outlineColour.rgb;
        alpha += s.transmittance * back;
        rgb = mix(rgb, view.outlineColour.rgb, edges.x);
        alpha = mix(alpha, 1.0, edges.x);
    }
    if (volumeFlag(VOLUME_FLAG_BACKGROUND)) {
        rgb += (1.0 - alpha) * volumeBackground(origin, direction);
        alpha = 1.0;
    }
    if (volumeFlag(VOLUME_FLAG_DISPLAY)) rgb = volumeToDisplay(rgb);
    // Beyond the format's range (a half's 65504) its largest value, not Inf.
    rgb = min(rgb, vec3(view.cellSize.w));
    imageStore(target, ivec2(pixel), vec4(rgb, alpha));
#ifdef BILLOW_VOLUME_SPARSE
    volumeAddSampleCounts();
#endif
}
