// Indices into the fields of a staggered (MAC) grid of nx x ny cells (Harlow & Welch 1965; the
// layout of Harris, GPU Gems ch. 38, with velocities on faces): cells nx * ny, x-faces
// (nx+1) * ny, y-faces nx * (ny+1), nodes (nx+1) * (ny+1), each stored row by row. One copy for
// every solver: the includer first defines BILLOW_MAC_NX and BILLOW_MAC_NY as the expressions
// that give its grid's cell counts (e.g. its uniform block's members). src/grid/mac_grid.hpp is
// the host's side of the same layout.
#ifndef BILLOW_MAC_INDEX_GLSL
#define BILLOW_MAC_INDEX_GLSL

int cellIndex(int i, int j) { return i + j * BILLOW_MAC_NX; }
int xFaceIndex(int i, int j) { return i + j * (BILLOW_MAC_NX + 1); }
int yFaceIndex(int i, int j) { return i + j * BILLOW_MAC_NX; }
int nodeIndex(int i, int j) { return i + j * (BILLOW_MAC_NX + 1); }

// Kernels over faces run one thread per point of the (nx+1) x (ny+1) union of x-faces and
// y-faces; these tell which faces a thread has.
bool ownsXFace(ivec2 id) { return id.x <= BILLOW_MAC_NX && id.y < BILLOW_MAC_NY; }
bool ownsYFace(ivec2 id) { return id.x < BILLOW_MAC_NX && id.y <= BILLOW_MAC_NY; }

#endif
