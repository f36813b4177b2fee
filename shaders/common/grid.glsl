// Shared by every smoke kernel: the grid uniform block, index helpers, and the boundary rules for
// samples that fall outside the domain ("taps"). Every kernel resolves neighbours through these
// taps, so walls, moving walls, inflow, outflow and periodic sides follow one set of formulas.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "common/grid_types.h"

// Kernels that shape their own workgroup (e.g. a tile plus halo) define BILLOW_OWN_WORKGROUP_SIZE;
// they are dispatched one workgroup per tile (see KernelSet::dispatch).
#ifndef BILLOW_OWN_WORKGROUP_SIZE
layout(local_size_x = BILLOW_GROUP_X, local_size_y = BILLOW_GROUP_Y) in;
#endif
layout(std140, set = 0, binding = 0) uniform GridBlock { GridParams grid; };

#define BILLOW_MAC_NX grid.nx
#define BILLOW_MAC_NY grid.ny
#include "common/mac_index.glsl"

bool periodicX() { return grid.sideType[BILLOW_LEFT] == BILLOW_PERIODIC; }
bool periodicY() { return grid.sideType[BILLOW_BOTTOM] == BILLOW_PERIODIC; }

#include "common/wrap_index.glsl"

// A resolved sample of a face field: value = scale * field[index] + offset.
struct Tap { int index; float scale; float offset; };

// Ghost rule for the tangential velocity component beyond a side: free-slip walls and outflow
// mirror it (zero gradient); a moving wall is no-slip at its speed (ghost = 2 Vwall - inner);
// inflow enters with zero tangential velocity (ghost = -inner).
void tangentialGhost(int side, inout Tap t) {
    int type = grid.sideType[side];
    if (type == BILLOW_MOVING_WALL) { t.scale = -1.0; t.offset = 2.0 * grid.wallTangent[side]; }
    else if (type == BILLOW_INFLOW) { t.scale = -1.0; t.offset = 0.0; }
}

// u at face (i, j); i may lie in [-1, nx+1] and j in [-1, ny]. Along x (the normal direction)
// samples clamp to the boundary face, whose value is prescribed or solved.
Tap tapU(int i, int j) {
    Tap t = Tap(0, 1.0, 0.0);
    i = periodicX() ? wrapIndex(i, grid.nx) : clamp(i, 0, grid.nx);
    if (j < 0 || j >= grid.ny) {
        if (periodicY()) j = wrapIndex(j, grid.ny);
        else { tangentialGhost(j < 0 ? BILLOW_BOTTOM : BILLOW_TOP, t); j = clamp(j, 0, grid.ny - 1); }
    }
    t.index = xFaceIndex(i, j);
    return t;
}

// v at face (i, j); i may lie in [-1, nx] and j in [-1, ny+1].
Tap tapV(int i, int j) {
    Tap t = Tap(0, 1.0, 0.0);
    j = periodicY() ? wrapIndex(j, grid.ny) : clamp(j, 0, grid.ny);
    if (i < 0 || i >= grid.nx) {
        if (periodicX()) i = wrapIndex(i, grid.nx);
        else { tangentialGhost(i < 0 ? BILLOW_LEFT : BILLOW_RIGHT, t); i = clamp(i, 0, grid.nx - 1); }
    }
    t.index = yFaceIndex(i, j);
    return t;
}

// A resolved cell-centred sample on a grid of `size` cells: the cell to read, or, beyond an
// inflow side, that side's inflow value (inflowSide >= 0). Other sides clamp (zero gradient).
struct CellTap { int index; int inflowSide; };

CellTap tapCell(int i, int j, ivec2 size) {
    CellTap t = CellTap(0, -1);
    if (i < 0 || i >= size.x) {
        if (periodicX()) i = wrapIndex(i, size.x);
        else {
            int side = i < 0 ? BILLOW_LEFT : BILLOW_RIGHT;
            if (grid.sideType[side] == BILLOW_INFLOW) t.inflowSide = side;
            i = clamp(i, 0, size.x - 1);
        }
    }
    if (j < 0 || j >= size.y) {
        if (periodicY()) j = wrapIndex(j, size.y);
        else {
            int side = j < 0 ? BILLOW_BOTTOM : BILLOW_TOP;
            if (t.inflowSide < 0 && grid.sideType[side] == BILLOW_INFLOW) t.inflowSide = side;
            j = clamp(j, 0, size.y - 1);
        }
    }
    t.index = i + j * size.x;
    return t;
}

ivec2 cellGrid() { return ivec2(grid.nx, grid.ny); }
ivec2 dyeGrid() { return ivec2(grid.dyeNx, grid.dyeNy); }

// Keeps a back-traced position inside the domain on non-periodic axes.
vec2 clampToDomain(vec2 p) {
    vec2 extent = vec2(grid.nx, grid.ny) * grid.h;
    if (!periodicX()) p.x = clamp(p.x, 0.0, extent.x);
    if (!periodicY()) p.y = clamp(p.y, 0.0, extent.y);
    return p;
}

// Bilinear interpolation of READ(i, j) at continuous index coordinate `coord` (sample (i, j)
// sits at integer coordinates). READ is a function-like macro or function of (int, int).
#define BILLOW_BILERP(READ, coord, result)                                                     \
    {                                                                                        \
        vec2 base_ = floor(coord);                                                           \
        ivec2 b_ = ivec2(base_);                                                             \
        vec2 t_ = (coord) - base_;                                                           \
        result = mix(mix(READ(b_.x, b_.y), READ(b_.x + 1, b_.y), t_.x),                      \
                     mix(READ(b_.x, b_.y + 1), READ(b_.x + 1, b_.y + 1), t_.x), t_.y);       \
    }

// BILLOW_BILERP where the four samples usually lie inside the sampled array: there (all of
// [0, LIMIT), LIMIT its dimensions, x fastest) FETCH(k) reads them by index without READ's
// per-axis side tests (the taps of an inside sample are the identity: the same bits), their four
// loads one add apart; elsewhere READ applies the taps (measured in docs/performance-log.md,
// "Trilinear corners in flight together").
#define BILLOW_BILERP_DIRECT(READ, FETCH, LIMIT, coord, result)                                      \
    {                                                                                              \
        vec2 base_ = floor(coord);                                                                 \
        ivec2 b_ = ivec2(base_);                                                                   \
        vec2 t_ = (coord) - base_;                                                                 \
        ivec2 limit_ = (LIMIT);                                                                    \
        if (all(greaterThanEqual(b_, ivec2(0))) && all(lessThan(b_ + 1, limit_))) {                \
            int k_ = b_.x + b_.y * limit_.x;                                                       \
            result = mix(mix(FETCH(k_), FETCH(k_ + 1), t_.x),                                      \
                         mix(FETCH(k_ + limit_.x), FETCH(k_ + limit_.x + 1), t_.x), t_.y);         \
        } else {                                                                                   \
            result = mix(mix(READ(b_.x, b_.y), READ(b_.x + 1, b_.y), t_.x),                        \
                         mix(READ(b_.x, b_.y + 1), READ(b_.x + 1, b_.y + 1), t_.x), t_.y);         \
        }                                                                                          \
    }

// On a periodic axis the last face duplicates face 0: compute it as face 0 so both stay bitwise equal.
int canonicalUColumn(int i) { return (periodicX() && i == grid.nx) ? 0 : i; }
int canonicalVRow(int j) { return (periodicY() && j == grid.ny) ? 0 : j; }
