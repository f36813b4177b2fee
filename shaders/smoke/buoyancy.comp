#version 450
// Buoyancy on open faces: a = gravity * (densityWeight * density
//                                        - thermalExpansion * (temperature - ambient)),
// with the cell-centred scalars averaged onto each face. A face direction with no gravity
// component (the usual gravityX = 0) is skipped: reading and rewriting u unchanged cost a third
// of this pass's time.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer Density { float density[]; };
layout(set = 0, binding = 4) readonly buffer Temperature { float temperature[]; };
layout(set = 0, binding = 5) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 6) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { BuoyancyPush pc; };

// Buoyant acceleration factor (m/s^2 per unit gravity) of cell (i, j), beyond-side cells included.
float lift(int i, int j) {
    CellTap t = tapCell(i, j, cellGrid());
    float rho = t.inflowSide >= 0 ? grid.inflowDensity[t.inflowSide] : density[t.index];
    float temp = t.inflowSide >= 0 ? grid.inflowTemperature[t.inflowSide] : temperature[t.index];
    return pc.densityWeight * rho - pc.thermalExpansion * (temp - pc.ambient);
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (pc.gravityX != 0.0 && ownsXFace(id) && openX[xFaceIndex(id.x, id.y)] > 0.0) {
        int i = canonicalUColumn(id.x);
        float a = 0.5 * (lift(i - 1, id.y) + lift(i, id.y));
        u[xFaceIndex(id.x, id.y)] += pc.dt * pc.gravityX * a;
    }
    if (pc.gravityY != 0.0 && ownsYFace(id) && openY[yFaceIndex(id.x, id.y)] > 0.0) {
        int j = canonicalVRow(id.y);
        float a = 0.5 * (lift(id.x, j - 1) + lift(id.x, j));
        v[yFaceIndex(id.x, id.y)] += pc.dt * pc.gravityY * a;
    }
}
