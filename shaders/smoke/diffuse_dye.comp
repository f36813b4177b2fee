#version 450
// One Jacobi sweep of implicit dye diffusion on the dye grid (implicit, hence unconditionally
// stable for any D dt):
//   x = (b + ax (x_left + x_right) + ay (x_down + x_up)) / (1 + 2 ax + 2 ay),  a = D dt / h^2.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(1, readonly, dyeB)
BILLOW_DYE_BUFFER(2, readonly, dyeIn)
BILLOW_DYE_BUFFER(3, writeonly, dyeOut)
layout(push_constant) uniform Push { DiffusePush pc; };

vec4 readDye(int i, int j) {
    CellTap t = tapCell(i, j, dyeGrid());
    return t.inflowSide >= 0 ? grid.inflowDye[t.inflowSide] : BILLOW_LOAD_DYE(dyeIn, t.index);
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
    int k = id.x + id.y * grid.dyeNx;
    vec4 sum = pc.ax * (readDye(id.x - 1, id.y) + readDye(id.x + 1, id.y)) +
               pc.ay * (readDye(id.x, id.y - 1) + readDye(id.x, id.y + 1));
    BILLOW_STORE_DYE(dyeOut, k, (BILLOW_LOAD_DYE(dyeB, k) + sum) / (1.0 + 2.0 * pc.ax + 2.0 * pc.ay));
}
