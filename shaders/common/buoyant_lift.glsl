// The buoyant acceleration per unit gravity of a parcel of smoke (2D and 3D; one home for the rule
// that buoyancy.comp, smoke3d/buoyancy.comp and the fused velocity-force kernels apply):
//   a / g = densityWeight * density - thermalExpansion * (temperature - ambient),
// heavier smoke sinks, hotter smoke rises. The dimension's own include averages it onto faces.
struct BuoyancyCoefficients { float densityWeight, thermalExpansion, ambient; };

float buoyantLift(float rho, float temperature, BuoyancyCoefficients c) {
    return c.densityWeight * rho - c.thermalExpansion * (temperature - c.ambient);
}
