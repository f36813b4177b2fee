// Second-order corrections of semi-Lagrangian advection in 3D (MacCormack and BFECC, Selle et al.
// 2008), with the limiter that keeps the result inside the values of the eight samples the forward
// back-trace lands between: by clamping to their min/max (BILLOW_LIMITER3_CLAMP), or by falling
// back to the plain semi-Lagrangian value (trilinear or monotone tricubic, as the advection's; both
// lie in that range) where the corrected value leaves that range (BILLOW_LIMITER3_REVERT; a colour reverts as a whole). The including kernel defines
//   VALUE              float or vec4
//   FIELD_OFFSET       vec3 position of sample (0, 0, 0) in cells (cell centres: vec3(0.5);
//                      faces normal to axis a: 0 along a, 1/2 across)
//   readOriginal(c)    the field before advection at sample c (ivec3), boundary taps applied
//   LOAD_VALUE(x)      the value of a stored element (common/flow_storage.glsl), and
//   STORE_VALUE(x)     the element that stores a value
// and declares the buffers `original`, `backward` and `result` and the velocity uIn, vIn, wIn.
//
// mode 0 (MacCormack): result = forward + (original - backward) / 2, then limited; `result`
//        holds the forward advection on entry and `backward` SL(SL(phi, dt), -dt).
// mode 1 (BFECC, compensate): result = original + (original - backward) / 2, not limited; the
//        caller then advects it forward again.
// mode 2 (BFECC, limit): result = backward, limited, where `backward` holds the forward advection
//        of the compensated field.

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/field_interpolation.glsl"

VALUE limitToStencil(VALUE value, ivec3 id, int limiter, float dt) {
    vec3 p = traceBack3((vec3(id) + FIELD_OFFSET) * grid.h, dt);
    vec3 coord = p * grid.invH - FIELD_OFFSET;
    vec3 base = floor(coord);
    ivec3 b = ivec3(base);
    vec3 t = coord - base;
    // The eight samples' min, max and trilinear value (BILLOW_TRILERP's weights and order), in
    // one loop.
    VALUE low = VALUE(1e30), high = VALUE(-1e30), interpolated = VALUE(0.0);
    [[dont_unroll]] for (int corner = 0; corner < 8; ++corner) {
        ivec3 o = ivec3(corner & 1, (corner >> 1) & 1, corner >> 2);
        vec3 w = mix(vec3(1.0) - t, t, bvec3(o));
        VALUE sample_ = readOriginal(b + o);
        low = min(low, sample_);
        high = max(high, sample_);
        interpolated += sample_ * (w.x * w.y * w.z);
    }
    VALUE clamped = clamp(value, low, high);
    if (limiter == BILLOW_LIMITER3_CLAMP || clamped == value) return clamped;
    if (kInterpolation == BILLOW_INTERPOLATION_CUBIC)
        BILLOW_TRICUBIC(VALUE, readOriginal, readOriginal, ivec3(0), coord, interpolated)
    return interpolated;
}

// `id` is the sample whose position is traced, `k` the element written (they differ only for the
// duplicate last face layer of a periodic axis, which is computed as layer 0).
void correct(ivec3 id, int k, int mode, int limiter, float dt) {
    VALUE before = LOAD_VALUE(original[k]);
    VALUE error = 0.5 * (before - LOAD_VALUE(backward[k]));
    if (mode == 1) {
        result[k] = STORE_VALUE(before + error);
        return;
    }
    VALUE corrected = mode == 0 ? LOAD_VALUE(result[k]) + error : LOAD_VALUE(backward[k]);
    result[k] = STORE_VALUE(limitToStencil(corrected, id, limiter, dt));
}
