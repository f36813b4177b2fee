// The pressure Poisson stencil shared by the Jacobi and red-black SOR kernels:
//   sum_f w_f (p_neighbour - p) = h^2 / dt * divergence,  w_f = open fraction of face f.
// Beyond an outflow side p = 0 (Dirichlet); periodic sides wrap; closed faces have w = 0 (the
// kernels supply neighbours accordingly).

// p moved `relaxation` of the way from `previous` towards the value that satisfies its equation,
// given the face weights and neighbour pressures (left, right, bottom, top) and
// rhs = h^2/dt * divergence. A cell with no open face gets 0.
float relaxedPressure(vec4 w, vec4 neighbours, float previous, float rhs, float relaxation) {
    float weight = w.x + w.y + w.z + w.w;
    if (!(weight > 0.0)) return 0.0;
    float sum = w.x * neighbours.x + w.y * neighbours.y + w.z * neighbours.z + w.w * neighbours.w;
    return previous + relaxation * ((sum - rhs) / weight - previous);
}
