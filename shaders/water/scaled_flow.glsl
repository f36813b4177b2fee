// Outflow scaling applied to one stored flow: each face (edge) takes the factor of the cell its
// flow leaves, its upwind cell; a face fed from outside the domain is never scaled. Shared by the
// depth updates of both lattices and the sediment the flows carry, which must move exactly the
// water the depth update moves.
// Needs: water/lattice.glsl and `scale[]` (the outflow scale per cell).

// Flow `q` of a face scaled by the factor of the cell it leaves; `upwind` may lie outside the grid.
float scaledFlow(float q, ivec2 upwind) {
    if (!insideGrid(upwind)) return q;
    float s = scale[cellIndex(upwind.x, upwind.y)];
    return s < 1.0 ? q * s : q;
}

// The scaled flow of edge `e` of cell `c` whose stored (unscaled) value is `q`: upwind is the
// neighbour when the flow enters c (q * sign > 0), else c itself.
float scaledEdgeFlow(float q, ivec2 c, LatticeEdge e) { return scaledFlow(q, q * e.sign > 0.0 ? e.other : c); }
