// expect: binding 1 is declared by blocks .*whose names disagree
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 0, binding = 1) buffer Floats { float floats[]; };
layout(set = 0, binding = 1) buffer Words { uint words[]; };
void main() { floats[gl_GlobalInvocationID.x] = 0.0; words[gl_GlobalInvocationID.x + 1] = 1u; }
