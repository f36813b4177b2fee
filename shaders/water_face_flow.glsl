// The new flow of one face in a substep (seed 001's acceleration, friction and viscosity, and the
// boundary rules). Included by water_flow.comp, which computes every interior face twice (once
// for each of its cells): the results are `precise` so that both computations round alike and a
// cell's outflow scale is computed from exactly the flows that are stored.
// Needs: water_grid.glsl, `terrain[]`, `depth[]`, `boundary[]` and push constants `pc`.

float surface(int c) { return terrain[c] + depth[c]; }

// Cross-section of the pipe across a face, m^2, for the depth `faceDepth` standing at the face.
float pipeArea(float faceDepth) {
    return water.h * (water.model == EDDY_WATER_DEPTH_PIPES ? faceDepth : water.pipeDepth);
}

// Seed 001's viscosity: Q * H^2 / (H^2 + 3 dt nu), H the depth of the cell the flow leaves.
float viscous(float q, float upwindDepth) {
    precise float h2 = upwindDepth * upwindDepth;
    if (water.viscosity <= 0.0 || h2 <= 0.0) return q;
    precise float damped = q * h2 / (h2 + 3.0 * pc.dt * water.viscosity);
    return damped;
}

// New flow of the interior face from cell a (left / below) to cell b.
float interiorFlow(float q, int a, int b) {
    float da = depth[a], db = depth[b];
    precise float drive = pc.dt * water.gravity * pipeArea(0.5 * (da + db)) * water.invH;
    precise float accelerated = q * pc.frictionFactor + drive * (surface(a) - surface(b));
    return viscous(accelerated, accelerated > 0.0 ? da : db);
}

// New flow into the domain (m^3/s, > 0 enters) of a boundary face whose inner cell is `inner`;
// `inflowBefore` is the face's flow into the domain before this substep.
float boundaryInflow(WaterBoundaryFace b, int inner, float inflowBefore) {
    if (b.type == EDDY_WATER_INFLOW) return b.flow * water.h;
    if (b.type == EDDY_WATER_WAVE) return (b.flow + b.amplitude * sin(b.omega * pc.time + b.phase)) * water.h;
    if (b.type == EDDY_WATER_OUTFLOW) {
        // A pipe into a dry cell `drop` below the inner cell's terrain; a drain never lets water in.
        float d = depth[inner];
        precise float drive = pc.dt * water.gravity * pipeArea(d) * water.invH;
        precise float outflow = max(-inflowBefore * pc.frictionFactor + drive * (d + b.drop), 0.0);
        return -viscous(outflow, d);
    }
    return 0.0;  // wall
}
