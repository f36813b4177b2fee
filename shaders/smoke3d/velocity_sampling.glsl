// Velocity at any point of the 3D domain, trilinear on each component's own staggered positions,
// and the back-trace (midpoint or Euler) used by every 3D advection kernel. The components are sampled
// in a loop over the axis (one copy of the sampling code, see BILLOW_TRILERP).
// The including kernel declares the readonly buffers `uIn`, `vIn` and `wIn` first. The fields an
// advection carries are sampled by smoke3d/field_interpolation.glsl, which the advection kernels
// include themselves (it declares their variant selector); the advecting velocity is always
// trilinear. The components are read through common/flow_storage.glsl (float32 or 16-bit storage).
#include "common/flow_storage.glsl"

// The velocity component along `axis` at face f (normal to `axis`), beyond a side by the ghost
// rules (tapFace3).
float readVelocity3(int axis, ivec3 f) {
    Tap3 t = tapFace3(axis, f);
    float value;
    if (axis == 0) value = FLOW_LOAD(uIn[t.index]);
    else if (axis == 1) value = FLOW_LOAD(vIn[t.index]);
    else value = FLOW_LOAD(wIn[t.index]);
    return t.scale * value + t.offset;
}

// The velocity component along `axis` at face index k (no taps).
float velocityAt3(int axis, int k) {
    return axis == 0 ? FLOW_LOAD(uIn[k]) : axis == 1 ? FLOW_LOAD(vIn[k]) : FLOW_LOAD(wIn[k]);
}

// Continuous index coordinate of position p (m) in the face grid normal to `axis`.
vec3 faceCoordinate3(int axis, vec3 p) { return p * grid.invH - faceOffset3(axis); }

#define BILLOW_READ_VELOCITY_AXIS(f) readVelocity3(axis, f)
#define BILLOW_VELOCITY_AT_AXIS(k) velocityAt3(axis, k)
vec3 sampleVelocity3(vec3 p) {
    vec3 velocity;
    [[unroll]] for (int axis = 0; axis < 3; ++axis) {
        float component;
        BILLOW_TRILERP(float, BILLOW_READ_VELOCITY_AXIS, BILLOW_VELOCITY_AT_AXIS, BILLOW_DIRECT_LIMIT3(faceCounts3(axis)),
                       faceCoordinate3(axis, p), component);
        velocity[axis] = component;
    }
    return velocity;
}

// Back-trace of p over dt (dt < 0 traces forward), clamped into the domain on non-periodic axes:
// midpoint (RK2, grid.traceStages 2): mid = p - dt/2 u(p), then p - dt u(mid); Euler
// (grid.traceStages 1): p - dt u(p). The stages are one loop (one copy of the sampling code).
vec3 traceBack3(vec3 p, float dt) {
    vec3 q = p;
    float stageDt = grid.traceStages == 2 ? 0.5 * dt : dt;
    [[dont_unroll]] for (int stage = 0; stage < grid.traceStages; ++stage) {
        q = clampToDomain3(p - stageDt * sampleVelocity3(q));
        stageDt = dt;
    }
    return q;
}
