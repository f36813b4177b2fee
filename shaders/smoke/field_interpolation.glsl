// How the 2D advection kernels sample the field they carry at a back-traced point: bilinear
// (BILLOW_BILERP, common/grid.glsl) or monotone cubic along x then y (common/monotone_cubic.glsl),
// picked by the kernel's variant (kInterpolation, common/interpolation_variant.glsl). READ(i, j) applies
// the boundary taps, which extend to the second sample beyond a side by the same rule as the first
// (clamped to the edge sample, then mirrored, negated or wrapped).
#include "common/monotone_cubic.glsl"
#include "common/interpolation_variant.glsl"

// Monotone bicubic of READ(i, j) at continuous index coordinate `coord` (sample (i, j) at integer
// coordinates) into `result` of type TYPE: four monotone cubics along x (rows b.y-1 .. b.y+2),
// then one along y through their values. Each stays within its two middle samples, so the result
// stays within the four samples bilinear interpolation would use.
#define BILLOW_BICUBIC(TYPE, READ, coord, result)                                                  \
    {                                                                                              \
        vec2 cbase_ = floor(coord);                                                                \
        ivec2 cb_ = ivec2(cbase_);                                                                 \
        vec2 ct_ = (coord) - cbase_;                                                               \
        /* Where the four inner samples are equal, every cubic between them returns that value    \
           (zero slopes, clamped to [f1, f2]): the 12 outer samples are not read. */               \
        TYPE inner_ = READ(cb_.x, cb_.y);                                                          \
        if (READ(cb_.x + 1, cb_.y) == inner_ && READ(cb_.x, cb_.y + 1) == inner_ &&                \
            READ(cb_.x + 1, cb_.y + 1) == inner_) result = inner_;                                 \
        else {                                                                                     \
        TYPE rows_[4];                                                                             \
        for (int r_ = 0; r_ < 4; ++r_) {                                                           \
            int y_ = cb_.y - 1 + r_;                                                               \
            rows_[r_] = monotoneCubic(READ(cb_.x - 1, y_), READ(cb_.x, y_), READ(cb_.x + 1, y_),   \
                                      READ(cb_.x + 2, y_), ct_.x);                                 \
        }                                                                                          \
        result = monotoneCubic(rows_[0], rows_[1], rows_[2], rows_[3], ct_.y);                     \
        }                                                                                          \
    }

#define BILLOW_INTERPOLATE(TYPE, READ, coord, result)                                              \
    {                                                                                              \
        if (kInterpolation == BILLOW_INTERPOLATION_CUBIC) BILLOW_BICUBIC(TYPE, READ, coord, result) \
        else BILLOW_BILERP(READ, coord, result)                                                    \
    }
// The same where the bilinear samples inside the array (dimensions LIMIT) are read by index
// through FETCH(k) (BILLOW_BILERP_DIRECT, common/grid.glsl).
#define BILLOW_INTERPOLATE_DIRECT(TYPE, READ, FETCH, LIMIT, coord, result)                         \
    {                                                                                              \
        if (kInterpolation == BILLOW_INTERPOLATION_CUBIC) BILLOW_BICUBIC(TYPE, READ, coord, result) \
        else BILLOW_BILERP_DIRECT(READ, FETCH, LIMIT, coord, result)                               \
    }
