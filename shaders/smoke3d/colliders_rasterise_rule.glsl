// The moving colliders' rasterisation rules on the 3D grid (smoke3d/colliders_rasterise.comp
// describes them), shared by the dense kernel and the sparse grid's
// (sparse3d/colliders_rasterise.comp): what covers a cell, and a face's open fraction and solid
// velocity. The includer declares `colliders` and the push block `pc` (ColliderPush) and includes
// common/collider_shapes.glsl and smoke3d/face_geometry.glsl first; the static mask's fraction of
// cell c is `staticSolid[cellIndex3(c)]` unless it defines BILLOW_STATIC_SOLID3(c) (the sparse
// grid has no static mask: 0).
#ifndef BILLOW_STATIC_SOLID3
#define BILLOW_STATIC_SOLID3(c) staticSolid[cellIndex3(c)]
#endif

// What covers a cell: the static mask's fraction, and the most covering collider's fraction and
// index (the lowest index among equals; -1 when none reaches the cell).
struct Cover { float staticFraction; float colliderFraction; int collider; };

Cover coverOf(ivec3 cell) {
    Cover c = Cover(BILLOW_STATIC_SOLID3(cell), 0.0, -1);
    vec3 centre = cellCentre3(cell);
    for (int k = 0; k < pc.count; ++k) {
        float f = colliderCoverage(colliderDistance(colliders[k], centre), grid.h);
        if (f > c.colliderFraction) { c.colliderFraction = f; c.collider = k; }
    }
    return c;
}

// A cell's solid fraction.
float solidOf(Cover c) { return max(c.staticFraction, c.colliderFraction); }

float fluidOf(Cover c) { return clamp(1.0 - solidOf(c), 0.0, 1.0); }

// Normal velocity (component `axis`) of the solid part of the face between cells a and b, whose
// centre lies at pa in cell a's frame and at pb in cell b's (they differ across a periodic side:
// colliders do not wrap).
float faceSolidVelocity(Cover a, Cover b, vec3 pa, vec3 pb, int axis) {
    bool fromB = b.colliderFraction > a.colliderFraction ||
                 (b.colliderFraction == a.colliderFraction && b.collider >= 0 && b.collider < a.collider);
    Cover winner = fromB ? b : a;
    if (winner.collider < 0 || !(winner.colliderFraction > max(a.staticFraction, b.staticFraction))) return 0.0;
    return colliderSurfaceVelocity(colliders[winner.collider], fromB ? pb : pa)[axis];
}

// The face normal to `axis` at f: open fraction and solid velocity; `here` covers cell f when f is
// a cell.
vec2 faceWithColliders(int axis, ivec3 f, Cover here) {
    int n = gridCells()[axis];
    ivec3 below = f, above = f;
    below[axis] = f[axis] == 0 ? n - 1 : f[axis] - 1;  // across the low side: the wrapped cell
    above[axis] = f[axis] == n ? 0 : f[axis];
    Cover a = coverOf(below);
    Cover b = f[axis] < n ? here : coverOf(above);
    vec2 geometry = staticFaceGeometry(axis, f, fluidOf(a), fluidOf(b));
    if ((f[axis] > 0 && f[axis] < n) || periodic3(axis)) {
        // Seen from the cell below, the face is its upper face; from the cell above, its lower one.
        vec3 pa = facePosition3(axis, f), pb = pa;
        pa[axis] = float(below[axis] + 1) * grid.h;
        pb[axis] = float(above[axis]) * grid.h;
        geometry.y = faceSolidVelocity(a, b, pa, pb, axis);
    }
    return geometry;
}
