// The 7-point stencil four cells along x at a time, on a level whose rows are a whole number of
// quads (nx % 4 == 0) and whose faces between cells are all open (no obstacle): the neighbourhood
// rules that pressure3d/jacobi_quads.comp, mg_restrict_quads.comp and residual_quads.comp share.
// A quad is read as one vec4; its neighbours along y and z are quads too, and along x the last
// lane of the quad before and the first of the quad after. Weights are 1 between cells and the
// buffers' on the grid's sides, read one branch per side of the quad: each of the four cells
// reading its own six (BILLOW_SIDE_WEIGHTS3, 24 branches in the sweep's loop) made SwiftShader's
// shader compiler use up 24 GB of memory and fail.
//
// Include after pressure3d/stencil3d.glsl, with the level's weight buffers declared as openX,
// openY and openZ.

// The quad across the side of quad coordinate c along y or z (axis 1 or 2), in a grid of `quads`
// quads along each axis: its index, or -1 beyond a side that is not periodic.
int quadNeighbour(ivec3 c, ivec3 quads, int axis, int step) {
    c[axis] += step;
    if (c[axis] < 0 || c[axis] >= quads[axis]) {
        if (!periodic3(axis)) return -1;
        c[axis] = wrapIndex(c[axis], quads[axis]);
    }
    return c.x + quads.x * (c.y + quads.y * c.z);
}

// The quads beside quad coordinate c along x: offsets of the quad before and after (wrapped on a
// periodic axis), and whether each exists (beyond another side the stencil's value is 0, where the
// side's weight is 0 or the outflow's pressure is 0).
struct QuadRow {
    bool hasWest, hasEast;
    int west, east;  // index offsets from the quad
};
QuadRow quadRow(ivec3 c, ivec3 quads) {
    const bool periodic = periodic3(0);
    return QuadRow(c.x > 0 || periodic, c.x < quads.x - 1 || periodic, c.x > 0 ? -1 : quads.x - 1,
                   c.x < quads.x - 1 ? 1 : 1 - quads.x);
}

// The weights of four faces in a row along x: a quad's faces normal to y or z.
vec4 openYQuad(int face) { return vec4(openY[face], openY[face + 1], openY[face + 2], openY[face + 3]); }
vec4 openZQuad(int face) { return vec4(openZ[face], openZ[face + 1], openZ[face + 2], openZ[face + 3]); }

// The weights of the faces of the quad whose first cell is `corner` that stay the same along z:
// south and north (normal to y), west and east (normal to x, of its first and last lane).
struct QuadSideWeights {
    vec4 south, north;
    float west, east;
};
QuadSideWeights quadSideWeights(ivec3 corner, ivec3 n) {
    const vec4 open = vec4(1.0);
    return QuadSideWeights(corner.y == 0 ? openYQuad(faceAt3(1, corner, n)) : open,
                           corner.y == n.y - 1 ? openYQuad(faceAt3(1, corner + ivec3(0, 1, 0), n)) : open,
                           corner.x == 0 ? openX[faceAt3(0, corner, n)] : 1.0,
                           corner.x + 4 == n.x ? openX[faceAt3(0, corner + ivec3(4, 0, 0), n)] : 1.0);
}
// Its faces normal to z, below and above the quad whose first cell is `corner`.
vec4 quadBelowWeights(ivec3 corner, ivec3 n) { return corner.z == 0 ? openZQuad(faceAt3(2, corner, n)) : vec4(1.0); }
vec4 quadAboveWeights(ivec3 corner, ivec3 n) {
    return corner.z == n.z - 1 ? openZQuad(faceAt3(2, corner + ivec3(0, 0, 1), n)) : vec4(1.0);
}

// Lane `lane` of a quad: its six weights, and its neighbours' values towards -x, -y, -z (lo) and
// +x, +y, +z (hi), from the quad (centre), the quads beside it and the cells beside it along x.
Weights3 quadLaneWeights(int lane, QuadSideWeights sides, vec4 below, vec4 above) {
    return Weights3(vec3(lane == 0 ? sides.west : 1.0, sides.south[lane], below[lane]),
                    vec3(lane == 3 ? sides.east : 1.0, sides.north[lane], above[lane]));
}
vec3 quadLaneLo(int lane, float westValue, vec4 centre, vec4 south, vec4 below) {
    return vec3(lane == 0 ? westValue : centre[max(lane - 1, 0)], south[lane], below[lane]);
}
vec3 quadLaneHi(int lane, float eastValue, vec4 centre, vec4 north, vec4 above) {
    return vec3(lane == 3 ? eastValue : centre[min(lane + 1, 3)], north[lane], above[lane]);
}
