// Buoyancy on the faces of the 2D grid (buoyancy.comp, velocity_forces.comp): each face gets the
// mean of its two cells' lift (common/buoyant_lift.glsl), beyond a side through the cell taps
// (clamped, wrapped, or the inflow's values). The includer declares the readonly cell buffers
// `density` and `temperature` after common/grid.glsl.
#include "common/buoyant_lift.glsl"

// Lift of cell (i, j), beyond-side cells included.
float cellLift(int i, int j, BuoyancyCoefficients c) {
    CellTap t = tapCell(i, j, cellGrid());
    float rho = t.inflowSide >= 0 ? grid.inflowDensity[t.inflowSide] : density[t.index];
    float temp = t.inflowSide >= 0 ? grid.inflowTemperature[t.inflowSide] : temperature[t.index];
    return buoyantLift(rho, temp, c);
}

// Lift per unit gravity on x-face (i, j) (i canonical: between cells i-1 and i) and y-face (i, j).
float xFaceLift(int i, int j, BuoyancyCoefficients c) { return 0.5 * (cellLift(i - 1, j, c) + cellLift(i, j, c)); }
float yFaceLift(int i, int j, BuoyancyCoefficients c) { return 0.5 * (cellLift(i, j - 1, c) + cellLift(i, j, c)); }
