// The pressure Poisson stencil shared by the Jacobi and red-black SOR kernels:
//   sum_f w_f (p_neighbour - p) - s p = h^2 / dt * divergence,  w_f = open fraction of face f.
// Beyond an outflow side p = 0 (Dirichlet); periodic sides wrap; closed faces have w = 0 (the
// kernels supply neighbours accordingly). s >= 0 is the cell's diagonal shift: 0 for the
// pressure; an implicit diffusion solve (poisson_system.hpp) has one per cell when the level's
// grid.shifted is 1, read through BILLOW_SHIFT from the kernel's `shift` buffer.
#define BILLOW_SHIFT(c) (grid.shifted != 0 ? shift[(c)] : 0.0)

// p moved `relaxation` of the way from `previous` towards the value that satisfies its equation,
// given the face weights and neighbour pressures (left, right, bottom, top), the cell's shift and
// rhs = h^2/dt * divergence. A cell with no open face and no shift gets 0.
float relaxedPressure(vec4 w, vec4 neighbours, float previous, float rhs, float relaxation, float shift) {
    float weight = w.x + w.y + w.z + w.w + shift;
    if (!(weight > 0.0)) return 0.0;
    float sum = w.x * neighbours.x + w.y * neighbours.y + w.z * neighbours.z + w.w * neighbours.w;
    return previous + relaxation * ((sum - rhs) / weight - previous);
}
