// The two lattices of the water solver (billow::WaterLattice) seen the same way: which cells are
// neighbours, through which stored edge flow, and the geometry of a cell and of its pipes. The
// one home of the Triangle lattice's indexing (the layout is in billow/water_solver.hpp); kernels
// that run on both lattices loop over latticeEdge(c, k) for k < latticeEdgeCount().
// Needs: water/grid.glsl.
#ifndef BILLOW_WATER_LATTICE_GLSL
#define BILLOW_WATER_LATTICE_GLSL

#define BILLOW_LATTICE_MAX_EDGES 6
// Which flow array an edge is stored in.
#define BILLOW_EDGE_X 0  // flowX: along +x
#define BILLOW_EDGE_Y 1  // flowY: Square +y; Triangle from the lower-left neighbour, direction (1/2, sqrt(3)/2)
#define BILLOW_EDGE_Z 2  // flowZ: Triangle only, from the lower-right neighbour, direction (-1/2, sqrt(3)/2)

const float kSqrt3 = 1.7320508075688772;

struct LatticeEdge {
    int array;    // BILLOW_EDGE_X, _Y or _Z
    int index;    // into that array
    float sign;   // +1: a positive stored flow enters this cell; -1: a positive stored flow leaves it
    ivec2 other;  // the neighbour across the edge (outside the grid for a boundary edge)
};

bool onTriangleLattice() { return water.lattice == BILLOW_WATER_TRIANGLE; }
int latticeEdgeCount() { return onTriangleLattice() ? 6 : 4; }
bool insideGrid(ivec2 c) { return c.x >= 0 && c.y >= 0 && c.x < water.nx && c.y < water.ny; }

// Edge k of cell c. Square: left, right, bottom, top. Triangle (p = row parity): left, right,
// lower-left, upper-right, lower-right, upper-left; vertex (i, j)'s lower neighbours are
// (i - 1 + p, j - 1) and (i + p, j - 1), its upper ones (i - 1 + p, j + 1) and (i + p, j + 1).
LatticeEdge latticeEdge(ivec2 c, int k) {
    int i = c.x, j = c.y;
    int stride = water.nx + 1;
    if (!onTriangleLattice()) {
        if (k == 0) return LatticeEdge(BILLOW_EDGE_X, i + j * stride, 1.0, ivec2(i - 1, j));
        if (k == 1) return LatticeEdge(BILLOW_EDGE_X, i + 1 + j * stride, -1.0, ivec2(i + 1, j));
        if (k == 2) return LatticeEdge(BILLOW_EDGE_Y, i + j * water.nx, 1.0, ivec2(i, j - 1));
        return LatticeEdge(BILLOW_EDGE_Y, i + (j + 1) * water.nx, -1.0, ivec2(i, j + 1));
    }
    int p = j & 1;
    if (k == 0) return LatticeEdge(BILLOW_EDGE_X, i + j * stride, 1.0, ivec2(i - 1, j));
    if (k == 1) return LatticeEdge(BILLOW_EDGE_X, i + 1 + j * stride, -1.0, ivec2(i + 1, j));
    if (k == 2) return LatticeEdge(BILLOW_EDGE_Y, i + j * stride, 1.0, ivec2(i - 1 + p, j - 1));
    if (k == 3) return LatticeEdge(BILLOW_EDGE_Y, i + p + (j + 1) * stride, -1.0, ivec2(i + p, j + 1));
    if (k == 4) return LatticeEdge(BILLOW_EDGE_Z, i + 1 + j * stride, 1.0, ivec2(i + p, j - 1));
    return LatticeEdge(BILLOW_EDGE_Z, i + p + (j + 1) * stride, -1.0, ivec2(i - 1 + p, j + 1));
}

// Unit vector along which a positive flow of `array` runs.
vec2 edgeDirection(int array) {
    if (array == BILLOW_EDGE_X) return vec2(1.0, 0.0);
    if (!onTriangleLattice()) return vec2(0.0, 1.0);
    return array == BILLOW_EDGE_Y ? vec2(0.5, 0.5 * kSqrt3) : vec2(-0.5, 0.5 * kSqrt3);
}

// Area of the column a cell (Square) or vertex (Triangle: its hexagonal Voronoi cell) holds, m^2.
float cellAreaOverH2() { return onTriangleLattice() ? 0.5 * kSqrt3 : 1.0; }
float cellArea() { return cellAreaOverH2() * water.h * water.h; }
// Width of a pipe (the face between two columns), m; the pipes are water.h long on both lattices.
float pipeWidth() { return onTriangleLattice() ? water.h / kSqrt3 : water.h; }

// Position of a cell's centre / a vertex, m, origin at the domain's lower-left corner.
vec2 cellCentre(ivec2 c) {
    if (!onTriangleLattice()) return (vec2(c) + 0.5) * water.h;
    return vec2(float(c.x) + 0.5 + 0.5 * float(c.y & 1), (float(c.y) + 0.5) * 0.5 * kSqrt3) * water.h;
}

// The domain's extent, m: nx h by ny h (Square); (nx + 1/2) h by ny h sqrt(3)/2 (Triangle: odd rows
// are shifted by h / 2, rows are h sqrt(3)/2 apart).
vec2 domainExtent() {
    if (!onTriangleLattice()) return vec2(water.nx, water.ny) * water.h;
    return vec2(float(water.nx) + 0.5, float(water.ny) * 0.5 * kSqrt3) * water.h;
}

// The boundary-table entry of a boundary edge of inner cell c towards `other` (outside the grid):
// the bottom / top sides by column, the left / right sides by row (a Triangle vertex on a side can
// have up to three edges on it, which share its entry).
int boundaryEntryOf(ivec2 c, ivec2 other) {
    if (other.y < 0) return bottomEntry(c.x);
    if (other.y >= water.ny) return topEntry(c.x);
    return other.x < 0 ? leftEntry(c.y) : rightEntry(c.y);
}

// The inward normal of the side `other` lies beyond.
vec2 inwardNormalTowards(ivec2 other) {
    if (other.y < 0) return vec2(0.0, 1.0);
    if (other.y >= water.ny) return vec2(0.0, -1.0);
    return other.x < 0 ? vec2(1.0, 0.0) : vec2(-1.0, 0.0);
}

// The length of side a boundary edge of `array` crossing towards `other` stands for, m: its
// pipe width projected on the side, so that a flow per metre of side times it, summed over the
// side's edges, gives the flow through the whole side.
float sideLengthOfEdge(int array, ivec2 other) {
    return pipeWidth() * abs(dot(edgeDirection(array), inwardNormalTowards(other)));
}

#endif
