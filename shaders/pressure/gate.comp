#version 450
// The gate of a pressure solve stopped at a tolerance on the GPU (no host round trip). Gated
// dispatches are indirect and read their group counts from this buffer's active commands:
//   mode 0 (begin): clears the measurements, iteration count and converged flag, and copies the
//     full-size commands over the active ones, so the solve's dispatches run;
//   mode 1 (check): reads the residual just measured (max |r|, accumulated by pressure_residual
//     or the CG update with atomicMax), reports it, and once max |r| <= tolerance * max |rhs|
//     zeroes every active command, so the rest of the recorded iterations dispatch no workgroups.
//     Otherwise the next iteration will run: it is counted (except at the final check, after which
//     none follows). The accumulator is cleared for the next measurement.
//     With a stall ratio, a residual above stallRatio times the one two checks before also stops
//     the solve (converged word 2; two checks, because the max norm of a converging V-cycle's
//     residual can rise for one cycle): a stationary iteration (the V-cycle) whose residual no longer
//     falls has met float32's floor (residual terms w (p_nb - p) round at ~1e-7 |p|, and a
//     warm-started pressure is many times its right-hand side), and further cycles only cost time.
// Once converged, later checks leave everything alone (their measurements were skipped).
// It declares no uniform block (no grid), so the 2D and 3D grids' kernel sets share it.
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "pressure/pressure_types.h"

layout(local_size_x = 1) in;

layout(set = 0, binding = 1) buffer State { uint state[]; };
layout(set = 0, binding = 2) buffer Commands { uint commands[]; };  // active, then full-size
layout(push_constant) uniform Push { GatePush pc; };

const int kFull = 3 * BILLOW_GATE_SLOTS;

void main() {
    if (pc.mode == 0) {
        for (int w = 0; w < BILLOW_GATE_STATE_WORDS; ++w) state[w] = 0u;
        for (int w = 0; w < kFull; ++w) commands[w] = commands[kFull + w];
        return;
    }
    if (state[BILLOW_GATE_CONVERGED] != 0u) return;
    const float residual = uintBitsToFloat(state[BILLOW_GATE_RESIDUAL_ACC]);
    const float rhs = uintBitsToFloat(state[BILLOW_GATE_RHS_ACC]);
    const float twoBefore = uintBitsToFloat(state[BILLOW_GATE_RESIDUAL_BEFORE]);  // 0 before the 3rd check
    state[BILLOW_GATE_RESIDUAL_BEFORE] = state[BILLOW_GATE_RESIDUAL];
    state[BILLOW_GATE_RESIDUAL] = floatBitsToUint(residual);
    state[BILLOW_GATE_RHS] = floatBitsToUint(rhs);
    state[BILLOW_GATE_RESIDUAL_ACC] = 0u;
    if (residual <= pc.tolerance * rhs) {
        state[BILLOW_GATE_CONVERGED] = 1u;
        for (int w = 0; w < kFull; ++w) commands[w] = 0u;
    } else if (pc.stallRatio > 0.0 && twoBefore > 0.0 && residual > pc.stallRatio * twoBefore) {
        state[BILLOW_GATE_CONVERGED] = 2u;
        for (int w = 0; w < kFull; ++w) commands[w] = 0u;
    } else if (pc.finalCheck == 0) {
        state[BILLOW_GATE_ITERATIONS] += 1u;
    }
}
