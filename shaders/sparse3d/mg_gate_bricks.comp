#version 450
// The indirect dispatch of the sparse multigrid's gated brick kernels (one workgroup per allocated
// brick), following the pressure gate (pressure/gate.comp): mode 0 (a solve opens) copies the
// topology's brick count; mode 1 (after a check) zeroes it once the gate has stopped the solve, so
// the rest of the recorded cycles dispatch no workgroups, as the gate's own commands.
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
    commands[0] = stopped ? 0u : header.dispatchX;
    commands[1] = 1u;
    commands[2] = 1u;
}
