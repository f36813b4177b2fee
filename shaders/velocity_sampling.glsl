// Velocity at any point of the domain, bilinear on each component's own staggered positions, and
// the RK2 (midpoint) back-trace used by every advection kernel.
// The including kernel declares the readonly buffers `uIn` and `vIn` first.

float readU(int i, int j) { Tap t = tapU(i, j); return t.scale * uIn[t.index] + t.offset; }
float readV(int i, int j) { Tap t = tapV(i, j); return t.scale * vIn[t.index] + t.offset; }

float sampleU(vec2 p) { float r; EDDY_BILERP(readU, p * grid.invH - vec2(0.0, 0.5), r); return r; }
float sampleV(vec2 p) { float r; EDDY_BILERP(readV, p * grid.invH - vec2(0.5, 0.0), r); return r; }
vec2 sampleVelocity(vec2 p) { return vec2(sampleU(p), sampleV(p)); }

vec2 traceBack(vec2 p, float dt) {
    vec2 mid = clampToDomain(p - 0.5 * dt * sampleVelocity(p));
    return clampToDomain(p - dt * sampleVelocity(mid));
}
