// expect: its local workgroup size is a specialization constant
#version 450
layout(local_size_x_id = 0, local_size_y = 8) in;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = 0.0; }
