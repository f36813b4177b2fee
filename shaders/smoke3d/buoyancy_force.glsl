// Buoyancy on the faces of the 3D grid (smoke3d/buoyancy.comp, smoke3d/velocity_forces.comp): each
// face gets the mean of its two cells' lift (common/buoyant_lift.glsl), beyond a side through the
// cell taps (clamped, wrapped, or the inflow's values). The includer declares the readonly cell
// buffers `density` and `temperature` after smoke3d/taps.glsl. On a sparse grid (sparse3d/bricks.glsl)
// a cell in a missing brick is open air: no smoke, at the ambient temperature.
#include "common/buoyant_lift.glsl"
#include "common/flow_storage.glsl"

// Lift of cell c, beyond-side cells included.
float cellLift3(ivec3 c, BuoyancyCoefficients k) {
    CellTap3 t = tapCell3(c);
#ifdef BILLOW_OPEN_AIR_SIDE
    // The values are chosen, then one lift computed, as below: an early return of the open air's
    // lift made the compiler fuse the lift's multiply-adds differently from the dense kernel's.
    bool openAir = t.inflowSide == BILLOW_OPEN_AIR_SIDE;
    float rho = openAir ? 0.0 : t.inflowSide >= 0 ? inflowScalar3(t.inflowSide, 0) : FLOW_LOAD(density[t.index]);
    float temp = openAir ? k.ambient
                         : t.inflowSide >= 0 ? inflowScalar3(t.inflowSide, 1) : TEMPERATURE_LOAD(temperature[t.index]);
#else
    float rho = t.inflowSide >= 0 ? inflowScalar3(t.inflowSide, 0) : FLOW_LOAD(density[t.index]);
    float temp = t.inflowSide >= 0 ? inflowScalar3(t.inflowSide, 1) : TEMPERATURE_LOAD(temperature[t.index]);
#endif
    return buoyantLift(rho, temp, k);
}

// Lift per unit gravity on the face normal to `axis` at f: the mean of its two cells'.
float faceLift3(int axis, ivec3 f, BuoyancyCoefficients k) {
    ivec3 above = canonicalFace3(axis, f), below = above;
    below[axis] -= 1;
    return 0.5 * (cellLift3(below, k) + cellLift3(above, k));
}
