// The force and torque the fluid exerts on one collider, cell by cell, for the 2D and 3D
// collider_forces.comp (docs/collider-forces.md). The solvers move a kinematic pressure p
// (u -= dt grad p); the physical one is rho p.
// - The collider's surface inside a cell is the area vector S = sum over the cell's faces of
//   c_f A_f n_f: c_f the part of face f the collider alone closes (1 - its open fraction with
//   that collider alone: the larger of the two cells' coverages, as colliders_rasterise.comp
//   derives open fractions), A_f the face's area, n_f its outward normal. S vanishes in cells
//   wholly inside or outside, and the pressure force rho p S of every cell sums to
//   -rho sum_f c_f A_f h grad p: the gradient of p integrated over the solid on its faces, exact
//   for a linear p (a hydrostatic fluid gives rho g V up).
// - Skin friction, an estimate: the wall shear stress rho nu du_t / (h / 2) over |S|, du_t the part
//   of the fluid's velocity at the cell centre relative to the collider's surface velocity there
//   that is tangential to S (the centre is about half a cell from the surface).
// - The torque about the collider's centre: (x - centre) x each cell's force.
// Needs common/collider_types.h and common/workgroup_reduce.glsl (the workgroup's size).
#ifndef BILLOW_COLLIDER_FORCE_GLSL
#define BILLOW_COLLIDER_FORCE_GLSL

struct ForceSums {
    vec3 pressureForce;  // N (2D: N per metre of depth)
    vec3 viscousForce;   // N
    vec3 torque;         // N m about the collider's centre
    float volume;        // m^3 (2D: m^2), the coverage summed over the cells
};

ForceSums noForce() { return ForceSums(vec3(0.0), vec3(0.0), vec3(0.0), 0.0); }

ForceSums addForces(ForceSums a, ForceSums b) {
    return ForceSums(a.pressureForce + b.pressureForce, a.viscousForce + b.viscousForce, a.torque + b.torque,
                     a.volume + b.volume);
}

// One cell's share: `area` its S (m^2; 2D: m per metre of depth), `pressure` its kinematic
// pressure, `fluidVelocity` the fluid's velocity at its centre, `surfaceVelocity` the collider's
// there, `arm` its centre less the collider's, `solidVolume` the collider's coverage times the
// cell's volume.
ForceSums cellForce(vec3 area, float pressure, vec3 fluidVelocity, vec3 surfaceVelocity, vec3 arm, float solidVolume,
                    ColliderForcePush push) {
    ForceSums s = noForce();
    s.volume = solidVolume;
    float magnitude = length(area);
    if (magnitude == 0.0) return s;
    s.pressureForce = push.fluidDensity * pressure * area;
    if (push.viscosity > 0.0) {
        vec3 normal = area / magnitude;
        vec3 slip = fluidVelocity - surfaceVelocity;
        vec3 tangential = slip - dot(slip, normal) * normal;
        s.viscousForce = push.fluidDensity * push.viscosity * (2.0 * grid.invH) * magnitude * tangential;
    }
    s.torque = cross(arm, s.pressureForce + s.viscousForce);
    return s;
}

// The workgroup's sum, in a fixed order (deterministic: no float atomics), in invocation 0.
shared ForceSums forceSumValues[BILLOW_WORKGROUP_INVOCATIONS];
ForceSums workgroupForceSum(ForceSums value) {
    BILLOW_REDUCE_WORKGROUP(forceSumValues, value, addForces)
    return forceSumValues[0];
}

// The collider's words of the result slot (BILLOW_COLLIDER_FORCE_WORDS from `first`).
#define BILLOW_WRITE_COLLIDER_FORCE(RESULTS, first, s)                                             \
    {                                                                                               \
        vec3 force_ = (s).pressureForce + (s).viscousForce;                                         \
        for (int a_ = 0; a_ < 3; ++a_) {                                                            \
            RESULTS[(first) + a_] = floatBitsToUint(force_[a_]);                                    \
            RESULTS[(first) + 3 + a_] = floatBitsToUint((s).torque[a_]);                            \
            RESULTS[(first) + 6 + a_] = floatBitsToUint((s).pressureForce[a_]);                     \
            RESULTS[(first) + 9 + a_] = floatBitsToUint((s).viscousForce[a_]);                      \
        }                                                                                           \
        RESULTS[(first) + 12] = floatBitsToUint((s).volume);                                        \
    }

#endif
