// expect: binding 0 \(Values\) is a storage buffer; binding 0 is the uniform buffer
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 0, binding = 0) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = 0.0; }
