// How the 3D advection kernels sample the field they carry at a back-traced point: trilinear
// (BILLOW_TRILERP, smoke3d/taps.glsl) or monotone cubic along x, then y, then z
// (common/monotone_cubic.glsl), picked by the kernel's variant (kInterpolation,
// common/interpolation_variant.glsl: each path is a pipeline of its own). The taps extend to the second sample beyond a side by the same rule as the first.
#include "common/monotone_cubic.glsl"
#include "common/interpolation_variant.glsl"

// Monotone tricubic of READ(ivec3) at continuous index coordinate `coord` into `result` of type
// TYPE: 16 monotone cubics along x (lines b.y-1 .. b.y+2 of planes b.z-1 .. b.z+2), four along y
// per plane, one along z. Each stays within its two middle samples, so the result stays within
// the eight samples trilinear interpolation would use. Where all 64 samples lie inside [0, LIMIT),
// DIRECT(c) reads them without the taps (the identity there: same bits), as in BILLOW_TRILERP;
// the loops are kept loops for the same reason (compile time on CPU implementations).
#define BILLOW_TRICUBIC(TYPE, READ, DIRECT, LIMIT, coord, result)                                \
    {                                                                                            \
        vec3 ccoord_ = (coord);                                                                  \
        vec3 cbase_ = floor(ccoord_);                                                            \
        ivec3 cb_ = ivec3(cbase_);                                                               \
        vec3 ct_ = ccoord_ - cbase_;                                                             \
        bool inside_ = BILLOW_DIRECT_TRICUBIC3(cb_, (LIMIT));                                    \
        /* Where the eight inner samples are equal, every cubic between them returns that value  \
           (zero slopes, clamped to [f1, f2]), so the 56 outer samples are not read: the common    \
           case of empty air or ambient temperature around a plume. */                            \
        TYPE inner_ = inside_ ? DIRECT(cb_) : READ(cb_);                                         \
        bool uniform_ = true;                                                                    \
        [[dont_unroll]] for (int k_ = 1; k_ < 8 && uniform_; ++k_) {                             \
            ivec3 o_ = cb_ + ivec3(k_ & 1, (k_ >> 1) & 1, k_ >> 2);                              \
            uniform_ = (inside_ ? DIRECT(o_) : READ(o_)) == inner_;                              \
        }                                                                                        \
        if (uniform_) result = inner_;                                                           \
        else {                                                                                   \
        TYPE planes_[4];                                                                         \
        [[dont_unroll]] for (int z_ = 0; z_ < 4; ++z_) {                                         \
            TYPE lines_[4];                                                                      \
            [[dont_unroll]] for (int y_ = 0; y_ < 4; ++y_) {                                     \
                ivec3 c_ = cb_ + ivec3(-1, y_ - 1, z_ - 1);                                      \
                TYPE s_[4];                                                                      \
                if (inside_) {                                                                   \
                    [[dont_unroll]] for (int x_ = 0; x_ < 4; ++x_) s_[x_] = DIRECT(c_ + ivec3(x_, 0, 0)); \
                } else {                                                                         \
                    [[dont_unroll]] for (int x_ = 0; x_ < 4; ++x_) s_[x_] = READ(c_ + ivec3(x_, 0, 0)); \
                }                                                                                \
                lines_[y_] = monotoneCubic(s_[0], s_[1], s_[2], s_[3], ct_.x);                   \
            }                                                                                    \
            planes_[z_] = monotoneCubic(lines_[0], lines_[1], lines_[2], lines_[3], ct_.y);      \
        }                                                                                        \
        result = monotoneCubic(planes_[0], planes_[1], planes_[2], planes_[3], ct_.z);           \
        }                                                                                        \
    }

// DIRECT(ivec3) reads a sample inside the grid for the tricubic, FETCH(index) for the trilinear.
#define BILLOW_INTERPOLATE3(TYPE, READ, DIRECT, FETCH, LIMIT, coord, result)                     \
    {                                                                                            \
        if (kInterpolation == BILLOW_INTERPOLATION_CUBIC)                                        \
            BILLOW_TRICUBIC(TYPE, READ, DIRECT, LIMIT, coord, result)                            \
        else BILLOW_TRILERP(TYPE, READ, FETCH, LIMIT, coord, result)                             \
    }
