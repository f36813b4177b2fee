// The ray-march maths of billow::VolumeRenderer (include/billow/volume_renderer.hpp), shared by its
// light bake (volume_light.comp) and its view march (volume_render.comp).
//
// Model (an emission-absorption volume with single scattering, as in Fedkiw, Stam & Jensen 2001
// and the production smoke renderers of NVIDIA Flow and EmberGen):
//   extinction      sigma_t(x) = sigma * density(x)                         (1/m)
//   view ray        L = sum over steps of T(t) [ albedo(x) (1 - e^{-sigma_t ds}) (I_light p(theta) T_light(x) + I_ambient)
//                                                 + E(temperature(x)) ds ]  (+ T(end) L_background)
//                   T(t) = exp(-integral of sigma_t along the ray so far)   (Beer-Lambert)
//   light           T_light(x) = exp(-integral of sigma_t from x toward the light), the shadow march
//                   (self-shadowing); solid cells block it
//   phase           Henyey-Greenstein with anisotropy g, normalised to mean 1 over the sphere
//   fire emission   E(T) = fireIntensity w^2 blackbody(T_c) (radiance per metre), w = (T - fireLow) /
//                   (fireHigh - fireLow) clamped to [0, 1], colour temperature T_c = mix(colourLow,
//                   colourHigh, w), blackbody() Planck's law at three wavelengths, brightest channel 1
//   albedo(x)       the look's albedo, tinted by the colour field's rgb / density (clamped to [0, 1])
//                   where the solver has one and the look uses it
// Positions are in cell units: the grid spans [0, n] on each axis, cell (i, j, k) has its centre at
// (i + .5, j + .5, k + .5); fields are sampled trilinearly between cell centres (clamped at the sides).
// The camera is the engine's: clipToCells takes a point of Vulkan clip space (x right, y down,
// any depth convention) to cell units through the inverse of projection * view and the domain's
// placement in the world.
//
// This file declares the uniform block `view` (a VolumeView, std140) at binding 0 and these
// functions, which the includer defines (after including it) from its own bindings:
//   float volumeDensityAt(ivec3 cell);      // the density of a cell (cell inside the grid)
//   float volumeTemperatureAt(ivec3 cell);  // K
//   float volumeSolidAt(ivec3 cell);        // solid fraction 0..1
//   vec3 volumeColourAt(ivec3 cell);        // the colour field's rgb (read with VOLUME_FLAG_COLOUR only)
//   float volumeLightAt(vec3 p);            // T_light at p: a baked lookup, or shadowTransmittance(p)
//   float volumeColliderDistance(vec3 p);   // to the nearest analytic collider, cells (large: none)
// An includer over a sparse grid (volume_sparse_fields.glsl) defines VOLUME_SKIP_EMPTY before
// including it, and then also
//   float volumeEmptyUntil(vec3 origin, vec3 direction, float t);
// the ray parameter at which the region around origin + direction * t that reads only open air
// (every trilinear tap in a missing brick, nothing emitted there) ends along the ray, or -1 when
// that point is not in such a region. Both marches then skip the samples before it: a sample
// there would add exactly 0 (density 0, emission 0, no solid), so the result is the same bits as
// sampling it. volumeViewSamples / volumeLightSamples count the samples taken.
#ifndef VOLUME_MARCH_GLSL
#define VOLUME_MARCH_GLSL

// Mirrors billow::detail::GpuVolumeView (src/image/volume_view.hpp); std140.
struct VolumeView {
    mat4 clipToCells;     // Vulkan clip space -> cell units (inverse(projection * view), then world -> cells)
    vec4 eye;             // xyz the camera's position, cell units; w the outline's half width, radians
    vec4 lightDirection;  // xyz unit, toward the light, cell units; w = Henyey-Greenstein anisotropy g
    vec4 lightColour;     // rgb radiance of the light
    vec4 ambientColour;   // rgb ambient (sky) light on the smoke
    vec4 skyZenith;       // rgb background straight up (VOLUME_FLAG_BACKGROUND)
    vec4 skyHorizon;      // rgb background at the horizon (VOLUME_FLAG_BACKGROUND)
    vec4 groundColour;    // rgb ground albedo; w = ground tile size in cells (0: no ground)
    vec4 solidColour;     // rgb albedo of solid surfaces
    vec4 outlineColour;   // rgb the domain's outline, a its opacity (0: none)
    vec4 medium;          // x sigma (1/m per density) * cellSize (so 1/cell), y albedo, z view step (cells), w light step (cells)
    vec4 fire;            // x fireLow K, y fireHigh K, z fireIntensity * cellSize (per cell), w solid threshold
    vec4 fireColour;      // x colourLow K, y colourHigh K, z exposure, w densityCutoff
    vec4 cellSize;        // x cell size, m; y collider count; z the clip depth of a far point on each ray; w the target format's largest value
    ivec4 grid;           // nx, ny, nz, flags (VOLUME_FLAG_*)
    ivec4 image;          // width, height of the target; width, height of the depth image
    vec4 stored;          // x 1: density and temperature hold 16-bit floats (SmokeSettings3D::flowStorage);
                          // y the stored temperature's origin, K (what the stored value is the difference from)
};

#define VOLUME_FLAG_SOLIDS 1       // draw the solver's solid cells
#define VOLUME_FLAG_COLOUR 2       // tint the albedo by the colour field
#define VOLUME_FLAG_DEPTH 4        // stop at the engine's depth
#define VOLUME_FLAG_BACKGROUND 8   // sky and ground behind the volume (opaque output)
#define VOLUME_FLAG_DISPLAY 16     // exposure, filmic shoulder and sRGB encoding of the output

#ifdef VOLUME_SKIP_EMPTY
// A storage buffer (std430 lays this struct out as std140 does): lavapipe, the CPU driver the tests
// run on, specialises a shader to the values of the small uniform blocks it reads (its uniform
// inlining), which for the sparse march means seconds of compiling for every new view; it leaves
// storage buffers alone. GPUs read both alike.
layout(std430, binding = 0) readonly buffer VolumeViewBlock { VolumeView view; };
#else
layout(std140, binding = 0) uniform VolumeViewBlock { VolumeView view; };
#endif

bool volumeFlag(int flag) { return (view.grid.w & flag) != 0; }

float volumeDensityAt(ivec3 cell);
float volumeTemperatureAt(ivec3 cell);
float volumeSolidAt(ivec3 cell);
vec3 volumeColourAt(ivec3 cell);
float volumeLightAt(vec3 p);
float volumeColliderDistance(vec3 p);
#ifdef VOLUME_SKIP_EMPTY
float volumeEmptyUntil(vec3 origin, vec3 direction, float t);
uint volumeViewSamples = 0u, volumeLightSamples = 0u;
// The index of the step loop to continue from after sample k was found to lie in open air that
// ends at ray parameter `until`: the first sample whose (unshortened) midpoint `first + k step +
// step / 2` passes it, less one for the loop's ++k; at least k (progress is always made).
int volumeSkipTo(int k, float first, float stepLength, float until) {
    return max(k, int(ceil((until - first - 0.5 * stepLength) / stepLength)) - 1);
}
#endif

// Trilinear interpolation of a cell-centred field at p (cell units).
#define VOLUME_TRILINEAR(TYPE, FETCH, p)                                                             \
    {                                                                                                \
        vec3 q = clamp(p - 0.5, vec3(0.0), vec3(view.grid.xyz - 1));                                 \
        ivec3 c0 = ivec3(floor(q));                                                                  \
        vec3 f = q - vec3(c0);                                                                       \
        ivec3 c1 = min(c0 + 1, view.grid.xyz - 1);                                                   \
        TYPE x00 = mix(FETCH(ivec3(c0.x, c0.y, c0.z)), FETCH(ivec3(c1.x, c0.y, c0.z)), f.x);       \
        TYPE x10 = mix(FETCH(ivec3(c0.x, c1.y, c0.z)), FETCH(ivec3(c1.x, c1.y, c0.z)), f.x);       \
        TYPE x01 = mix(FETCH(ivec3(c0.x, c0.y, c1.z)), FETCH(ivec3(c1.x, c0.y, c1.z)), f.x);       \
        TYPE x11 = mix(FETCH(ivec3(c0.x, c1.y, c1.z)), FETCH(ivec3(c1.x, c1.y, c1.z)), f.x);       \
        return mix(mix(x00, x10, f.y), mix(x01, x11, f.y), f.z);                                    \
    }

#ifdef VOLUME_SKIP_EMPTY
// Over a sparse grid a fetch is a brick-map lookup: the eight taps of a sample are gathered in one
// loop (one copy of the fetch per call site rather than eight, which keeps the module small enough
// for a CPU driver to compile in seconds), then interpolated by VOLUME_TRILINEAR from the gather,
// the same arithmetic on the same values. The taps: c0 = floor(clamp(p - 1/2)), c1 = min(c0 + 1, n - 1).
ivec3 volumeTapBase;
float volumeTaps[8];
float volumeTapAt(ivec3 c) {
    ivec3 d = min(c - volumeTapBase, ivec3(1));
    return volumeTaps[d.x + 2 * d.y + 4 * d.z];
}
float volumeTrilinearTaps(vec3 p) VOLUME_TRILINEAR(float, volumeTapAt, p)
ivec3 volumeTapCell(ivec3 base, int t) { return min(base + ivec3(t & 1, (t >> 1) & 1, t >> 2), view.grid.xyz - 1); }
ivec3 volumeTapBaseOf(vec3 p) { return ivec3(floor(clamp(p - 0.5, vec3(0.0), vec3(view.grid.xyz - 1)))); }
// field 0 density, 1 temperature, 2 solid.
float volumeGathered(int field, vec3 p) {
    volumeTapBase = volumeTapBaseOf(p);
    for (int t = 0; t < 8; ++t) {
        ivec3 c = volumeTapCell(volumeTapBase, t);
        volumeTaps[t] = field == 0 ? volumeDensityAt(c) : field == 1 ? volumeTemperatureAt(c) : volumeSolidAt(c);
    }
    return volumeTrilinearTaps(p);
}
float volumeDensity(vec3 p) { return volumeGathered(0, p); }
float volumeTemperature(vec3 p) { return volumeGathered(1, p); }
float volumeSolid(vec3 p) { return volumeGathered(2, p); }
#else
float volumeDensity(vec3 p) VOLUME_TRILINEAR(float, volumeDensityAt, p)
float volumeTemperature(vec3 p) VOLUME_TRILINEAR(float, volumeTemperatureAt, p)
float volumeSolid(vec3 p) VOLUME_TRILINEAR(float, volumeSolidAt, p)
#endif

// The ray's parameter interval inside the grid's box [0, n]^3 (t0 > t1 when it misses).
vec2 volumeBoxInterval(vec3 origin, vec3 direction) {
    vec3 inv = 1.0 / direction;
    vec3 a = (vec3(0.0) - origin) * inv, b = (vec3(view.grid.xyz) - origin) * inv;
    vec3 lo = min(a, b), hi = max(a, b);
    return vec2(max(max(lo.x, lo.y), max(lo.z, 0.0)), min(min(hi.x, hi.y), hi.z));
}

// T_light at p: exp(-sigma * integral of density from p toward the light to the grid's edge),
// midpoint rule with steps of view.medium.w cells (the last one shortened to end at the edge); 0
// when a solid cell lies on the way.
float shadowTransmittance(vec3 p) {
    vec3 l = view.lightDirection.xyz;
    vec2 span = volumeBoxInterval(p, l);
    float opticalDepth = 0.0;
    float stepLength = view.medium.w;
    float first = max(span.x, 0.0), len = span.y - first;
    // A counted loop: at most the box's diagonal over the step, whatever the rounding of t.
    int steps = len > 0.0 ? int(ceil(len / stepLength)) : 0;
    for (int k = 0; k < steps; ++k) {
        float t = float(k) * stepLength;
        float ds = min(stepLength, len - t);
#ifdef VOLUME_SKIP_EMPTY
        float emptyUntil = volumeEmptyUntil(p, l, first + t + 0.5 * ds);
        if (emptyUntil >= 0.0) {
            k = volumeSkipTo(k, first, stepLength, emptyUntil);
            continue;
        }
        ++volumeLightSamples;
#endif
        vec3 x = p + l * (first + t + 0.5 * ds);
        if (volumeFlag(VOLUME_FLAG_SOLIDS) && volumeSolid(x) > view.fire.w) return 0.0;
        opticalDepth += volumeDensity(x) * ds;
    }
    return exp(-view.medium.x * opticalDepth);
}

float volumePhase(float cosTheta, float g) {
    // Henyey-Greenstein times 4 pi: mean 1 over all directions (isotropic at g = 0).
    float d = 1.0 + g * g - 2.0 * g * cosTheta;
    return (1.0 - g * g) / (d * sqrt(d));
}

// Planck's law B(lambda, T) up to a constant, at 610 / 550 / 465 nm (red, green, blue), scaled so
// the brightest channel is 1: the colour of a black body at T kelvin. T lies between the look's
// colourLow and colourHigh, which the host keeps in [500, 50000] K: there c2 / (lambda T) is at
// most 62 (e^62 = 8e26) and at least 0.47, so every term is a normal float. Below about 350 K
// the blue term's exponential overflows and the colour is 0 / 0.
vec3 blackbodyColour(float kelvin) {
    const vec3 lambda = vec3(610e-9, 550e-9, 465e-9);
    const float c2 = 1.4388e-2;  // h c / k_B, m K
    vec3 b = 1.0 / (pow(lambda / 465e-9, vec3(5.0)) * (exp(c2 / (lambda * kelvin)) - 1.0));
    return b / max(b.r, max(b.g, b.b));
}

// Fire radiance per cell of path at temperature T (K).
vec3 fireEmission(float temperature) {
    float w = clamp((temperature - view.fire.x) / max(view.fire.y - view.fire.x, 1e-3), 0.0, 1.0);
    if (w <= 0.0) return vec3(0.0);
    return view.fire.z * w * w * blackbodyColour(mix(view.fireColour.x, view.fireColour.y, w));
}

// The background along a ray leaving the grid (VOLUME_FLAG_BACKGROUND): the ground plane y = 0
// (a soft checker, shadowed by the volume) below the horizon, the sky above.
vec3 volumeBackground(vec3 origin, vec3 direction) {
    float tile = view.groundColour.w;
    if (tile > 0.0 && direction.y < -1e-4) {
        float t = -origin.y / direction.y;
        vec3 hit = origin + t * direction;
        vec2 cell = floor(hit.xz / tile);
        float checker = mod(cell.x + cell.y, 2.0) == 0.0 ? 1.0 : 0.82;
        float shade = max(view.lightDirection.y, 0.0) * shadowTransmittance(hit + vec3(0.0, 1e-3, 0.0));
        vec3 lit = view.groundColour.rgb * checker * (view.lightColour.rgb * shade + view.ambientColour.rgb);
        // Fade into the horizon far away so the ground has no hard edge.
        float fade = exp(-t / (8.0 * float(max(view.grid.x, view.grid.z))));
        return mix(view.skyHorizon.rgb, lit, fade);
    }
    float up = clamp(direction.y, 0.0, 1.0);
    return mix(view.skyHorizon.rgb, view.skyZenith.rgb, sqrt(up));
}

struct VolumeSample {
    vec3 radiance;        // linear light reaching the camera from the volume and the surfaces
    float transmittance;  // of the volume alone along the ray (1 empty, 0 opaque)
    bool hitSurface;      // a solid or a collider ends the ray (opaque)
};

// The albedo at p: the look's, tinted by the colour field's rgb / density where there is one.
vec3 volumeAlbedo(vec3 p, float density) {
    if (!volumeFlag(VOLUME_FLAG_COLOUR)) return vec3(view.medium.y);
    vec3 colour = volumeColourAt(ivec3(clamp(floor(p), vec3(0.0), vec3(view.grid.xyz - 1))));
    return view.medium.y * clamp(colour / max(density, 1e-6), 0.0, 1.0);
}

// A lit surface at x with normal n (Lambert, shadowed by the volume, plus the ambient light).
vec3 volumeSurface(vec3 x, vec3 n) {
    float lambert = max(dot(n, view.lightDirection.xyz), 0.0) * shadowTransmittance(x + n * 1.5);
    return view.solidColour.rgb * (view.lightColour.rgb * lambert + view.ambientColour.rgb);
}

// Where the ray first meets an analytic collider between t0 and t1 (sphere tracing on the exact
// distance; > t1 when it does not).
float volumeColliderHit(vec3 origin, vec3 direction, float t0, float t1) {
    if (view.cellSize.y < 0.5) return t1 + 1.0;
    float t = t0;
    for (int k = 0; k < 128 && t <= t1; ++k) {
        float d = volumeColliderDistance(origin + direction * t);
        if (d < 0.02) return t;
        t += d;
    }
    return t1 + 1.0;
}

vec3 volumeColliderNormal(vec3 x) {
    vec3 e = vec3(0.05, 0.0, 0.0);
    vec3 n = vec3(volumeColliderDistance(x + e.xyy) - volumeColliderDistance(x - e.xyy),
                  volumeColliderDistance(x + e.yxy) - volumeColliderDistance(x - e.yxy),
                  volumeColliderDistance(x + e.yyx) - volumeColliderDistance(x - e.yyx));
    return length(n) > 1e-6 ? normalize(n) : vec3(0.0, 1.0, 0.0);
}

// The primary march from `origin` along unit `direction` (cell units) up to `limit` (the engine's
// depth): midpoint rule with steps of view.medium.z cells (the last one shortened to end at the
// box's edge or the limit), stopping early below 1e-3 transmittance or at a surface: an analytic
// collider (exact), or a solid cell (the solid fraction's 1/2 level, normal from its gradient;
// skipped within 1.5 cells of an analytic collider, whose exact surface is drawn instead).
VolumeSample marchVolume(vec3 origin, vec3 direction, float limit) {
    VolumeSample s;
    s.radiance = vec3(0.0);
    s.transmittance = 1.0;
    s.hitSurface = false;
    vec2 span = volumeBoxInterval(origin, direction);
    span.y = min(span.y, limit);
    float colliderT = volumeColliderHit(origin, direction, span.x, span.y);
    bool endsOnCollider = colliderT <= span.y;
    if (endsOnCollider) span.y = colliderT;
    float stepLength = view.medium.z;
    float cosTheta = dot(direction, view.lightDirection.xyz);
    float phase = volumePhase(cosTheta, view.lightDirection.w);
    // March from the box's entry point in a counted loop: measured from a far camera, t + step
    // stops changing once t passes ~1e7 cells, and the loop would never end.
    vec3 entry = origin + direction * span.x;
    float len = span.y - span.x;
    int steps = len > 0.0 ? int(ceil(len / stepLength)) : 0;
    for (int k = 0; k < steps; ++k) {
        float t = float(k) * stepLength;
        float ds = min(stepLength, len - t);
#ifdef VOLUME_SKIP_EMPTY
        float emptyUntil = volumeEmptyUntil(entry, direction, t + 0.5 * ds);
        if (emptyUntil >= 0.0) {
            k = volumeSkipTo(k, 0.0, stepLength, emptyUntil);
            continue;
        }
        ++volumeViewSamples;
#endif
        vec3 x = entry + direction * (t + 0.5 * ds);
        if (volumeFlag(VOLUME_FLAG_SOLIDS) && volumeSolid(x) > view.fire.w && volumeColliderDistance(x) > 1.5) {
            vec3 e = vec3(0.5, 0.0, 0.0);
            vec3 n = -vec3(volumeSolid(x + e.xyy) - volumeSolid(x - e.xyy), volumeSolid(x + e.yxy) - volumeSolid(x - e.yxy),
                           volumeSolid(x + e.yyx) - volumeSolid(x - e.yyx));
            n = length(n) > 1e-6 ? normalize(n) : -direction;
            s.radiance += s.transmittance * volumeSurface(x, n);
            s.hitSurface = true;
            s.transmittance = 0.0;
            return s;
        }
        float density = volumeDensity(x);
        float temperature = volumeTemperature(x);
        vec3 emitted = fireEmission(temperature) * ds;
        if (density > view.fireColour.w) {
            float absorbed = 1.0 - exp(-view.medium.x * density * ds);
            vec3 lit = view.lightColour.rgb * (phase * volumeLightAt(x)) + view.ambientColour.rgb;
            s.radiance += s.transmittance * (volumeAlbedo(x, density) * absorbed * lit + emitted);
            s.transmittance *= 1.0 - absorbed;
            if (s.transmittance < 1e-3) {
                s.transmittance = 0.0;
                return s;
            }
        } else {
            s.radiance += s.transmittance * emitted;
        }
    }
    if (endsOnCollider) {
        vec3 x = origin + direction * colliderT;
        s.radiance += s.transmittance * volumeSurface(x, volumeColliderNormal(x));
        s.hitSurface = true;
        s.transmittance = 0.0;
    }
    return s;
}

// The domain's outline along a ray: for each of the box's 12 edges, the ray's closest approach to
// it, compared across the screen (distance / ray length, an angle) with the outline's half width,
// with a soft edge. Returns the coverage of edges nearer than the box's middle along the ray (x,
// drawn over everything) and of the farther ones (y, seen through the volume), stopping at `limit`.
vec2 volumeOutline(vec3 origin, vec3 direction, vec2 span, float limit) {
    vec3 n = vec3(view.grid.xyz);
    float middle = 0.5 * (span.x + span.y);
    vec2 coverage = vec2(0.0);
    for (int e = 0; e < 12; ++e) {
        int axis = e / 4;                      // the edge runs along this axis
        int other1 = (axis + 1) % 3, other2 = (axis + 2) % 3;
        vec3 a = vec3(0.0);
        a[other1] = (e & 1) != 0 ? n[other1] : 0.0;
        a[other2] = (e & 2) != 0 ? n[other2] : 0.0;
        vec3 u = vec3(0.0);
        u[axis] = n[axis];
        // Closest approach of the segment a + s u (s in [0, 1]) and the line origin + t direction.
        vec3 w0 = a - origin;
        float uu = dot(u, u), ud = dot(u, direction), uw = dot(u, w0), dw = dot(direction, w0);
        float denominator = uu - ud * ud;
        if (denominator < 1e-6 * uu) continue;  // parallel to the ray: a point on screen
        float s = clamp((ud * dw - uw) / denominator, 0.0, 1.0);
        vec3 onEdge = a + s * u;
        float t = dot(onEdge - origin, direction);
        if (t <= 0.0 || t > limit) continue;
        float across = length(onEdge - (origin + t * direction)) / (t * view.eye.w);
        float c = 1.0 - smoothstep(0.6, 1.0, across);
        if (t < middle) coverage.x = max(coverage.x, c);
        else coverage.y = max(coverage.y, c);
    }
    return coverage;
}

// Exposure, a filmic shoulder (1 - e^{-x}) and the sRGB curve: linear radiance -> display [0, 1].
vec3 volumeToDisplay(vec3 radiance) {
    vec3 x = 1.0 - exp(-radiance * view.fireColour.z);
    return mix(12.92 * x, 1.055 * pow(x, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), x));
}

#endif
