// expect: minimum-workgroup local size \(32, 8, 1\) \(256 invocations\) exceeds the Vulkan guaranteed 128 invocations
// A workgroup of 256 in both profiles: the minimum profile's must fit the 128 invocations every
// device runs.
#version 450
layout(local_size_x = 32, local_size_y = 8) in;
layout(set = 0, binding = 1) buffer Values { float values[]; };
void main() { values[gl_GlobalInvocationID.x] *= 2.0; }
