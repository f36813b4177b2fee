// The pressure Poisson stencil shared by the Jacobi and red-black SOR kernels:
//   sum_f w_f (p_neighbour - p) = h^2 / dt * divergence,  w_f = open fraction of face f,
// solved for p. Beyond an outflow side p = 0 (Dirichlet); periodic sides wrap; closed faces have
// w = 0. The including kernel declares the readonly buffers `divergence`, `openX`, `openY` and
// the pressure buffer `pIn` the neighbours are read from.

// Pressure of the neighbour (i, j), which may lie beyond a side: 0 beyond outflow (and beyond
// closed sides, where its weight is 0 anyway), wrapped on periodic axes.
float neighbourPressure(int i, int j) {
    bool outsideX = i < 0 || i >= grid.nx, outsideY = j < 0 || j >= grid.ny;
    if ((outsideX && !periodicX()) || (outsideY && !periodicY())) return 0.0;
    return pIn[cellIndex(wrapIndex(i, grid.nx), wrapIndex(j, grid.ny))];
}

// The p that satisfies cell (i, j)'s equation given its neighbours; `open` is false when the cell
// has no open face (its pressure is then 0).
float stencilSolution(int i, int j, float rhsScale, out bool open) {
    float wl = openX[uIndex(i, j)], wr = openX[uIndex(i + 1, j)];
    float wb = openY[vIndex(i, j)], wt = openY[vIndex(i, j + 1)];
    float weight = wl + wr + wb + wt;
    open = weight > 0.0;
    if (!open) return 0.0;
    float sum = wl * neighbourPressure(i - 1, j) + wr * neighbourPressure(i + 1, j) +
                wb * neighbourPressure(i, j - 1) + wt * neighbourPressure(i, j + 1);
    return (sum - rhsScale * divergence[cellIndex(i, j)]) / weight;
}
