// Where the pressure stencil of cell (i, j) finds its neighbours and face weights, for kernels
// that apply the stencil to any cell field: the neighbour's cell index, or -1 where the field is 0
// there (beyond outflow sides, and beyond closed sides, where the weight is 0 anyway); periodic
// axes wrap. Needs the kernel's openX / openY buffers.
int neighbourCell(int i, int j) {
    bool outsideX = i < 0 || i >= grid.nx, outsideY = j < 0 || j >= grid.ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return -1;
    return cellIndex(wrapIndex(i, grid.nx), wrapIndex(j, grid.ny));
}

// Neighbour cells left, right, bottom, top.
ivec4 neighbourCells(int i, int j) {
    return ivec4(neighbourCell(i - 1, j), neighbourCell(i + 1, j), neighbourCell(i, j - 1), neighbourCell(i, j + 1));
}

vec4 faceWeights(int i, int j) {
    return vec4(openX[xFaceIndex(i, j)], openX[xFaceIndex(i + 1, j)], openY[yFaceIndex(i, j)], openY[yFaceIndex(i, j + 1)]);
}
