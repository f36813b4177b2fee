// Shared by every 3D kernel: the 3D grid's uniform block, its workgroup shape, the indices of a
// 3D staggered (MAC) grid and its sides' types. Layout (x fastest, then y, then z):
//   cells   nx * ny * nz            index i + nx * (j + ny * k)
//   x-faces (nx+1) * ny * nz        index i + (nx+1) * (j + ny * k)
//   y-faces nx * (ny+1) * nz        index i + nx * (j + (ny+1) * k)
//   z-faces nx * ny * (nz+1)        index i + nx * (j + ny * k)
// src/grid/mac_grid.hpp (MacGrid3D) is the host's side of the same layout.
#ifndef BILLOW_GRID3D_GLSL
#define BILLOW_GRID3D_GLSL
#extension GL_GOOGLE_include_directive : require
#include "common/grid3d_types.h"

// Kernels that shape their own workgroup define BILLOW_OWN_WORKGROUP_SIZE (see common/grid.glsl);
// kernels that gather from back-traced points define BILLOW_GATHER_WORKGROUP (grid3d_types.h).
#if defined(BILLOW_GATHER_WORKGROUP)
layout(local_size_x = BILLOW_GATHER3_X, local_size_y = BILLOW_GATHER3_Y, local_size_z = BILLOW_GATHER3_Z) in;
#elif !defined(BILLOW_OWN_WORKGROUP_SIZE)
layout(local_size_x = BILLOW_GROUP3_X, local_size_y = BILLOW_GROUP3_Y, local_size_z = BILLOW_GROUP3_Z) in;
#endif
layout(std140, set = 0, binding = 0) uniform Grid3DBlock { Grid3DParams grid; };

ivec3 gridCells() { return ivec3(grid.nx, grid.ny, grid.nz); }

int cellIndex3(ivec3 c) { return c.x + grid.nx * (c.y + grid.ny * c.z); }
int xFaceIndex3(ivec3 f) { return f.x + (grid.nx + 1) * (f.y + grid.ny * f.z); }
int yFaceIndex3(ivec3 f) { return f.x + grid.nx * (f.y + (grid.ny + 1) * f.z); }
int zFaceIndex3(ivec3 f) { return f.x + grid.nx * (f.y + grid.ny * f.z); }
// Faces normal to `axis` (0 x, 1 y, 2 z) at index f.
int faceIndex3(int axis, ivec3 f) { return axis == 0 ? xFaceIndex3(f) : axis == 1 ? yFaceIndex3(f) : zFaceIndex3(f); }
// The number of faces normal to `axis` along each axis: one more layer along `axis` itself.
ivec3 faceCounts3(int axis) { ivec3 n = gridCells(); n[axis] += 1; return n; }

bool insideCells3(ivec3 c) { return all(greaterThanEqual(c, ivec3(0))) && all(lessThan(c, gridCells())); }

int sideType3(int side) { return grid.sideType[side / 4][side % 4]; }
// Sides of an axis: 2 * axis (low: left, bottom, back) and 2 * axis + 1 (high).
bool periodic3(int axis) { return sideType3(2 * axis) == BILLOW_PERIODIC; }

#include "common/wrap_index.glsl"

// Kernels over faces run one thread per point of the (nx+1) x (ny+1) x (nz+1) union of the three
// face grids; this tells whether a thread has a face normal to `axis`.
bool ownsFace3(int axis, ivec3 id) { return all(greaterThanEqual(id, ivec3(0))) && all(lessThan(id, faceCounts3(axis))); }

#endif
