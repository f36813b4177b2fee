#version 450
// |omega| at every cell centre (the Vorticity field, 1/s), from the edge curl
// (smoke3d/vorticity_cells.glsl).
#include "smoke3d/taps.glsl"
#include "smoke3d/edges.glsl"

layout(set = 0, binding = 1) readonly buffer CurlX { float curlX[]; };
layout(set = 0, binding = 2) readonly buffer CurlY { float curlY[]; };
layout(set = 0, binding = 3) readonly buffer CurlZ { float curlZ[]; };
layout(set = 0, binding = 4) writeonly buffer Vorticity { float vorticity[]; };

#include "smoke3d/vorticity_cells.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(id)) return;
    vorticity[cellIndex3(id)] = length(cellVorticity(id));
}
