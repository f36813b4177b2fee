#version 450
// One triangle covering the screen; `domainUv` is (0,0) at the domain's lower-left corner and
// (1,1) at its upper-right (Billow's y points up, Vulkan's framebuffer y points down).
layout(location = 0) out vec2 domainUv;

void main() {
    vec2 p = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2) * 2.0 - 1.0;  // (-1,-1) (3,-1) (-1,3)
    domainUv = vec2(0.5 * (p.x + 1.0), 0.5 * (1.0 - p.y));
    gl_Position = vec4(p, 0.0, 1.0);
}
