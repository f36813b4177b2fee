// expect: success
// The control: a kernel that keeps every rule, so a failure above is the rule's and not the harness's.
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
struct GoodPush { float dt; int count; };
struct Params { float scale; float offset; };
layout(std140, set = 0, binding = 0) uniform ParamsBlock { Params params; };
layout(set = 0, binding = 1) readonly buffer Source { float source[]; };
layout(set = 0, binding = 2) writeonly buffer Target { float target[]; };
layout(push_constant) uniform Push { GoodPush pc; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    target[i] = source[i] * params.scale + params.offset + pc.dt * float(pc.count);
}
