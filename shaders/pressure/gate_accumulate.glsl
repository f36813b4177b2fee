// Measurements into the pressure gate's accumulators (pressure/gate.comp) from kernels that bind
// the gate's state writable as `state` and include a workgroup reduction.
// The workgroup's largest |residual| and |rhs| into the gate's accumulators with one atomicMax
// each per workgroup (a zero, from kernels that measure no right-hand side, is left out). Every
// thread of the workgroup must call it.
void accumulateGateMaxima(float residual, float rhs) {
    const uvec2 largest = workgroupMaxAbsBits(residual, rhs);
    if (gl_LocalInvocationIndex == 0) {
        atomicMax(state[BILLOW_GATE_RESIDUAL_ACC], largest.x);
        if (largest.y != 0u) atomicMax(state[BILLOW_GATE_RHS_ACC], largest.y);
    }
}
