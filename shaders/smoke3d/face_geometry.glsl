// The static rule of a face's geometry on the 3D grid, shared by smoke3d/face_geometry.comp (the
// static mask alone) and smoke3d/colliders_rasterise.comp (the mask with the moving colliders):
// the open fraction from the fluid fractions (1 - solid) of the face's two cells, and the solid
// velocity of a side's face.
//   open: interior faces are as open as the less fluid of their two cells; wall, moving-wall and
//         inflow faces are closed (their velocity is prescribed); outflow faces are as open as
//         their inner cell, periodic faces as the less fluid of the cells they join.
//   solid velocity: on inflow faces the inflow speed into the domain (+ on the low side of an
//         axis, - on the high side); 0 everywhere else (the static mask, walls, moving walls).
#ifndef BILLOW_SMOKE3D_FACE_GEOMETRY_GLSL
#define BILLOW_SMOKE3D_FACE_GEOMETRY_GLSL

// The face normal to `axis` at f, between the cell below it and the cell above it (across a
// side, the cells wrapped around the axis) with fluid fractions fluidBelow and fluidAbove.
vec2 staticFaceGeometry(int axis, ivec3 f, float fluidBelow, float fluidAbove) {
    int n = gridCells()[axis];
    if (f[axis] > 0 && f[axis] < n) return vec2(min(fluidBelow, fluidAbove), 0.0);
    bool low = f[axis] == 0;
    int side = low ? 2 * axis : 2 * axis + 1;
    int type = sideType3(side);
    if (type == BILLOW_PERIODIC) return vec2(min(fluidBelow, fluidAbove), 0.0);
    if (type == BILLOW_OUTFLOW) return vec2(low ? fluidAbove : fluidBelow, 0.0);
    if (type == BILLOW_INFLOW) return vec2(0.0, (low ? 1.0 : -1.0) * grid.inflow[side].x);
    return vec2(0.0);
}

#endif
