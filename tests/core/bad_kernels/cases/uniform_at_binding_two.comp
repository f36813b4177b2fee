// expect: binding 2 \(ParamsBlock\) is a uniform buffer; only binding 0 is
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
struct Params { float scale; };
layout(set = 0, binding = 1) buffer Values { float values[]; };
layout(std140, set = 0, binding = 2) uniform ParamsBlock { Params params; };
void main() { values[gl_GlobalInvocationID.x] = params.scale; }
