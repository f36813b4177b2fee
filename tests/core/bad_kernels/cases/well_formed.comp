// expect: success
// The control: a kernel that keeps every rule, so a failure above is the rule's and not the harness's.
// Its wide shape (256 invocations, 4 KiB of shared memory) exceeds the Vulkan-guaranteed limits;
// its minimum one (BILLOW_MINIMUM_WORKGROUPS, the second compile) keeps within them.
#version 450
#ifdef BILLOW_MINIMUM_WORKGROUPS
layout(local_size_x = 16, local_size_y = 8) in;
#else
layout(local_size_x = 32, local_size_y = 8) in;
#endif
shared float staged[gl_WorkGroupSize.x * gl_WorkGroupSize.y * 4];
struct GoodPush { float dt; int count; };
struct Params { float scale; float offset; };
layout(std140, set = 0, binding = 0) uniform ParamsBlock { Params params; };
layout(set = 0, binding = 1) readonly buffer Source { float source[]; };
layout(set = 0, binding = 2) writeonly buffer Target { float target[]; };
layout(push_constant) uniform Push { GoodPush pc; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    staged[gl_LocalInvocationIndex] = source[i];
    barrier();
    target[i] = staged[gl_LocalInvocationIndex] * params.scale + params.offset + pc.dt * float(pc.count);
}
