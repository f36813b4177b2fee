// Pressure of a neighbour cell for kernels that read pressure straight from the buffer `pIn`
// (declared by the including kernel): 0 beyond outflow sides (and beyond closed sides, where its
// weight is 0 anyway), wrapped on periodic axes.
#include "common/stencil_cells.glsl"

float neighbourPressure(int i, int j) {
    int c = neighbourCell(i, j);
    return c < 0 ? 0.0 : pIn[c];
}

vec4 neighbourPressures(int i, int j) {
    return vec4(neighbourPressure(i - 1, j), neighbourPressure(i + 1, j), neighbourPressure(i, j - 1),
                neighbourPressure(i, j + 1));
}
