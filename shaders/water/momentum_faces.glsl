// Face geometry shared by the momentum model's kernels. Include after declaring the `depth`
// buffer. Faces of axis 0 are x-faces, of axis 1 y-faces; face p of an axis lies between the
// cells p - along(axis) and p, and the faces p = 0 and p = cellsAlong(axis) along it are boundaries.
ivec2 along(int axis) { return axis == 0 ? ivec2(1, 0) : ivec2(0, 1); }
int cellsAlong(int axis) { return axis == 0 ? water.nx : water.ny; }
bool isBoundaryFace(int axis, ivec2 p) { return p[axis] == 0 || p[axis] == cellsAlong(axis); }
float depthAt(ivec2 c) { return depth[cellIndex(c.x, c.y)]; }

// The boundary table entry of boundary face p.
int boundaryEntry(int axis, ivec2 p) {
    bool low = p[axis] == 0;
    return axis == 0 ? (low ? leftEntry(p.y) : rightEntry(p.y)) : (low ? bottomEntry(p.x) : topEntry(p.x));
}

// Depth of the cell a velocity u at face p leaves: the upwind depth h* that carries the flow (the
// inner cell at a boundary face).
float upwindDepth(int axis, ivec2 p, float u) {
    ivec2 low = p - along(axis);
    bool hasLow = low[axis] >= 0, hasHigh = p[axis] < cellsAlong(axis);
    return depthAt((u > 0.0 && hasLow) || !hasHigh ? low : p);
}
