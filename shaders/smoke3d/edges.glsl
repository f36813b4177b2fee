// The cell edges of the 3D MAC grid, where the curl of the staggered velocity is defined exactly.
// Edges along `axis` sit at the cell's low corner across the other two axes and at the middle
// along `axis`: x-edge (i, j, k) at ((i+1/2) h, j h, k h). They have n cells along `axis` and
// n+1 across: x-edges nx (ny+1) (nz+1), index i + nx (j + (ny+1) k), and likewise for y and z
// (src/smoke3d/smoke3d_buffers.cpp sizes them).

ivec3 edgeCounts3(int axis) { ivec3 n = gridCells() + ivec3(1); n[axis] -= 1; return n; }
int edgeIndex3(int axis, ivec3 e) { ivec3 n = edgeCounts3(axis); return e.x + n.x * (e.y + n.y * e.z); }
bool ownsEdge3(int axis, ivec3 id) { return all(greaterThanEqual(id, ivec3(0))) && all(lessThan(id, edgeCounts3(axis))); }
