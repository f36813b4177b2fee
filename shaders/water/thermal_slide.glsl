// Thermal erosion (Musgrave, Kolb & Mace 1989; Jako 2011) across one lattice edge: where two
// neighbours (h apart on both lattices) differ by more than the talus drop h * tan(talusAngle),
// soil slides from the higher to the lower by slideFraction * (excess) * (1 - hardness of the
// higher cell): rock does not slump. Both cells compute the edge from the same inputs (the drop
// seen from the other cell is exactly the negated float, `precise`), so what one loses the other
// gains to the bit. With slideFraction = min(rate * dt, 1) / (2 n) an edge's own slide closes at
// most 1/n of its excess and a cell moves at most half of its largest excess in a frame: an
// explicit relaxation with weight <= 1 / (2n) per edge, which is stable and does not oscillate
// (an isolated steep edge never swings past the angle). An edge within the angle moves nothing,
// so the terrain comes to rest at it.
// Needs: push constants `pc` (WaterErosionPush).
#ifndef BILLOW_WATER_THERMAL_SLIDE_GLSL
#define BILLOW_WATER_THERMAL_SLIDE_GLSL

// Soil (m of height) that enters the cell at height `here` from its neighbour at `there` in this
// frame; negative when it leaves.
float thermalSlide(float here, float there, float hardnessHere, float hardnessThere) {
    precise float drop = here - there;
    precise float excess = abs(drop) - pc.talusDrop;
    if (!(excess > 0.0)) return 0.0;
    precise float amount = pc.slideFraction * excess * (1.0 - (drop > 0.0 ? hardnessHere : hardnessThere));
    return drop > 0.0 ? -amount : amount;
}

#endif
