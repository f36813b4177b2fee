#version 450
// The probes of the 3D smoke solver, sampled after a whole step: one thread a probe, writing its
// sample into the step's result slot (src/feedback/probe_set.hpp). The velocity is trilinear on
// each component's own staggered positions (smoke3d/velocity_sampling.glsl, the advection's own
// sampling); density, temperature, fuel and pressure trilinear between cell centres. Beyond a
// side the solver's taps apply (smoke3d/taps.glsl): velocity ghosts, the inflow's values for the
// scalars, and for the pressure the Poisson solve's own rule (0 at the ghost centre beyond an
// outflow side, clamped beyond closed sides, wrapped on periodic ones). A point outside the
// domain is clamped onto it and flagged; one whose cell is at least half solid is flagged.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_OWN_WORKGROUP_SIZE
#include "smoke3d/taps.glsl"
#include "common/probe_types.h"

layout(local_size_x = BILLOW_PROBE_GROUP) in;

layout(set = 0, binding = 1) readonly buffer Points { vec4 points[]; };
layout(set = 0, binding = 2) readonly buffer UIn { flow_t uIn[]; };
layout(set = 0, binding = 3) readonly buffer VIn { flow_t vIn[]; };
layout(set = 0, binding = 4) readonly buffer WIn { flow_t wIn[]; };
layout(set = 0, binding = 5) readonly buffer Density { flow_t density[]; };
layout(set = 0, binding = 6) readonly buffer Temperature { flow_t temperature[]; };
layout(set = 0, binding = 7) readonly buffer Fuel { flow_t fuel[]; };
layout(set = 0, binding = 8) readonly buffer Pressure { float pressure[]; };
layout(set = 0, binding = 9) readonly buffer Solid { float solid[]; };
layout(set = 0, binding = 10) buffer Results { uint results[]; };

layout(push_constant) uniform Push { ProbePush pc; };

#include "smoke3d/velocity_sampling.glsl"

// The cell scalar `field` (0 density, 1 temperature, 2 fuel, 3 pressure) at cell c, beyond a side
// by its rule.
float scalarAt(int field, int k) {
    return field == 0   ? FLOW_LOAD(density[k])
           : field == 1 ? TEMPERATURE_LOAD(temperature[k])
           : field == 2 ? FLOW_LOAD(fuel[k])
                        : pressure[k];
}
float readScalar(int field, ivec3 c) {
    if (field == 3) {
        for (int b = 0; b < 3; ++b) {
            bool beyond = c[b] < 0 || c[b] >= gridCells()[b];
            if (beyond && sideType3(c[b] < 0 ? 2 * b : 2 * b + 1) == BILLOW_OUTFLOW) return 0.0;
        }
        return pressure[cellIndex3(resolveCell3(c))];
    }
    CellTap3 t = tapCell3(c);
    return t.inflowSide >= 0 ? inflowScalar3(t.inflowSide, field) : scalarAt(field, t.index);
}

#define BILLOW_READ_SCALAR(c) readScalar(field, c)
#define BILLOW_SCALAR_AT(k) scalarAt(field, k)

void main() {
    int probe = int(gl_GlobalInvocationID.x);
    if (probe >= pc.count) return;
    vec3 requested = points[probe].xyz;
    vec3 extent = vec3(gridCells()) * grid.h;
    vec3 p = clamp(requested, vec3(0.0), extent);
    uint flags = p != requested ? BILLOW_PROBE_OUTSIDE : 0u;
    ivec3 cell = min(ivec3(p * grid.invH), gridCells() - 1);
    if (solid[cellIndex3(cell)] >= 0.5) flags |= BILLOW_PROBE_IN_SOLID;

    vec3 velocity = sampleVelocity3(p);
    vec3 centres = p * grid.invH - vec3(0.5);
    float scalars[4];
    [[dont_unroll]] for (int field = 0; field < 4; ++field) {
        float value;
        BILLOW_TRILERP(float, BILLOW_READ_SCALAR, BILLOW_SCALAR_AT, gridCells(), centres, value);
        scalars[field] = value;
    }

    int w = pc.payloadWord + probe * BILLOW_PROBE_WORDS;
    for (int a = 0; a < 3; ++a) results[w + BILLOW_PROBE_VELOCITY + a] = floatBitsToUint(velocity[a]);
    for (int s = 0; s < 4; ++s) results[w + BILLOW_PROBE_SCALARS + s] = floatBitsToUint(scalars[s]);
    results[w + BILLOW_PROBE_FLAGS] = flags;
}
