// The boundary rules of the 3D smoke kernels ("taps", as common/grid.glsl for 2D): a kernel that
// needs a value beyond a side asks for a tap, so walls, moving walls, inflow, outflow and periodic
// sides follow one set of formulas in every kernel.
//
//   side type   normal velocity on its faces     tangential ghost        cell-centred ghost
//   Wall        0 (closed)                       mirror (u_g = u)        clamp (zero gradient)
//   MovingWall  0 (closed)                       no-slip: 2 V_t - u      clamp
//   Inflow      the inflow speed (closed)        0: -u                   the inflow's values
//   Outflow     solved (open)                    mirror                  clamp
//   Periodic    solved, face n = face 0          wrap                    wrap
//
// Also: face positions, trilinear interpolation, the domain clamp of back-traced points, and the
// canonical index of the duplicate last face of a periodic axis.
#ifndef BILLOW_TAPS3_GLSL
#define BILLOW_TAPS3_GLSL
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "common/grid3d.glsl"

// Where a resolved sample is stored: the dense grid's index. A sparse grid defines these hooks
// before including this file (sparse3d/bricks.glsl), so the side rules below serve it too.
#ifndef BILLOW_STORED_FACE3
#define BILLOW_STORED_FACE3(axis, f, t) { t.index = faceIndex3(axis, f); }
#endif
#ifndef BILLOW_STORED_CELL3
#define BILLOW_STORED_CELL3(c, t) { t.index = cellIndex3(c); }
#endif
// The extent inside which a kernel may read a sampled array by its dense index, without taps.
#ifndef BILLOW_DIRECT_LIMIT3
#define BILLOW_DIRECT_LIMIT3(n) (n)
#endif
// Whether the eight corners from b (b + (0|1, 0|1, 0|1)) of an array of extent `limit` can be read
// by index without taps, and if so the first one's index and the strides to the next row and plane
// (the dense layout; a sparse grid reads the corners inside one brick: sparse3d/bricks.glsl).
#ifndef BILLOW_DIRECT_CORNERS3
bool denseCorners3(ivec3 b, ivec3 limit, out int first, out int rowStride, out int planeStride) {
    first = b.x + limit.x * (b.y + limit.y * b.z);
    rowStride = limit.x;
    planeStride = limit.x * limit.y;
    return all(greaterThanEqual(b, ivec3(0))) && all(lessThan(b + 1, limit));
}
#define BILLOW_DIRECT_CORNERS3(b, limit, first, rowStride, planeStride) denseCorners3(b, limit, first, rowStride, planeStride)
#endif
// Whether the monotone tricubic's 64 samples from b - 1 may be read by dense index (DIRECT).
#ifndef BILLOW_DIRECT_TRICUBIC3
#define BILLOW_DIRECT_TRICUBIC3(b, limit) (all(greaterThanEqual(b - 1, ivec3(0))) && all(lessThan(b + 2, limit)))
#endif

// A resolved sample of a face field: value = scale * field[index] + offset.
struct Tap3 { int index; float scale; float offset; };

// The ghost rule of a velocity component (along `axis`) tangential to `side`, composed onto `t`
// (a sample beyond two sides, at an edge of the domain, applies both).
void tangentialGhost3(int side, int axis, inout Tap3 t) {
    int type = sideType3(side);
    if (type == BILLOW_MOVING_WALL) {
        t.scale = -t.scale;
        t.offset = 2.0 * grid.wallVelocity[side][axis] - t.offset;
    } else if (type == BILLOW_INFLOW) {
        t.scale = -t.scale;
        t.offset = -t.offset;
    }
}

// The face normal to `axis` at f; each component may lie one layer beyond the face grid. Along
// `axis` (the normal direction) samples clamp to the boundary face, whose value is prescribed or
// solved; along the other axes the tangential ghost rules apply.
Tap3 tapFace3(int axis, ivec3 f) {
    Tap3 t = Tap3(0, 1.0, 0.0);
    ivec3 n = gridCells();
    for (int b = 0; b < 3; ++b) {
        if (b == axis) {
            f[b] = periodic3(b) ? wrapIndex(f[b], n[b]) : clamp(f[b], 0, n[b]);
        } else if (f[b] < 0 || f[b] >= n[b]) {
            if (periodic3(b)) f[b] = wrapIndex(f[b], n[b]);
            else {
                tangentialGhost3(f[b] < 0 ? 2 * b : 2 * b + 1, axis, t);
                f[b] = clamp(f[b], 0, n[b] - 1);
            }
        }
    }
    BILLOW_STORED_FACE3(axis, f, t)
    return t;
}

// A resolved cell-centred sample: the cell to read, or, beyond an inflow side, that side's inflow
// value (inflowSide >= 0; at an edge of the domain the first inflow side along x, y, z). Other
// sides clamp (zero gradient), periodic ones wrap.
struct CellTap3 { int index; int inflowSide; };

CellTap3 tapCell3(ivec3 c) {
    CellTap3 t = CellTap3(0, -1);
    ivec3 n = gridCells();
    for (int b = 0; b < 3; ++b) {
        if (c[b] >= 0 && c[b] < n[b]) continue;
        if (periodic3(b)) c[b] = wrapIndex(c[b], n[b]);
        else {
            int side = c[b] < 0 ? 2 * b : 2 * b + 1;
            if (t.inflowSide < 0 && sideType3(side) == BILLOW_INFLOW) t.inflowSide = side;
            c[b] = clamp(c[b], 0, n[b] - 1);
        }
    }
    BILLOW_STORED_CELL3(c, t)
    return t;
}

// A cell index one or more cells beyond the grid brought back into it: clamped, or wrapped on
// periodic axes (the neighbour rule of the cell-centred differences of the confinement).
ivec3 resolveCell3(ivec3 c) {
    ivec3 n = gridCells();
    for (int b = 0; b < 3; ++b) c[b] = periodic3(b) ? wrapIndex(c[b], n[b]) : clamp(c[b], 0, n[b] - 1);
    return c;
}

// Inflow values of a side: 0 density, 1 temperature, 2 fuel.
float inflowScalar3(int side, int field) { return grid.inflow[side][1 + field]; }

// On a periodic axis the last face layer duplicates layer 0: kernels compute it as layer 0 (same
// position, same reads) so both stay bitwise equal.
ivec3 canonicalFace3(int axis, ivec3 f) {
    if (periodic3(axis) && f[axis] == gridCells()[axis]) f[axis] = 0;
    return f;
}

// Position (m) of sample 0 of a face grid, in cells: 0 along the face's normal, 1/2 across.
vec3 faceOffset3(int axis) { vec3 o = vec3(0.5); o[axis] = 0.0; return o; }
vec3 facePosition3(int axis, ivec3 f) { return (vec3(f) + faceOffset3(axis)) * grid.h; }
vec3 cellCentre3(ivec3 c) { return (vec3(c) + 0.5) * grid.h; }

// Keeps a back-traced position inside the domain on non-periodic axes.
vec3 clampToDomain3(vec3 p) {
    vec3 extent = vec3(gridCells()) * grid.h;
    for (int b = 0; b < 3; ++b)
        if (!periodic3(b)) p[b] = clamp(p[b], 0.0, extent[b]);
    return p;
}

// Trilinear interpolation of READ(ivec3) at continuous index coordinate `coord` (sample c sits at
// integer coordinates c), evaluated once, into `result` of type TYPE (float or vec4): the sum over
// the eight corners c = base + (x, y, z), x, y, z in {0, 1}, in the order x fastest, of
// READ(c) wx wy wz, with wx = t.x for x = 1 and 1 - t.x for x = 0 (t = coord - base). READ is a
// function-like macro or a function of one ivec3 that applies the boundary taps. Where all eight
// corners lie inside [0, LIMIT) (nearly every sample: the interior of the grid), FETCH(k) reads
// them by their index k in the sampled array, whose dimensions are LIMIT (x fastest), without the
// taps' per-axis side tests: the taps of an inside sample are the identity, so both paths give
// the same bits. The interior path is unrolled with its eight indices one add from the first, so
// its eight loads are in flight together (a 3D back-trace interpolates 7 times; measured in
// docs/performance-log.md, "Trilinear corners in flight together"). The tapped corner loop stays a
// loop (dont_unroll): unrolled, the taps inlined eight times over make kernels that take seconds
// to compile on CPU implementations.
#define BILLOW_TRILERP(TYPE, READ, FETCH, LIMIT, coord, result)                         \
    {                                                                                 \
        vec3 coord_ = (coord);                                                        \
        vec3 base_ = floor(coord_);                                                   \
        ivec3 b_ = ivec3(base_);                                                      \
        vec3 t_ = coord_ - base_;                                                     \
        TYPE sum_ = TYPE(0.0);                                                        \
        ivec3 limit_ = (LIMIT);                                                       \
        int first_, rowStride_, planeStride_;                                         \
        if (BILLOW_DIRECT_CORNERS3(b_, limit_, first_, rowStride_, planeStride_)) {   \
            [[unroll]] for (int corner_ = 0; corner_ < 8; ++corner_) {                \
                ivec3 o_ = ivec3(corner_ & 1, (corner_ >> 1) & 1, corner_ >> 2);      \
                vec3 w_ = mix(vec3(1.0) - t_, t_, bvec3(o_));                         \
                sum_ += FETCH(first_ + o_.x + o_.y * rowStride_ + o_.z * planeStride_) \
                        * (w_.x * w_.y * w_.z);                                       \
            }                                                                         \
        } else {                                                                      \
            [[dont_unroll]] for (int corner_ = 0; corner_ < 8; ++corner_) {           \
                ivec3 o_ = ivec3(corner_ & 1, (corner_ >> 1) & 1, corner_ >> 2);      \
                vec3 w_ = mix(vec3(1.0) - t_, t_, bvec3(o_));                         \
                sum_ += READ(b_ + o_) * (w_.x * w_.y * w_.z);                         \
            }                                                                         \
        }                                                                             \
        result = sum_;                                                                \
    }

#endif
