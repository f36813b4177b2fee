// Combustion of one cell (CombustionSettings; in the spirit of Nguyen, Fedkiw & Jensen 2002),
// shared by the dense and sparse combustion kernels (smoke3d/combustion.comp,
// sparse3d/combustion.comp), in place: where the temperature is at least the ignition temperature,
//   burnt = fuel (1 - exp(-burnRate dt))
//   fuel -= burnt;  density += smokeYield burnt;  temperature += heatRelease burnt
//   expansion source = expansion burnt / dt   (1/s; 0 where nothing burns)
// The Divergence pass subtracts the source from the velocity divergence, so the projection leaves
// div u = source: the burning gas pushes outward. Fully solid cells do not burn. The including
// kernel declares `density`, `temperature`, `fuel`, `solid`, `expansionSource` and the push block
// `pc` (CombustionPush3D), its flow fields stored as common/flow_storage.glsl says.
#include "common/flow_storage.glsl"
void burnCell(int c) {
    float burnt = 0.0;
    float temperatureNow = TEMPERATURE_LOAD(temperature[c]);
    if (solid[c] < 1.0 && temperatureNow >= pc.ignition) {
        float fuelNow = FLOW_LOAD(fuel[c]);
        burnt = fuelNow * (1.0 - exp(-pc.burnRate * pc.dt));
        fuel[c] = FLOW_STORE(fuelNow - burnt);
        density[c] = FLOW_STORE(FLOW_LOAD(density[c]) + pc.smokeYield * burnt);
        temperature[c] = TEMPERATURE_STORE(temperatureNow + pc.heatRelease * burnt);
    }
    expansionSource[c] = pc.expansion * burnt / pc.dt;
}
