// Reading (and writing) one lattice edge's stored flow from the three flow arrays, for the kernels
// that loop over latticeEdge(c, k) (water/lattice.glsl).
// Needs: water/lattice.glsl and readonly `flowXIn[]`, `flowYIn[]`, `flowZIn[]`; an includer that
// defines BILLOW_WRITES_EDGE_FLOWS also needs `flowXOut[]`, `flowYOut[]`, `flowZOut[]`.

// The stored flow of edge e (> 0 along its array's direction, edgeDirection).
float storedFlow(LatticeEdge e) {
    if (e.array == BILLOW_EDGE_X) return flowXIn[e.index];
    return e.array == BILLOW_EDGE_Y ? flowYIn[e.index] : flowZIn[e.index];
}

#ifdef BILLOW_WRITES_EDGE_FLOWS
void storeFlow(LatticeEdge e, float q) {
    if (e.array == BILLOW_EDGE_X) flowXOut[e.index] = q;
    else if (e.array == BILLOW_EDGE_Y) flowYOut[e.index] = q;
    else flowZOut[e.index] = q;
}
#endif
