#version 450
// The moving colliders (include/billow/collider.hpp) rasterised onto the 3D grid, by the Colliders
// pass of a step whose collider set changed, as colliders_rasterise.comp does in 2D:
// - each cell's solid fraction is the larger of the static mask's and the most covering
//   collider's anti-aliased coverage (common/collider_shapes.glsl);
// - each face's open fraction and the solid velocity of the sides' faces follow from its cells by
//   the static rule (smoke3d/face_geometry.glsl);
// - each interior or periodic face a collider (partly) closes carries the normal component of that
//   collider's surface velocity at the face centre (the most covering collider's where several
//   overlap, ties to the lower index), unless the static mask closes more of it; else 0;
// - a face closed entirely takes its solid velocity at once, as the gradient subtraction would.
// With no collider (the set just emptied) it restores the static geometry.
#include "smoke3d/taps.glsl"
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"
#include "smoke3d/face_geometry.glsl"

layout(set = 0, binding = 1) readonly buffer Colliders { GpuCollider colliders[]; };
layout(set = 0, binding = 2) readonly buffer StaticSolid { float staticSolid[]; };
layout(set = 0, binding = 3) writeonly buffer Solid { float solid[]; };
layout(set = 0, binding = 4) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) writeonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 7) writeonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 8) writeonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 9) writeonly buffer SolidVelocityZ { float solidVelocityZ[]; };
layout(set = 0, binding = 10) buffer U { float u[]; };
layout(set = 0, binding = 11) buffer V { float v[]; };
layout(set = 0, binding = 12) buffer W { float w[]; };
layout(push_constant) uniform Push { ColliderPush pc; };

// What covers a cell: the static mask's fraction, and the most covering collider's fraction and
// index (the lowest index among equals; -1 when none reaches the cell).
struct Cover { float staticFraction; float colliderFraction; int collider; };

Cover coverOf(ivec3 cell) {
    Cover c = Cover(staticSolid[cellIndex3(cell)], 0.0, -1);
    vec3 centre = cellCentre3(cell);
    for (int k = 0; k < pc.count; ++k) {
        float f = colliderCoverage(colliderDistance(colliders[k], centre), grid.h);
        if (f > c.colliderFraction) { c.colliderFraction = f; c.collider = k; }
    }
    return c;
}

float fluidOf(Cover c) { return clamp(1.0 - max(c.staticFraction, c.colliderFraction), 0.0, 1.0); }

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

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    Cover here = Cover(0.0, 0.0, -1);
    if (insideCells3(id)) {
        here = coverOf(id);
        solid[cellIndex3(id)] = max(here.staticFraction, here.colliderFraction);
    }
    if (ownsFace3(0, id)) {
        vec2 g = faceWithColliders(0, id, here);
        int k = xFaceIndex3(id);
        openX[k] = g.x;
        solidVelocityX[k] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) u[k] = g.y;
    }
    if (ownsFace3(1, id)) {
        vec2 g = faceWithColliders(1, id, here);
        int k = yFaceIndex3(id);
        openY[k] = g.x;
        solidVelocityY[k] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) v[k] = g.y;
    }
    if (ownsFace3(2, id)) {
        vec2 g = faceWithColliders(2, id, here);
        int k = zFaceIndex3(id);
        openZ[k] = g.x;
        solidVelocityZ[k] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) w[k] = g.y;
    }
}
