// expect: push constants of 132 bytes exceed the layout's 128
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
struct HugePush { vec4 a[8]; float b; };
layout(push_constant) uniform Push { HugePush pc; };
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] = pc.a[7].w + pc.b; }
