// expect: exactly one specialization constant
#version 450
#define BILLOW_KERNEL_VARIANTS 2
layout(local_size_x = 32) in;
layout(constant_id = 0) const int kMode = 0;
layout(constant_id = 1) const int kOther = 0;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] *= kMode == kOther ? -1.0 : 1.0; }
