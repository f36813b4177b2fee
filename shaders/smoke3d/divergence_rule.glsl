// The divergence the projection removes, shared by the dense and sparse divergence kernels
// (smoke3d/divergence.comp, sparse3d/divergence.comp), so both give the same bits: the flux through
// a face is open u + (1 - open) solidVelocity (its open part moves with the fluid, its closed part
// with the solid), and a cell's divergence is its net outward flux / h minus the expansion source.
// Include after common/grid3d.glsl (grid.invH).
float faceFlux3(float open, float velocity, float solidVelocity) { return open * velocity + (1.0 - open) * solidVelocity; }

// The fluxes through a cell's faces towards -x (xl) and +x (xh), likewise y and z, in 1/s after
// the division by h.
float cellDivergence3(float xl, float xh, float yl, float yh, float zl, float zh, float source) {
    float flux = xh - xl + yh - yl + zh - zl;
    return flux * grid.invH - source;
}
