#version 450
// The 3D view's last step: the picture billow::VolumeRenderer wrote (already display-encoded:
// exposure, filmic curve, sRGB) copied onto the swapchain image, whose UNORM format stores it as
// it is. Linear filtering keeps this right for a picture smaller than the window too.
layout(binding = 0) uniform sampler2D picture;
layout(location = 0) in vec2 domainUv;  // fullscreen.vert's: (0, 0) lower left, (1, 1) upper right
layout(location = 0) out vec4 colour;

void main() {
    // The picture's row 0 is the top (Vulkan clip space, y down); domainUv's y points up.
    colour = vec4(texture(picture, vec2(domainUv.x, 1.0 - domainUv.y)).rgb, 1.0);
}
