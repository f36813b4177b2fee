// Monotone cubic interpolation (Fritsch & Carlson 1980, as Fedkiw, Stam & Jensen 2001 use it for
// smoke), one axis at a time; shared by the 2D and 3D advection kernels.
//
// Between samples f1 (t = 0) and f2 (t = 1), with f0 and f3 the samples beyond them, the cubic
// Hermite polynomial with slopes d1 = (f2 - f0) / 2 and d2 = (f3 - f1) / 2 (Catmull-Rom), where
// each slope is set to 0 if its sign differs from delta = f2 - f1 (and both are 0 where delta = 0)
// and capped at 3 |delta|. Slopes within [0, 3 delta] are Fritsch & Carlson's sufficient condition
// for the cubic to be monotone on [0, 1], so it stays within [f1, f2]: no new extrema, unlike
// Catmull-Rom, which overshoots at steps. The final clamp to [min(f1, f2), max(f1, f2)] only
// absorbs float rounding. Componentwise for vectors (each channel its own slopes).

#define BILLOW_DEFINE_MONOTONE_CUBIC(TYPE)                                                    \
    TYPE monotoneCubic(TYPE f0, TYPE f1, TYPE f2, TYPE f3, float t) {                        \
        TYPE delta = f2 - f1;                                                                 \
        TYPE s = sign(delta);                                                                 \
        TYPE cap = 3.0 * abs(delta);                                                          \
        TYPE d1 = s * clamp(0.5 * s * (f2 - f0), TYPE(0.0), cap);                             \
        TYPE d2 = s * clamp(0.5 * s * (f3 - f1), TYPE(0.0), cap);                             \
        TYPE value = f1 + t * (d1 + t * ((3.0 * delta - 2.0 * d1 - d2) + t * (d1 + d2 - 2.0 * delta))); \
        return clamp(value, min(f1, f2), max(f1, f2));                                        \
    }

BILLOW_DEFINE_MONOTONE_CUBIC(float)
BILLOW_DEFINE_MONOTONE_CUBIC(vec3)
BILLOW_DEFINE_MONOTONE_CUBIC(vec4)
