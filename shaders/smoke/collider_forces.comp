#version 450
// The force and torque the fluid exerts on each moving collider after the step's projection
// (common/collider_force.glsl has the maths), into its words of a result-ring slot. One workgroup
// per collider loops over the cells around it (its bounding disc plus the coverage's half cell
// and the one-cell ring of faces it closes), then sums them in a fixed order. Each collider's
// closed fractions are its own coverage alone, so overlapping colliders and the static mask do
// not mix into its force. Per metre of depth: a 2D collider is its shape's cross-section through
// the plane of its centre. The faces on the domain's sides add no surface (a collider against a
// wall feels no pressure there: the wall holds it).
#define BILLOW_OWN_WORKGROUP_SIZE
#include "common/grid.glsl"
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"
#include "common/workgroup_reduce.glsl"
#include "common/collider_force.glsl"

layout(local_size_x = BILLOW_WORKGROUP_INVOCATIONS) in;

layout(set = 0, binding = 1) readonly buffer Colliders { GpuCollider colliders[]; };
layout(set = 0, binding = 2) readonly buffer P { float p[]; };
layout(set = 0, binding = 3) readonly buffer U { float u[]; };
layout(set = 0, binding = 4) readonly buffer V { float v[]; };
layout(set = 0, binding = 5) buffer Results { uint results[]; };
layout(push_constant) uniform Push { ColliderForcePush pc; };

float coverageAt(GpuCollider col, ivec2 c) {
    vec2 centre = (vec2(c) + 0.5) * grid.h;
    return colliderCoverage(colliderDistance(col, vec3(centre, col.centre.z)), grid.h);
}

// The part of the face between cell c (coverage `here`) and its neighbour n the collider closes:
// the larger coverage; on the domain's sides the cell's own (no surface there).
float closedFraction(GpuCollider col, float here, ivec2 n) {
    if (any(lessThan(n, ivec2(0))) || any(greaterThanEqual(n, ivec2(grid.nx, grid.ny)))) return here;
    return max(here, coverageAt(col, n));
}

ForceSums cellShare(GpuCollider col, ivec2 c) {
    float here = coverageAt(col, c);
    float h = grid.h;
    vec3 area = vec3(h * (closedFraction(col, here, c + ivec2(1, 0)) - closedFraction(col, here, c - ivec2(1, 0))),
                     h * (closedFraction(col, here, c + ivec2(0, 1)) - closedFraction(col, here, c - ivec2(0, 1))),
                     0.0);
    vec2 x = (vec2(c) + 0.5) * h;
    // The cell-centre velocity: the mean of the cell's two faces on each axis (bilinear there).
    vec2 fluid = 0.5 * vec2(u[xFaceIndex(c.x, c.y)] + u[xFaceIndex(c.x + 1, c.y)],
                            v[yFaceIndex(c.x, c.y)] + v[yFaceIndex(c.x, c.y + 1)]);
    vec3 point = vec3(x, col.centre.z);
    vec3 surface = vec3(colliderSurfaceVelocity(col, point).xy, 0.0);
    return cellForce(area, p[cellIndex(c.x, c.y)], vec3(fluid, 0.0), surface, point - col.centre.xyz,
                     here * h * h, pc);
}

void main() {
    const int k = int(gl_WorkGroupID.x);
    const GpuCollider col = colliders[k];
    const float reach = colliderBoundingRadius(col) + 3.0 * grid.h;
    const ivec2 lo = max(ivec2(floor((col.centre.xy - reach) * grid.invH)), ivec2(0));
    const ivec2 hi = min(ivec2(floor((col.centre.xy + reach) * grid.invH)), ivec2(grid.nx, grid.ny) - 1);
    const ivec2 size = max(hi - lo + 1, ivec2(0));
    ForceSums sum = noForce();
    for (int c = int(gl_LocalInvocationIndex); c < size.x * size.y; c += BILLOW_WORKGROUP_INVOCATIONS)
        sum = addForces(sum, cellShare(col, lo + ivec2(c % size.x, c / size.x)));
    sum = workgroupForceSum(sum);
    if (gl_LocalInvocationIndex == 0) BILLOW_WRITE_COLLIDER_FORCE(results, pc.payloadWord + k * BILLOW_COLLIDER_FORCE_WORDS, sum)
}
