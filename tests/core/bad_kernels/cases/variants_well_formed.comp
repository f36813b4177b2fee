// expect: success
// A kernel with variants: one int selector at constant_id 0 and its count in its own file.
#version 450
#define BILLOW_KERNEL_VARIANTS 2  // kMode: 0 copy, 1 negate
layout(local_size_x = 32) in;
layout(constant_id = 0) const int kMode = 0;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] *= kMode == 1 ? -1.0 : 1.0; }
