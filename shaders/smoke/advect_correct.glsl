// Second-order corrections of semi-Lagrangian advection (MacCormack and BFECC, Selle et al. 2008),
// with the limiter that keeps the result inside the values of the four samples the forward
// back-trace lands between: by clamping to their min/max (BILLOW_LIMITER_CLAMP), or by falling back
// to the plain semi-Lagrangian sample (bilinear or monotone cubic, as the advection's; both lie in
// that range) where the corrected value leaves that range (BILLOW_LIMITER_REVERT; a colour reverts
// as a whole). The including kernel defines
//   VALUE            float or vec4
//   FIELD_CELL       vec2 spacing of the field's samples, m
//   FIELD_OFFSET     vec2 position of sample (0, 0) in cells (cell centres: vec2(0.5), the
//                    default; x-faces: vec2(0, 0.5); y-faces: vec2(0.5, 0))
//   readOriginal(i, j)  the field before advection, boundary taps applied
//   LOAD(BUFFER, k), STORE(BUFFER, k, value)  optional: element access of the buffers below, for
//                    fields stored packed (default: BUFFER[k])
// and declares the buffers `original`, `backward` (SL(SL(phi, dt), -dt)) and `result`.
//
// mode 0 (MacCormack): result = forward + (original - backward) / 2, then limited; `result`
//        holds the forward advection on entry.
// mode 1 (BFECC, compensate): result = original + (original - backward) / 2, no limiter; the
//        caller then advects it forward again.
// mode 2 (BFECC, limit): result = backward, limited, where `backward` holds the forward advection
//        of the compensated field.

#include "smoke/velocity_sampling.glsl"
#include "smoke/field_interpolation.glsl"

#ifndef FIELD_OFFSET
#define FIELD_OFFSET vec2(0.5)
#endif
#ifndef LOAD
#define LOAD(BUFFER, k) BUFFER[k]
#define STORE(BUFFER, k, value) BUFFER[k] = (value)
#endif

VALUE limitToStencil(VALUE value, ivec2 id, int limiter, float dt) {
    vec2 p = traceBack((vec2(id) + FIELD_OFFSET) * FIELD_CELL, dt);
    vec2 coord = p / FIELD_CELL - FIELD_OFFSET;
    vec2 base = floor(coord);
    ivec2 b = ivec2(base);
    VALUE a = readOriginal(b.x, b.y), c = readOriginal(b.x + 1, b.y);
    VALUE d = readOriginal(b.x, b.y + 1), e = readOriginal(b.x + 1, b.y + 1);
    VALUE clamped = clamp(value, min(min(a, c), min(d, e)), max(max(a, c), max(d, e)));
    if (limiter == BILLOW_LIMITER_CLAMP || clamped == value) return clamped;
    if (kInterpolation == BILLOW_INTERPOLATION_CUBIC) {
        VALUE sampled;
        BILLOW_BICUBIC(VALUE, readOriginal, coord, sampled);
        return sampled;
    }
    vec2 t = coord - base;
    return mix(mix(a, c, t.x), mix(d, e, t.x), t.y);
}

// `id` is the sample whose position is traced, `k` the element written (they differ only for the
// duplicate last face of a periodic axis, which is computed as face 0).
void correct(ivec2 id, int k, int mode, int limiter, float dt) {
    VALUE before = LOAD(original, k);
    VALUE error = 0.5 * (before - LOAD(backward, k));
    if (mode == 0) {
        STORE(result, k, limitToStencil(LOAD(result, k) + error, id, limiter, dt));
    } else if (mode == 1) {
        STORE(result, k, before + error);
    } else {
        STORE(result, k, limitToStencil(LOAD(backward, k), id, limiter, dt));
    }
}
