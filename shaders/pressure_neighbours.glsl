// Pressure of a neighbour cell for kernels that read pressure straight from the buffer `pIn`
// (declared by the including kernel): 0 beyond outflow sides (and beyond closed sides, where its
// weight is 0 anyway), wrapped on periodic axes.
float neighbourPressure(int i, int j) {
    bool outsideX = i < 0 || i >= grid.nx, outsideY = j < 0 || j >= grid.ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return 0.0;
    return pIn[cellIndex(wrapIndex(i, grid.nx), wrapIndex(j, grid.ny))];
}

vec4 neighbourPressures(int i, int j) {
    return vec4(neighbourPressure(i - 1, j), neighbourPressure(i + 1, j), neighbourPressure(i, j - 1),
                neighbourPressure(i, j + 1));
}

vec4 faceWeights(int i, int j) {
    return vec4(openX[uIndex(i, j)], openX[uIndex(i + 1, j)], openY[vIndex(i, j)], openY[vIndex(i, j + 1)]);
}
