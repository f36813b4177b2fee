// Second-order corrections of semi-Lagrangian advection for a cell-centred field (MacCormack and
// BFECC, Selle et al. 2008), with the limiter that keeps the result inside the values of the four
// cells the forward back-trace lands between. The including kernel defines
//   VALUE            float or vec4
//   FIELD_CELL       vec2 cell size of the field's grid, m
//   readOriginal(i, j)  the field before advection, boundary taps applied
// and declares the buffers `original`, `backward` (SL(SL(phi, dt), -dt)) and `result`.
//
// mode 0 (MacCormack): result = forward + (original - backward) / 2, then limited; `result`
//        holds the forward advection on entry.
// mode 1 (BFECC, compensate): result = original + (original - backward) / 2, no limiter; the
//        caller then advects it forward again.
// mode 2 (BFECC, limit): result = backward, limited, where `backward` holds the forward advection
//        of the compensated field.

#include "velocity_sampling.glsl"

VALUE limitToStencil(VALUE value, ivec2 id, float dt) {
    vec2 p = traceBack((vec2(id) + 0.5) * FIELD_CELL, dt);
    vec2 coord = p / FIELD_CELL - 0.5;
    ivec2 b = ivec2(floor(coord));
    VALUE a = readOriginal(b.x, b.y), c = readOriginal(b.x + 1, b.y);
    VALUE d = readOriginal(b.x, b.y + 1), e = readOriginal(b.x + 1, b.y + 1);
    return clamp(value, min(min(a, c), min(d, e)), max(max(a, c), max(d, e)));
}

void correct(ivec2 id, int k, int mode, float dt) {
    if (mode == 0) result[k] = limitToStencil(result[k] + 0.5 * (original[k] - backward[k]), id, dt);
    else if (mode == 1) result[k] = original[k] + 0.5 * (original[k] - backward[k]);
    else result[k] = limitToStencil(backward[k], id, dt);
}
