// The open fraction of a face from the fluid fractions (1 - solid) of its cells, for every 2D
// kernel that derives it (face_fractions.comp from the solid mask, colliders_rasterise.comp from
// the mask and the moving colliders): an interior face is as open as the less fluid of its two
// cells; a face on a side follows the side's rule (boundaryFaceFraction).
#ifndef BILLOW_FACE_FRACTION_GLSL
#define BILLOW_FACE_FRACTION_GLSL

// Wall, moving-wall and inflow faces are closed to the pressure solve (their velocity is
// prescribed); outflow faces are open as far as their inner cell is; a periodic face joins its
// inner cell and the wrapped cell on the opposite side.
float boundaryFaceFraction(int side, float innerFluid, float wrappedFluid) {
    int type = grid.sideType[side];
    if (type == BILLOW_PERIODIC) return min(innerFluid, wrappedFluid);
    if (type == BILLOW_OUTFLOW) return innerFluid;
    return 0.0;
}

#endif
