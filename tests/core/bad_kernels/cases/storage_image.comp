// expect: set 0 binding 1 \(picture\) is a storage image
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 0, binding = 1, r32f) uniform writeonly image2D picture;
void main() { imageStore(picture, ivec2(gl_GlobalInvocationID.xy), vec4(0.0)); }
