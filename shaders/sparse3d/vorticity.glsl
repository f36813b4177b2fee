// The vorticity of the sparse grid's cells, shared by its Vorticity pass's kernels
// (sparse3d/vorticity_cells.comp, sparse3d/confinement_cells.comp, sparse3d/vorticity_force.comp).
// The dense solver stores the curl on every edge first (smoke3d/curl.comp); bricks have no edge
// storage, so cellVorticity (smoke3d/vorticity_cells.glsl) takes each of a cell's twelve edges
// from the four faces around it (smoke3d/curl_rule.glsl): the same reads and operations, so the
// same bits. Faces in missing bricks read as still air (sparse3d/bricks.glsl), so a cell of a
// missing brick next to an allocated one has the vorticity the dense grid gives it when the
// missing region holds still.
//
// The includer declares the readonly velocity `uIn`, `vIn`, `wIn` after sparse3d/bricks.glsl.
#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/curl_rule.glsl"
#define BILLOW_EDGE_CURL3(axis, e) edgeCurl3(axis, canonicalEdge3(e))
#include "smoke3d/vorticity_cells.glsl"

#ifdef BILLOW_STORED_MAGNITUDE
// |omega| of the six neighbours of one cell, for smoke3d/confinement_cells_rule.glsl's
// vorticityMagnitude3: BILLOW_STORED_MAGNITUDE(stored cell) where the neighbour's brick is
// allocated, else from the faces. Gathered in one loop, so the kernel holds one copy of the
// twelve-edge code rather than six (CPU implementations compile each copy).
float neighbourMagnitude_[6];
ivec3 neighbourCentre_;

void gatherNeighbourMagnitudes(ivec3 c) {
    neighbourCentre_ = c;
    [[dont_unroll]] for (int k = 0; k < 6; ++k) {
        ivec3 n = c;
        n[k / 2] += (k % 2 == 0) ? -1 : 1;
        n = resolveCell3(n);
        int stored = storedCell(n);
        if (stored >= 0) neighbourMagnitude_[k] = BILLOW_STORED_MAGNITUDE(stored);
        else neighbourMagnitude_[k] = length(cellVorticity(n));
    }
}

// The neighbour n (one cell from the gathered centre along one axis) as smoke3d/
// confinement_cells_rule.glsl asks for it.
float vorticityMagnitude3(ivec3 n) {
    ivec3 d = n - neighbourCentre_;
    int axis = d.x != 0 ? 0 : d.y != 0 ? 1 : 2;
    return neighbourMagnitude_[2 * axis + (d[axis] > 0 ? 1 : 0)];
}

#include "smoke3d/confinement_cells_rule.glsl"
#endif
