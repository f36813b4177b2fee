// The part of a mass correction's sums kernel that is the same in 2D and 3D: each thread adds up
// its strided share of the cells (old and new totals weighted by the cell's fluid fraction, and
// the outflow the solver's kernel computes per cell) with compensated (Kahan) sums, the workgroup
// reduces them in a fixed order, and invocation 0 writes the workgroup's partial sums.
// The includer defines `vec3 cellSums(int c)` (old, new, outflow of cell c) and binds `partials`;
// or, with BILLOW_MASS_SUMS_REPORT defined, `vec4 cellSums4(int c)`, whose fourth sum (a part of
// the outflow the solver reports, which the factor does not read) goes into the partials' w.
#ifndef BILLOW_MASS_SUMS_GLSL
#define BILLOW_MASS_SUMS_GLSL

#ifdef BILLOW_MASS_SUMS_REPORT
vec4 cellSums4(int c);
#else
vec3 cellSums(int c);
vec4 cellSums4(int c) { return vec4(cellSums(c), 0.0); }
#endif

shared vec4 massSumsShared[BILLOW_MASS_GROUP];

void sumCellsIntoPartials(int cells, int slot) {
    vec4 sum = vec4(0.0), compensation = vec4(0.0);
    const int stride = int(gl_NumWorkGroups.x) * BILLOW_MASS_GROUP;
    for (int c = int(gl_GlobalInvocationID.x); c < cells; c += stride) {
        const vec4 y = cellSums4(c) - compensation;
        const vec4 t = sum + y;
        compensation = (t - sum) - y;
        sum = t;
    }
    const uint t = gl_LocalInvocationIndex;
    massSumsShared[t] = sum;
    barrier();
    for (uint s = BILLOW_MASS_GROUP / 2; s > 0; s >>= 1) {
        if (t < s) massSumsShared[t] += massSumsShared[t + s];
        barrier();
    }
    if (t == 0) partials[slot * BILLOW_MASS_MAX_GROUPS + int(gl_WorkGroupID.x)] = massSumsShared[0];
}

// What one side face carries out of the domain in dt, per unit of h dt (a cell's share of the
// outflow term): the outward normal speed times the upwind value (the cell's own when leaving,
// the ghost's when entering: the inflow's value beyond an inflow side, the cell's own, a zero
// gradient, beyond an outflow side), times the face's open fraction. Closed and periodic sides
// carry nothing out.
float sideOutflow(int sideType, float outwardSpeed, float open, float inner, float inflowValue) {
    if (sideType != BILLOW_INFLOW && sideType != BILLOW_OUTFLOW) return 0.0;
    const float ghost = sideType == BILLOW_INFLOW ? inflowValue : inner;
    return outwardSpeed * (outwardSpeed > 0.0 ? inner : ghost) * open;
}

#endif
