// expect: does not `#define BILLOW_KERNEL_VARIANTS
#version 450
layout(local_size_x = 32) in;
layout(constant_id = 0) const int kMode = 0;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] *= kMode == 1 ? -1.0 : 1.0; }
