#version 450
// Topology: the bricks of a box the host knows are wanted (an emitter's reach, a collider's
// bounds, each grown by the margin; clamped to the brick grid by the host).
// (bricks.glsl's addressing reads the map; this kernel only needs the brick grid's indexing.)
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/topology_types.h"
layout(local_size_x = 4, local_size_y = 4, local_size_z = 4) in;

layout(std430, set = 0, binding = 2) buffer Wanted { uint wanted[]; };
layout(push_constant) uniform Push { TopologyBoxPush pc; };

void main() {
    ivec3 b = ivec3(pc.lowX, pc.lowY, pc.lowZ) + ivec3(gl_GlobalInvocationID);
    if (any(greaterThan(b, ivec3(pc.highX, pc.highY, pc.highZ))) || !insideBrickGrid(b)) return;
    // Allocated bricks are marked too: the mark is what keeps them from retiring.
    atomicOr(wanted[brickMapIndex(b)], 1u);
}
