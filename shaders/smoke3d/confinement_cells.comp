#version 450
// The vorticity confinement force per unit epsilon h at every cell centre
// (smoke3d/confinement_cells_rule.glsl), written once so that the force passes average two stored
// cells per face instead of evaluating four cells' force a thread (each reading six |omega| and
// twelve curl edges): measured in docs/performance-log.md ("Confinement stored per cell"). xyz: the
// force, w: 0.
#include "smoke3d/taps.glsl"
#include "smoke3d/edges.glsl"

layout(set = 0, binding = 1) readonly buffer CurlX { float curlX[]; };
layout(set = 0, binding = 2) readonly buffer CurlY { float curlY[]; };
layout(set = 0, binding = 3) readonly buffer CurlZ { float curlZ[]; };
layout(set = 0, binding = 4) readonly buffer Vorticity { float vorticity[]; };
layout(set = 0, binding = 5) writeonly buffer ConfinementCells { vec4 confinementCells[]; };

#include "smoke3d/vorticity_cells.glsl"

float vorticityMagnitude3(ivec3 c) { return vorticity[cellIndex3(resolveCell3(c))]; }

#include "smoke3d/confinement_cells_rule.glsl"

void main() {
    const ivec3 c = ivec3(gl_GlobalInvocationID);
    if (!insideCells3(c)) return;
    confinementCells[cellIndex3(c)] = vec4(cellConfinement3(c), 0.0);
}
