#version 450
// The vorticity confinement force per unit epsilon h of every allocated cell
// (smoke3d/confinement_cells_rule.glsl), from the cells' vorticity (sparse3d/vorticity_cells.comp;
// a neighbour in a missing brick from the faces, sparse3d/vorticity.glsl). xyz: the force, w: the
// cell's |omega| (what sparse3d/vorticity_force.comp needs of a cell besides its force).
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"

layout(set = 0, binding = 3) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 4) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 5) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 6) readonly buffer VorticityCells { vec4 vorticityCells[]; };
layout(set = 0, binding = 7) writeonly buffer ConfinementCells { vec4 confinementCells[]; };

#define BILLOW_STORED_MAGNITUDE(stored) vorticityCells[stored].w
#include "sparse3d/vorticity.glsl"

void main() {
    ivec3 c = thisCell();
    if (!insideCells3(c)) return;
    int i = cellInBrick(thisSlot(), thisLocal());
    gatherNeighbourMagnitudes(c);
    vec4 omega = vorticityCells[i];
    confinementCells[i] = vec4(cellConfinement3(c, omega.xyz), omega.w);
}
