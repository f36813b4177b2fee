// The new flow of one face (pipe) in a substep (the acceleration, friction and viscosity of the
// virtual-pipe model, Mei, Decaudin & Hu 2007, and the boundary rules), on either lattice: the
// pipe is h long and pipeWidth() wide (h on the Square lattice). Included by water/flow.comp and
// water/triangle_flow.comp, which compute every interior face twice (once for each of its
// cells): the results are `precise` so that both computations round alike and a cell's outflow
// scale is computed from exactly the flows that are stored.
// Needs: water/grid.glsl, `terrain[]`, `depth[]`, `displacement[]`, `boundary[]` and push constants `pc`.
#include "water/lattice.glsl"

// The effective surface: terrain + depth + the floating bodies' displacement (their submerged
// thickness, water/displacement.comp), the head that drives the flow.
float surface(int c) { return terrain[c] + depth[c] + displacement[c]; }

// Cross-section of the pipe across a face, m^2, for the depth `faceDepth` standing at the face.
float pipeArea(float faceDepth) {
    return pipeWidth() * (water.model == BILLOW_WATER_DEPTH_PIPES ? faceDepth : water.pipeDepth);
}

float viscous(float q, float upwindDepth) { return pipeViscosity(q, upwindDepth, pc.dt); }

// New flow of the interior face from cell a (left / below) to cell b.
float interiorFlow(float q, int a, int b) {
    float da = depth[a], db = depth[b];
    precise float drive = pc.dt * water.gravity * pipeArea(0.5 * (da + db)) * water.invH;
    precise float accelerated = q * pc.frictionFactor + drive * (surface(a) - surface(b));
    return viscous(accelerated, accelerated > 0.0 ? da : db);
}

// New flow into the domain (m^3/s, > 0 enters) of a boundary face whose inner cell is `inner`;
// `inflowBefore` is the face's flow into the domain before this substep, `sideLength` the length
// of side the face stands for (m: h on the Square lattice, lattice.glsl's sideLengthOfEdge on the
// Triangle lattice), by which an Inflow / WaveMaker's flow per metre is multiplied.
float boundaryInflow(WaterBoundaryFace b, int inner, float inflowBefore, float sideLength) {
    if (b.type == BILLOW_WATER_INFLOW || b.type == BILLOW_WATER_WAVE) return prescribedInflow(b, pc.time) * sideLength;
    if (b.type == BILLOW_WATER_OUTFLOW) {
        // A pipe into a dry cell `drop` below the inner cell's terrain; a drain never lets water in.
        float d = depth[inner];
        precise float drive = pc.dt * water.gravity * pipeArea(d) * water.invH;
        precise float outflow = max(-inflowBefore * pc.frictionFactor + drive * (d + b.drop), 0.0);
        return -viscous(outflow, d);
    }
    return 0.0;  // wall
}
