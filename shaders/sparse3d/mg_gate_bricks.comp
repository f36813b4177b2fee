#version 450
// The indirect dispatches of the sparse multigrid's brick kernels, one per level inside the bricks
// (8^level bricks a workgroup, sparse3d/mg_level.glsl), following the pressure gate
// (pressure/gate.comp): mode 0 (a solve opens) sizes them by the topology's brick count; mode 1
// (after a check) zeroes them once the gate has stopped the solve, so the rest of the recorded
// cycles dispatch no workgroups, as the gate's own commands.
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "sparse3d/sparse3d_types.h"
#include "sparse3d/multigrid_types.h"
#include "pressure/pressure_types.h"

layout(local_size_x = 1) in;

layout(std430, set = 0, binding = 1) readonly buffer Header { SparseTopologyHeader header; };
layout(set = 0, binding = 2) readonly buffer State { uint state[]; };
layout(set = 0, binding = 3) writeonly buffer Commands { uint commands[]; };
layout(push_constant) uniform Push { SparseMgPush pc; };

void main() {
    const bool stopped = pc.colour == 1 && state[BILLOW_GATE_CONVERGED] != 0u;
    for (int level = 0; level < BILLOW_MG_BRICK_LEVELS; ++level) {
        // Workgroups of level `level`'s brick kernels: 8^level bricks each (sparse3d/mg_level.glsl).
        const uint perGroup = 1u << (3 * level);
        commands[3 * level] = stopped ? 0u : (header.activeCount + perGroup - 1u) / perGroup;
        commands[3 * level + 1] = 1u;
        commands[3 * level + 2] = 1u;
    }
}
