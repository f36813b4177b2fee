// The moving colliders' shapes, one home for the 2D and 3D rasterisation kernels: the signed
// distance from a point to each shape (negative inside), the surface velocity of the rigid motion
// v + omega x (x - c), and the anti-aliased solid fraction of a cell from the distance at its
// centre. Needs common/collider_types.h.
#ifndef BILLOW_COLLIDER_SHAPES_GLSL
#define BILLOW_COLLIDER_SHAPES_GLSL

// v rotated by the unit quaternion q (x, y, z, w): v + 2 w (q x v) + 2 q x (q x v).
vec3 rotateByQuaternion(vec4 q, vec3 v) {
    vec3 t = 2.0 * cross(q.xyz, v);
    return v + q.w * t + cross(q.xyz, t);
}

// A point of the domain in the collider's own frame (centre at the origin, axes its own).
vec3 toColliderFrame(GpuCollider c, vec3 p) {
    return rotateByQuaternion(vec4(-c.rotation.xyz, c.rotation.w), p - c.centre.xyz);
}

// Signed distance, m, from p to the collider's surface: negative inside. Exact for every shape
// (a box's outside distance is to its nearest face, edge or corner).
float colliderDistance(GpuCollider c, vec3 p) {
    vec3 q = toColliderFrame(c, p);
    if (c.shape == BILLOW_COLLIDER_BOX) {
        vec3 d = abs(q) - c.halfExtents.xyz;
        return length(max(d, vec3(0.0))) + min(max(d.x, max(d.y, d.z)), 0.0);
    }
    // A capsule is the set within `radius` of its segment; a sphere is a capsule of length 0.
    if (c.shape == BILLOW_COLLIDER_CAPSULE) q.x -= clamp(q.x, -c.halfLength, c.halfLength);
    return length(q) - c.radius;
}

// Velocity, m/s, of the collider's material at p: v + omega x (p - c).
vec3 colliderSurfaceVelocity(GpuCollider c, vec3 p) {
    return c.velocity.xyz + cross(c.angularVelocity.xyz, p - c.centre.xyz);
}

// Radius, m, of a sphere about the centre that holds the whole shape (the reach of its coverage
// is half a cell more).
float colliderBoundingRadius(GpuCollider c) {
    if (c.shape == BILLOW_COLLIDER_BOX) return length(c.halfExtents.xyz);
    return c.radius + (c.shape == BILLOW_COLLIDER_CAPSULE ? c.halfLength : 0.0);
}

// Solid fraction of a cell of size h whose centre lies at signed distance `distance` from the
// surface: 1/2 on the surface, ramping linearly to 0 and 1 half a cell outside and inside (a
// one-cell anti-aliased edge, so a moving collider's fractions change smoothly from step to step).
float colliderCoverage(float distance, float h) {
    return clamp(0.5 - distance / h, 0.0, 1.0);
}

#endif
