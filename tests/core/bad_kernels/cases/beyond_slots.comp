// expect: binding 13 \(Far\) is beyond the [0-9]+ storage slots
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 0, binding = 1) buffer Near { float near[]; };
layout(set = 0, binding = 13) buffer Far { float far[]; };
void main() { far[gl_GlobalInvocationID.x] = near[gl_GlobalInvocationID.x]; }
