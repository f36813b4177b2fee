#version 450
// One colour of a red-black Gauss-Seidel sweep (pressure3d/stencil3d.glsl, relaxedPressure3) on a
// level inside the bricks (sparse3d/mg_level.glsl), in place: colour (x + y + z) % 2 of the level's
// virtual cell. Neighbours in missing bricks and beyond the domain's sides hold 0 (open air and
// outflow are Dirichlet; closed sides have weight 0).
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/multigrid_types.h"

layout(set = 0, binding = 3) buffer P { float p[]; };
layout(set = 0, binding = 4) readonly buffer Rhs { float rhs[]; };
layout(set = 0, binding = 5) readonly buffer WX { float wx[]; };
layout(set = 0, binding = 6) readonly buffer WY { float wy[]; };
layout(set = 0, binding = 7) readonly buffer WZ { float wz[]; };
layout(std430, set = 0, binding = 8) readonly buffer Header { SparseTopologyHeader header; };
layout(push_constant) uniform Push { SparseMgPush pc; };

#include "pressure3d/stencil3d.glsl"
#include "sparse3d/mg_level.glsl"

float valueAt(ivec3 c) {
    const int i = levelStoredCell(pc.level, c);
    return i < 0 ? 0.0 : p[i];
}

BILLOW_BRICK_MAIN {
    if (!hasLevelBrick(pc.level)) return;
    const ivec3 c = levelCellOfThread(pc.level);
    if (!insideLevel(pc.level, c) || ((c.x + c.y + c.z) & 1) != pc.colour) return;
    const uint slot = levelSlot(pc.level);
    const ivec3 local = levelLocal(pc.level);
    const int i = levelCell(pc.level, slot, local);
    p[i] = relaxedPressure3(BILLOW_LEVEL_WEIGHTS(wx, wy, wz, pc.level, slot, local), BILLOW_LEVEL_LO(valueAt, c),
                            BILLOW_LEVEL_HI(valueAt, c), p[i], pc.rhsScale * rhs[i], 1.0, 0.0);
}
