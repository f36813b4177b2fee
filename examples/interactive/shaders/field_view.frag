#version 450
// Draws one of Billow's fields straight from its storage buffers (no copy), sampled bilinearly at
// the points where the MAC layout stores it (include/billow/smoke_solver.hpp):
//   dye: RGBA per dye cell; u: x-faces (nx+1) x ny; v: y-faces nx x (ny+1); curl: nodes
//   (nx+1) x (ny+1); pressure, divergence, solid: cells nx x ny.
layout(location = 0) in vec2 domainUv;
layout(location = 0) out vec4 colour;

layout(std430, binding = 0) readonly buffer Dye { vec4 dye[]; };
layout(std430, binding = 1) readonly buffer VelocityX { float u[]; };
layout(std430, binding = 2) readonly buffer VelocityY { float v[]; };
layout(std430, binding = 3) readonly buffer Curl { float curl[]; };
layout(std430, binding = 4) readonly buffer Pressure { float pressure[]; };
layout(std430, binding = 5) readonly buffer Divergence { float divergence[]; };
layout(std430, binding = 6) readonly buffer Solid { float solid[]; };

// Must match FieldViewPush in field_renderer.cpp.
layout(push_constant) uniform Push {
    uint nx, ny, dyeNx, dyeNy;
    uint view;    // 0 dye, 1 velocity, 2 vorticity, 3 pressure, 4 divergence
    float scale;  // the view's value that maps to full colour
} pc;

// Bilinear weights and corner indices for a grid of w x h samples, sample (i, j) at position
// (i + offset.x, j + offset.y) in units of the grid's spacing; clamped at the edges.
struct Taps { ivec2 lo; ivec2 hi; vec2 f; };
Taps taps(vec2 pos, vec2 offset, uint w, uint h) {
    vec2 g = clamp(pos - offset, vec2(0.0), vec2(float(w - 1u), float(h - 1u)));
    Taps t;
    t.lo = ivec2(floor(g));
    t.hi = min(t.lo + 1, ivec2(int(w) - 1, int(h) - 1));
    t.f = g - vec2(t.lo);
    return t;
}

#define BILINEAR(array, t, w) \
    mix(mix(array[t.lo.x + t.lo.y * int(w)], array[t.hi.x + t.lo.y * int(w)], t.f.x), \
        mix(array[t.lo.x + t.hi.y * int(w)], array[t.hi.x + t.hi.y * int(w)], t.f.x), t.f.y)

vec3 hsv(float h, float s, float val) {
    vec3 k = clamp(abs(mod(h * 6.0 + vec3(0.0, 4.0, 2.0), 6.0) - 3.0) - 1.0, 0.0, 1.0);
    return val * mix(vec3(1.0), k, s);
}

// Signed values: red positive, blue negative, black zero; a square-root ramp keeps small values
// visible next to large ones.
vec3 signedColour(float x) {
    float s = clamp(x / pc.scale, -1.0, 1.0);
    s = sign(s) * sqrt(abs(s));
    return vec3(max(s, 0.0), 0.25 * abs(s), max(-s, 0.0));
}

void main() {
    vec2 cellPos = domainUv * vec2(pc.nx, pc.ny);  // in velocity-grid cells
    vec3 c;
    if (pc.view == 0u) {
        Taps t = taps(domainUv * vec2(pc.dyeNx, pc.dyeNy), vec2(0.5), pc.dyeNx, pc.dyeNy);
        c = 0.03 + BILINEAR(dye, t, pc.dyeNx).rgb;
    } else if (pc.view == 1u) {
        Taps tu = taps(cellPos, vec2(0.0, 0.5), pc.nx + 1u, pc.ny);
        Taps tv = taps(cellPos, vec2(0.5, 0.0), pc.nx, pc.ny + 1u);
        vec2 vel = vec2(BILINEAR(u, tu, pc.nx + 1u), BILINEAR(v, tv, pc.nx));
        // Hue = direction, brightness = speed.
        float speed = clamp(length(vel) / pc.scale, 0.0, 1.0);
        c = hsv(atan(vel.y, vel.x) / 6.2831853 + 0.5, 0.8, sqrt(speed));
    } else if (pc.view == 2u) {
        Taps t = taps(cellPos, vec2(0.0), pc.nx + 1u, pc.ny + 1u);
        c = signedColour(BILINEAR(curl, t, pc.nx + 1u));
    } else {
        Taps t = taps(cellPos, vec2(0.5), pc.nx, pc.ny);
        c = signedColour(pc.view == 3u ? BILINEAR(pressure, t, pc.nx) : BILINEAR(divergence, t, pc.nx));
    }
    // Obstacles (solid fraction, nearest cell) drawn grey over every view.
    ivec2 cell = min(ivec2(cellPos), ivec2(int(pc.nx) - 1, int(pc.ny) - 1));
    float s = solid[cell.x + cell.y * int(pc.nx)];
    colour = vec4(mix(c, vec3(0.45), s), 1.0);
}
