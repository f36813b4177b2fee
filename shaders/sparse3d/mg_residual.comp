#version 450
// The largest residual of the pressure equation on the allocated cells (pressure3d/stencil3d.glsl,
// measuredResidual3) and the largest right-hand side, over cells with an equation: reduced over the
// workgroup in shared memory, then one atomicMax per workgroup on the float bits (non-negative floats order
// like their bits) into the first two words of report slot `slot` (the gate's accumulators, or the
// report ring). A maximum does not depend on the order the workgroups run in: the result is the same
// every run.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"
#include "pressure/pressure_types.h"

layout(set = 0, binding = 3) readonly buffer P { float p[]; };
layout(set = 0, binding = 4) readonly buffer Rhs { float rhs[]; };
layout(set = 0, binding = 5) readonly buffer WX { float wx[]; };
layout(set = 0, binding = 6) readonly buffer WY { float wy[]; };
layout(set = 0, binding = 7) readonly buffer WZ { float wz[]; };
layout(set = 0, binding = 8) buffer Reports { uint reports[]; };
layout(std430, set = 0, binding = 9) readonly buffer Header { SparseTopologyHeader header; };
layout(push_constant) uniform Push { SparseMgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "sparse3d/mg_level.glsl"

shared uint largest[2];

float valueAt(ivec3 c) {
    const int i = levelStoredCell(pc.level, c);
    return i < 0 ? 0.0 : p[i];
}

// The residual and right-hand side of the cell the body runs for, into the workgroup's largest.
void cellResidual() {
    float residual = 0.0, b = 0.0;
    if (hasLevelBrick(pc.level) && insideLevel(pc.level, levelCellOfThread(pc.level))) {
        const ivec3 c = levelCellOfThread(pc.level);
        const uint slot = levelSlot(pc.level);
        const Weights3 w = BILLOW_LEVEL_WEIGHTS(wx, wy, wz, pc.level, slot, levelLocal(pc.level));
        if (hasOpenFace(w)) {
            const int i = levelCell(pc.level, slot, levelLocal(pc.level));
            b = pc.rhsScale * rhs[i];
            residual = measuredResidual3(w, BILLOW_LEVEL_LO(valueAt, c), BILLOW_LEVEL_HI(valueAt, c), p[i], b, 0.0);
        }
    }
    atomicMax(largest[0], floatBitsToUint(abs(residual)));
    atomicMax(largest[1], floatBitsToUint(abs(b)));
}

void main() {
    if (gl_LocalInvocationIndex == 0) { largest[0] = 0u; largest[1] = 0u; }
    barrier();
    for (brickLayer = 0; brickLayer < BILLOW_BRICK_LAYERS; ++brickLayer) cellResidual();
    barrier();
    if (gl_LocalInvocationIndex == 0) {
        atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot], largest[0]);
        if (largest[1] != 0u) atomicMax(reports[BILLOW_REPORT_WORDS * pc.slot + 1], largest[1]);
    }
}
