#version 450
// The force and torque the fluid exerts on each moving collider after the step's projection, as
// smoke/collider_forces.comp does in 2D (common/collider_force.glsl has the maths): one
// workgroup per collider loops over the cells of its bounding sphere's box (plus the coverage's
// half cell and the one-cell shell of faces it closes) and sums them in a fixed order. Each
// collider's closed fractions are its own coverage alone; the faces on the domain's sides add no
// surface.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#define BILLOW_OWN_WORKGROUP_SIZE
#include "smoke3d/taps.glsl"
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"
#include "common/workgroup_reduce_3d.glsl"
#include "common/collider_force.glsl"

layout(local_size_x = BILLOW_WORKGROUP_INVOCATIONS) in;

layout(set = 0, binding = 1) readonly buffer Colliders { GpuCollider colliders[]; };
layout(set = 0, binding = 2) readonly buffer P { float p[]; };
layout(set = 0, binding = 3) readonly buffer U { flow_t u[]; };
layout(set = 0, binding = 4) readonly buffer V { flow_t v[]; };
layout(set = 0, binding = 5) readonly buffer W { flow_t w[]; };
layout(set = 0, binding = 6) buffer Results { uint results[]; };
layout(push_constant) uniform Push { ColliderForcePush pc; };

float coverageAt(GpuCollider col, ivec3 c) { return colliderCoverage(colliderDistance(col, cellCentre3(c)), grid.h); }

// The part of the face between cell c (coverage `here`) and its neighbour n the collider closes:
// the larger coverage; on the domain's sides the cell's own (no surface there).
float closedFraction(GpuCollider col, float here, ivec3 n) {
    return insideCells3(n) ? max(here, coverageAt(col, n)) : here;
}

ForceSums cellShare(GpuCollider col, ivec3 c) {
    float here = coverageAt(col, c);
    float h = grid.h;
    vec3 area;
    vec3 fluid;
    [[unroll]] for (int axis = 0; axis < 3; ++axis) {
        ivec3 step = ivec3(0);
        step[axis] = 1;
        area[axis] = h * h * (closedFraction(col, here, c + step) - closedFraction(col, here, c - step));
        // The cell-centre velocity: the mean of the cell's two faces on each axis (trilinear there).
        fluid[axis] = 0.5 * (axis == 0 ? FLOW_LOAD(u[xFaceIndex3(c)]) + FLOW_LOAD(u[xFaceIndex3(c + step)])
                             : axis == 1 ? FLOW_LOAD(v[yFaceIndex3(c)]) + FLOW_LOAD(v[yFaceIndex3(c + step)])
                                         : FLOW_LOAD(w[zFaceIndex3(c)]) + FLOW_LOAD(w[zFaceIndex3(c + step)]));
    }
    vec3 x = cellCentre3(c);
    return cellForce(area, p[cellIndex3(c)], fluid, colliderSurfaceVelocity(col, x), x - col.centre.xyz,
                     here * h * h * h, pc);
}

void main() {
    const int k = int(gl_WorkGroupID.x);
    const GpuCollider col = colliders[k];
    const float reach = colliderBoundingRadius(col) + 3.0 * grid.h;
    const ivec3 lo = max(ivec3(floor((col.centre.xyz - reach) * grid.invH)), ivec3(0));
    const ivec3 hi = min(ivec3(floor((col.centre.xyz + reach) * grid.invH)), gridCells() - 1);
    const ivec3 size = max(hi - lo + 1, ivec3(0));
    const int count = size.x * size.y * size.z;
    ForceSums sum = noForce();
    for (int c = int(gl_LocalInvocationIndex); c < count; c += BILLOW_WORKGROUP_INVOCATIONS)
        sum = addForces(sum, cellShare(col, lo + ivec3(c % size.x, (c / size.x) % size.y, c / (size.x * size.y))));
    sum = workgroupForceSum(sum);
    if (gl_LocalInvocationIndex == 0) BILLOW_WRITE_COLLIDER_FORCE(results, pc.payloadWord + k * BILLOW_COLLIDER_FORCE_WORDS, sum)
}
