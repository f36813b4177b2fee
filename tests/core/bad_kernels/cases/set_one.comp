// expect: storage buffer Values uses descriptor set 1; every kernel binds descriptor set 0 only
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 1, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = 0.0; }
