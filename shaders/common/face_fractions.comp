#version 450
// Open fraction of every face from the cell solid fractions and the sides (an open-fraction
// scaler):
// interior faces are as open as the more solid of their two cells; wall, moving-wall and inflow
// faces are closed to the pressure solve (their velocity is prescribed); outflow and periodic
// faces are open as far as their cells are.
#include "common/grid.glsl"
#include "common/face_fraction.glsl"

layout(set = 0, binding = 1) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 2) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 3) writeonly buffer OpenY { float openY[]; };

float fluid(int i, int j) { return clamp(1.0 - solid[cellIndex(i, j)], 0.0, 1.0); }

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int nx = grid.nx, ny = grid.ny;
    if (ownsXFace(id)) {
        int i = id.x, j = id.y;
        float f;
        if (i == 0) f = boundaryFaceFraction(BILLOW_LEFT, fluid(0, j), fluid(nx - 1, j));
        else if (i == nx) f = boundaryFaceFraction(BILLOW_RIGHT, fluid(nx - 1, j), fluid(0, j));
        else f = min(fluid(i - 1, j), fluid(i, j));
        openX[xFaceIndex(i, j)] = f;
    }
    if (ownsYFace(id)) {
        int i = id.x, j = id.y;
        float f;
        if (j == 0) f = boundaryFaceFraction(BILLOW_BOTTOM, fluid(i, 0), fluid(i, ny - 1));
        else if (j == ny) f = boundaryFaceFraction(BILLOW_TOP, fluid(i, ny - 1), fluid(i, 0));
        else f = min(fluid(i, j - 1), fluid(i, j));
        openY[yFaceIndex(i, j)] = f;
    }
}
