// The terrain's slope at a cell of either lattice, from its neighbours (water/lattice.glsl).
// Needs: water/lattice.glsl and `terrain[]`.
#ifndef BILLOW_WATER_TERRAIN_SLOPE_GLSL
#define BILLOW_WATER_TERRAIN_SLOPE_GLSL

// Least-squares gradient of the terrain at c, m/m: the g minimising
// sum_k (T_k - T_c - h e_k . g)^2 over the neighbours k that exist (e_k the unit vector towards
// neighbour k), i.e. (sum_k e_k e_k^T) g = sum_k (T_k - T_c) e_k / h. With every neighbour there
// the matrix is (n/2) I on both lattices (n = 4 or 6), the central difference; at the sides it
// uses the neighbours that remain and stays exact for a linear terrain (every cell keeps two
// non-parallel neighbours on a grid of at least 2 x 2).
vec2 terrainGradient(ivec2 c) {
    float here = terrain[cellIndex(c.x, c.y)];
    vec2 rhs = vec2(0.0);
    float mxx = 0.0, mxy = 0.0, myy = 0.0;
    for (int k = 0; k < latticeEdgeCount(); ++k) {
        LatticeEdge e = latticeEdge(c, k);
        if (!insideGrid(e.other)) continue;
        // From c towards the neighbour: a positive stored flow runs along edgeDirection and
        // enters c when sign > 0, so it comes from the neighbour.
        vec2 towards = -e.sign * edgeDirection(e.array);
        rhs += (terrain[cellIndex(e.other.x, e.other.y)] - here) * towards;
        mxx += towards.x * towards.x;
        mxy += towards.x * towards.y;
        myy += towards.y * towards.y;
    }
    float det = mxx * myy - mxy * mxy;
    if (det <= 0.0) return vec2(0.0);
    return vec2(myy * rhs.x - mxy * rhs.y, mxx * rhs.y - mxy * rhs.x) * (water.invH / det);
}

// sin of the terrain's tilt from the horizontal: |g| / sqrt(1 + |g|^2).
float sinTilt(vec2 gradient) {
    float g2 = dot(gradient, gradient);
    return sqrt(g2 / (1.0 + g2));
}

#endif
