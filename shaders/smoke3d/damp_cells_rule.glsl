// The cell fields' dt-independent decay, shared by the dense and sparse damping kernels: density,
// fuel and colour multiplied by exp(-rate dt) (their factors), temperature relaxed toward
// ambient: T = ambient + (T - ambient) exp(-temperatureRelaxation dt). The including kernel
// declares `density`, `temperature`, `fuel`, `colour` and the push block `pc` (DampCellsPush3D), its
// flow fields stored as common/flow_storage.glsl says.
#include "common/flow_storage.glsl"
void dampCell(int c) {
    density[c] = FLOW_STORE(FLOW_LOAD(density[c]) * pc.densityFactor);
    // Without relaxation the temperature stays bitwise unchanged (the round trip through
    // T - ambient would round it).
    if (pc.temperatureFactor != 1.0)
        temperature[c] = TEMPERATURE_STORE(pc.ambient + (TEMPERATURE_LOAD(temperature[c]) - pc.ambient) * pc.temperatureFactor);
    fuel[c] = FLOW_STORE(FLOW_LOAD(fuel[c]) * pc.fuelFactor);
    if (pc.colour != 0 && grid.colourChannels == 4) colour[c] *= pc.colourFactor;
}
