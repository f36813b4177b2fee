// expect: `layout\(constant_id = 0\) const int`
#version 450
#define BILLOW_KERNEL_VARIANTS 2
layout(local_size_x = 32) in;
layout(constant_id = 0) const float kScale = 1.0;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] *= kScale; }
