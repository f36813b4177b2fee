// Shared by every shallow-water kernel: the parameter block and index helpers.
#extension GL_GOOGLE_include_directive : require
#include "shared_types.h"
#include "water_types.h"

layout(local_size_x = EDDY_GROUP_X, local_size_y = EDDY_GROUP_Y) in;
layout(std140, set = 0, binding = 0) uniform WaterBlock { WaterParams water; };

int cellIndex(int i, int j) { return i + j * water.nx; }         // cells: nx * ny
int xFaceIndex(int i, int j) { return i + j * (water.nx + 1); }  // x-faces: (nx+1) * ny
int yFaceIndex(int i, int j) { return i + j * water.nx; }        // y-faces: nx * (ny+1)

// Boundary table entries: left faces by row, right by row, bottom by column, top by column.
int leftEntry(int j) { return j; }
int rightEntry(int j) { return water.ny + j; }
int bottomEntry(int i) { return 2 * water.ny + i; }
int topEntry(int i) { return 2 * water.ny + water.nx + i; }

// Threads cover the (nx+1) x (ny+1) union of x-faces and y-faces; these tell which one a thread has.
bool ownsXFace(ivec2 id) { return id.x <= water.nx && id.y < water.ny; }
bool ownsYFace(ivec2 id) { return id.x < water.nx && id.y <= water.ny; }
