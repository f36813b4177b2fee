// expect: the push-constant block must hold exactly one struct shared with C\+\+
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(push_constant) uniform Push { float dt; float scale; } pc;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = pc.dt * pc.scale; }
