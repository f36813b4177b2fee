#version 450
// Conjugate gradient scalars, on the GPU so no host round trip is needed: one workgroup adds the
// per-workgroup sums (partials, groups of them) of the kernel before, then
//   mode 0 (alpha): alpha = rho / (d . q)                        (0 if d . q is 0)
//   mode 1 (beta):  rho_new = r . z; beta = -alpha (z . q) / rho (0 on the first iteration or if
//                   rho is 0): Polak-Ribiere, z_new . (r_new - r_old) / rho, since
//                   r_new - r_old = -alpha q; then rho = rho_new
//   mode 2 (mean):  mean = (sum r) / (open cells)
// into the gate's state words.
// It declares no uniform block (no grid), so the 2D and 3D grids' kernel sets share it.
#extension GL_GOOGLE_include_directive : require
#define BILLOW_OWN_WORKGROUP_SIZE
#include "pressure/pressure_types.h"

layout(local_size_x = BILLOW_GROUP_X * BILLOW_GROUP_Y) in;

layout(set = 0, binding = 1) buffer State { uint state[]; };
layout(set = 0, binding = 2) readonly buffer Partials { vec2 partials[]; };
layout(push_constant) uniform Push { CgPush pc; };

#include "common/workgroup_reduce.glsl"

float stateFloat(int word) { return uintBitsToFloat(state[word]); }
void setStateFloat(int word, float value) { state[word] = floatBitsToUint(value); }

void main() {
    const uint t = gl_LocalInvocationIndex;
    vec2 sum = vec2(0.0);
    for (int g = int(t); g < pc.groups; g += BILLOW_GROUP_X * BILLOW_GROUP_Y) sum += partials[g];
    reduceWorkgroupSum(sum);
    if (t != 0) return;
    const vec2 total = workgroupSumResult();
    if (pc.mode == 0) {
        setStateFloat(BILLOW_CG_ALPHA, total.x != 0.0 ? stateFloat(BILLOW_CG_RHO) / total.x : 0.0);
    } else if (pc.mode == 1) {
        const float rho = stateFloat(BILLOW_CG_RHO);
        const bool restart = pc.first != 0 || rho == 0.0;
        setStateFloat(BILLOW_CG_BETA, restart ? 0.0 : -stateFloat(BILLOW_CG_ALPHA) * total.y / rho);
        setStateFloat(BILLOW_CG_RHO, total.x);
    } else {
        setStateFloat(BILLOW_CG_MEAN, total.y > 0.0 ? total.x / total.y : 0.0);
    }
}
