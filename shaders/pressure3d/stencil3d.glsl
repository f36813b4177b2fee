// The 7-point pressure stencil of the 3D MAC grid, shared by every kernel of shaders/pressure3d/:
//
//   sum over the six faces f of cell c of  w_f (p_nb - p_c) - s_c p_c = rhs_c,
//
// w_f the face's weight (its open fraction), p_nb the pressure across f: 0 beyond an outflow side
// (Dirichlet) and beyond a closed side (whose weight is 0 anyway), wrapped on periodic axes. A cell
// whose six weights are 0 and whose shift is 0 has no equation. s_c >= 0 is the cell's diagonal
// shift: 0 for the pressure; an implicit diffusion solve (poisson_system.hpp) has one per cell when
// the level's grid.shifted is 1, read through BILLOW_SHIFT3 from the kernel's buffer. Include after common/grid3d.glsl: the side types are
// the bound level's (every level has the system's sides), while the sizes are passed explicitly,
// since the multigrid transfers also index the level that is not bound.

// A cell's face weights: `lo` on its faces towards -x, -y, -z, `hi` towards +x, +y, +z.
struct Weights3 { vec3 lo; vec3 hi; };

bool hasOpenFace(Weights3 w) { return w.lo.x + w.lo.y + w.lo.z + w.hi.x + w.hi.y + w.hi.z > 0.0; }

// The shift of cell c read from buffer BUF, or 0 when the system has none.
#define BILLOW_SHIFT3(BUF, c) (grid.shifted != 0 ? BUF[(c)] : 0.0)
// Whether a cell has an equation: an open face or a shift.
bool hasEquation(Weights3 w, float shift) { return hasOpenFace(w) || shift > 0.0; }

// Indices on a level of n cells (grid3d.glsl's layout: x fastest, then y, then z).
int cellAt3(ivec3 c, ivec3 n) { return c.x + n.x * (c.y + n.y * c.z); }
int faceAt3(int axis, ivec3 f, ivec3 n) {
    ivec3 layers = n;
    layers[axis] += 1;
    return f.x + layers.x * (f.y + layers.y * f.z);
}

// The six face weights of cell c on a level of n cells, read from the three face buffers WX, WY, WZ
// (macro arguments: GLSL cannot pass a buffer to a function).
#define BILLOW_WEIGHTS3(WX, WY, WZ, c, n)                                                                  \
    Weights3(vec3(WX[faceAt3(0, (c), (n))], WY[faceAt3(1, (c), (n))], WZ[faceAt3(2, (c), (n))]),         \
             vec3(WX[faceAt3(0, (c) + ivec3(1, 0, 0), (n))], WY[faceAt3(1, (c) + ivec3(0, 1, 0), (n))], \
                  WZ[faceAt3(2, (c) + ivec3(0, 0, 1), (n))]))

// The same where every face between two cells is known to be open (weight 1): the buffers are
// read only for faces on the grid's sides, which carry the boundary conditions.
#define BILLOW_SIDE_WEIGHT3(W, axis, c, n, high)                                                        \
    (((high) ? (c)[axis] == (n)[axis] - 1 : (c)[axis] == 0)                                              \
         ? W[faceAt3(axis, (c) + ((high) ? ivec3(axis == 0, axis == 1, axis == 2) : ivec3(0)), (n))] \
         : 1.0)
#define BILLOW_SIDE_WEIGHTS3(WX, WY, WZ, c, n)                                                          \
    Weights3(vec3(BILLOW_SIDE_WEIGHT3(WX, 0, c, n, false), BILLOW_SIDE_WEIGHT3(WY, 1, c, n, false),        \
                  BILLOW_SIDE_WEIGHT3(WZ, 2, c, n, false)),                                               \
             vec3(BILLOW_SIDE_WEIGHT3(WX, 0, c, n, true), BILLOW_SIDE_WEIGHT3(WY, 1, c, n, true),          \
                  BILLOW_SIDE_WEIGHT3(WZ, 2, c, n, true)))

// A level's six weights at cell c: from the buffers, or, on a level whose faces between cells are
// all open (INTERIOR_OPEN: the kernels' kInteriorOpen variant), 1 between cells and the buffers'
// only on the grid's sides, so a pass over the level reads the weights of its sides alone.
#define BILLOW_LEVEL_WEIGHTS3(INTERIOR_OPEN, WX, WY, WZ, c, n) \
    ((INTERIOR_OPEN) ? BILLOW_SIDE_WEIGHTS3(WX, WY, WZ, c, n) : BILLOW_WEIGHTS3(WX, WY, WZ, c, n))

// The cell across a face from a cell, on a level of n cells: its index, or -1 beyond a side that is
// not periodic (the stencil's value is 0 there).
int neighbourAt3(ivec3 c, ivec3 n) {
    for (int axis = 0; axis < 3; ++axis)
        if (c[axis] < 0 || c[axis] >= n[axis]) {
            if (!periodic3(axis)) return -1;
            c[axis] = wrapIndex(c[axis], n[axis]);
        }
    return cellAt3(c, n);
}

// The neighbour cells of c towards -x, -y, -z (lo) and +x, +y, +z (hi).
struct Neighbours3 { ivec3 lo; ivec3 hi; };
Neighbours3 neighbours3(ivec3 c, ivec3 n) {
    return Neighbours3(ivec3(neighbourAt3(c - ivec3(1, 0, 0), n), neighbourAt3(c - ivec3(0, 1, 0), n),
                             neighbourAt3(c - ivec3(0, 0, 1), n)),
                       ivec3(neighbourAt3(c + ivec3(1, 0, 0), n), neighbourAt3(c + ivec3(0, 1, 0), n),
                             neighbourAt3(c + ivec3(0, 0, 1), n)));
}

// The values READ(index) at three neighbour cells (READ: a function or function-like macro of an
// index that returns 0 for -1).
#define BILLOW_GATHER3(READ, cells) vec3(READ((cells).x), READ((cells).y), READ((cells).z))

// sum_f w_f (v_nb - v_c): the stencil applied at a cell of value `centre` with neighbour values
// lo, hi.
float applyStencil3(Weights3 w, vec3 lo, vec3 hi, float centre) {
    return dot(w.lo, lo - centre) + dot(w.hi, hi - centre);
}

// The residual rhs - (sum_f w_f (p_nb - p) - s p) of a cell with an equation, as the multigrid
// restriction sums it (pressure3d/mg_restrict_residual.comp, sparse3d/mg_restrict.comp).
float restrictedResidual3(Weights3 w, vec3 lo, vec3 hi, float centre, float rhs, float shift) {
    return rhs - applyStencil3(w, lo, hi, centre) + shift * centre;
}
// The same with the opposite sign, as the residual measurement takes it (pressure3d/residual.comp,
// sparse3d/mg_residual.comp; only its magnitude is used).
float measuredResidual3(Weights3 w, vec3 lo, vec3 hi, float centre, float rhs, float shift) {
    return applyStencil3(w, lo, hi, centre) - shift * centre - rhs;
}

// The ghost value beyond a boundary face of weight w of the parent: the correction continues
// linearly to where it is 0, which a face of weight w puts h / w from the parent's centre
// (pressure/mg_coarse_weight.glsl), in the multigrid's prolongation (pressure3d/prolong_rule.glsl):
// zero gradient on closed faces (w = 0), the Dirichlet condition on outflow faces (and, on a
// sparse grid, towards open air).
float ghostCorrection3(float weight, float parentValue) { return (1.0 - weight) * parentValue; }

// p moved `relaxation` of the way from `previous` towards the value that satisfies its equation
// given its neighbours and its shift (Jacobi with relaxation < 1, Gauss-Seidel with 1, SOR above).
// A cell with no open face and no shift gets 0.
float relaxedPressure3(Weights3 w, vec3 lo, vec3 hi, float previous, float rhs, float relaxation, float shift) {
    const float weight = w.lo.x + w.lo.y + w.lo.z + w.hi.x + w.hi.y + w.hi.z + shift;
    if (!(weight > 0.0)) return 0.0;
    const float sum = dot(w.lo, lo) + dot(w.hi, hi);
    return previous + relaxation * ((sum - rhs) / weight - previous);
}

// Red-black colour of cell c on a level of n cells: (i + j + k) % 2, except that on a periodic axis
// with an odd cell count the last layer wraps onto a cell of its own parity, so it gets colours of
// its own: + 2 for the last x layer, + 4 for the last y layer, + 8 for the last z layer. No two
// neighbours share a colour.
int sorColour3(ivec3 c, ivec3 n) {
    int colour = (c.x + c.y + c.z) & 1;
    for (int axis = 0; axis < 3; ++axis)
        if (periodic3(axis) && (n[axis] & 1) == 1 && c[axis] == n[axis] - 1) colour += 2 << axis;
    return colour;
}
