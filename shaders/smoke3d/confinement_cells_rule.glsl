// The vorticity confinement force per unit epsilon h at a cell centre (Fedkiw, Stam & Jensen 2001),
// shared by smoke3d/confinement_cells.comp and the sparse grid's (sparse3d/confinement_cells.comp,
// sparse3d/vorticity_force.comp):
//   N x omega,  N = grad|omega| / |grad|omega||  (0 where the gradient is 0),
// the gradient of |omega| by central differences. The includer defines
// float vorticityMagnitude3(ivec3 c), |omega| of cell c, which may lie one cell beyond the grid
// (clamped or wrapped there, resolveCell3); the cell's vorticity is cellVorticity(c)
// (smoke3d/vorticity_cells.glsl) unless it defines BILLOW_CELL_VORTICITY3(c) (the sparse grid
// reads it stored).
#ifndef BILLOW_CELL_VORTICITY3
#define BILLOW_CELL_VORTICITY3(c) cellVorticity(c)
#endif
vec3 cellConfinement3(ivec3 c) {
    const ivec3 X = ivec3(1, 0, 0), Y = ivec3(0, 1, 0), Z = ivec3(0, 0, 1);
    vec3 g = vec3(vorticityMagnitude3(c + X) - vorticityMagnitude3(c - X),
                  vorticityMagnitude3(c + Y) - vorticityMagnitude3(c - Y),
                  vorticityMagnitude3(c + Z) - vorticityMagnitude3(c - Z));
    float len = length(g);
    vec3 N = len > 0.0 ? g / len : vec3(0.0);
    return cross(N, BILLOW_CELL_VORTICITY3(c));
}
