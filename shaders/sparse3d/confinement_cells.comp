#version 450
// The vorticity confinement force per unit epsilon h of every allocated cell
// (smoke3d/confinement_cells_rule.glsl), from the cells' vorticity (sparse3d/vorticity_cells.comp).
// A neighbour in a missing brick is open air without vorticity (|omega| 0). xyz: the force, w: 0.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"

layout(set = 0, binding = 3) readonly buffer VorticityCells { vec4 vorticityCells[]; };
layout(set = 0, binding = 4) writeonly buffer ConfinementCells { vec4 confinementCells[]; };

float vorticityMagnitude3(ivec3 c) {
    int stored = storedCell(resolveCell3(c));
    return stored >= 0 ? vorticityCells[stored].w : 0.0;
}
#define BILLOW_CELL_VORTICITY3(c) vorticityCells[storedCell(c)].xyz
#include "smoke3d/confinement_cells_rule.glsl"

BILLOW_BRICK_MAIN {
    ivec3 c = thisCell();
    if (!insideCells3(c)) return;
    confinementCells[cellInBrick(thisSlot(), thisLocal())] = vec4(cellConfinement3(c), 0.0);
}
