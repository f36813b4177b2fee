// expect: minimum-workgroup modules use 20480 bytes of shared memory, more than the Vulkan guaranteed 16384
// 20 KiB of shared memory in both profiles (the count includes every shared variable): above the
// 16 KiB every device has.
#version 450
layout(local_size_x = 128) in;
shared vec4 tiles[1024];
shared float extra[1024];
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() {
    uint t = gl_LocalInvocationIndex;
    for (uint k = t; k < 1024u; k += 128u) { tiles[k] = vec4(values[k]); extra[k] = values[k]; }
    barrier();
    values[t] = tiles[1023u - t].x + extra[t];
}
