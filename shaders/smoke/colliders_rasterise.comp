#version 450
// The moving colliders (include/billow/collider.hpp) rasterised onto the 2D grid, in a step whose
// collider set changed:
// - each cell's solid fraction is the larger of the static mask's and the most covering
//   collider's anti-aliased coverage (collider_shapes.glsl);
// - each face's open fraction follows from its cells as in face_fractions.comp;
// - each face a collider (partly) closes carries the normal component of that collider's surface
//   velocity at the face centre (the most covering collider's where several overlap; ties go to
//   the lower index), unless the static mask closes more of the face; other faces carry 0;
// - a face closed entirely takes that velocity at once, so the velocity the step's advection
//   samples already moves with the collider.
// Colliders act on interior faces and periodic sides; the faces of the other sides keep their own
// rules (walls, inflows, outflows). A 2D collider is the cross-section of its shape through the
// plane z = centre.z (a disc, a rectangle, a stadium). With no collider (the set just emptied) the
// kernel restores the static geometry: solid = mask, open fractions from it, solid velocities 0.
#include "common/grid.glsl"
#include "common/face_fraction.glsl"
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"

layout(set = 0, binding = 1) readonly buffer Colliders { GpuCollider colliders[]; };
layout(set = 0, binding = 2) readonly buffer StaticSolid { float staticSolid[]; };
layout(set = 0, binding = 3) writeonly buffer Solid { float solid[]; };
layout(set = 0, binding = 4) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) writeonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 7) writeonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 8) buffer U { float u[]; };
layout(set = 0, binding = 9) buffer V { float v[]; };
layout(push_constant) uniform Push { ColliderPush pc; };

// What covers a cell: the static mask's fraction, and the most covering collider's fraction and
// index (the lowest index among equals; -1 when no collider reaches the cell).
struct Cover { float staticFraction; float colliderFraction; int collider; };

Cover coverOf(int i, int j) {
    Cover c = Cover(staticSolid[cellIndex(i, j)], 0.0, -1);
    vec2 centre = (vec2(i, j) + 0.5) * grid.h;
    for (int k = 0; k < pc.count; ++k) {
        GpuCollider col = colliders[k];
        float f = colliderCoverage(colliderDistance(col, vec3(centre, col.centre.z)), grid.h);
        if (f > c.colliderFraction) { c.colliderFraction = f; c.collider = k; }
    }
    return c;
}

float fluidOf(Cover c) { return clamp(1.0 - max(c.staticFraction, c.colliderFraction), 0.0, 1.0); }

// Normal velocity (component `axis`) of the solid part of the face between cells a and b, whose
// centre lies at pa in cell a's frame and at pb in cell b's (they differ only across a periodic
// side: colliders do not wrap).
float faceSolidVelocity(Cover a, Cover b, vec2 pa, vec2 pb, int axis) {
    bool fromB = b.colliderFraction > a.colliderFraction ||
                 (b.colliderFraction == a.colliderFraction && b.collider >= 0 && b.collider < a.collider);
    Cover w = fromB ? b : a;
    if (w.collider < 0 || !(w.colliderFraction > max(a.staticFraction, b.staticFraction))) return 0.0;
    GpuCollider col = colliders[w.collider];
    return colliderSurfaceVelocity(col, vec3(fromB ? pb : pa, col.centre.z))[axis];
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    int nx = grid.nx, ny = grid.ny, i = id.x, j = id.y;
    if (i > nx || j > ny) return;
    float h = grid.h;
    Cover here = Cover(0.0, 0.0, -1);
    if (i < nx && j < ny) {
        here = coverOf(i, j);
        solid[cellIndex(i, j)] = max(here.staticFraction, here.colliderFraction);
    }
    if (ownsXFace(id)) {
        // Cells a (left) and b (right) of the face; across the sides, the wrapped ones.
        Cover a = coverOf(i == 0 ? nx - 1 : i - 1, j);
        Cover b = i < nx ? here : coverOf(0, j);
        float open;
        if (i == 0) open = boundaryFaceFraction(BILLOW_LEFT, fluidOf(b), fluidOf(a));
        else if (i == nx) open = boundaryFaceFraction(BILLOW_RIGHT, fluidOf(a), fluidOf(b));
        else open = min(fluidOf(a), fluidOf(b));
        bool movable = (i > 0 && i < nx) || periodicX();
        float y = (float(j) + 0.5) * h;
        float velocity = movable ? faceSolidVelocity(a, b, vec2(float(i == 0 ? nx : i) * h, y),
                                                     vec2(float(i == nx ? 0 : i) * h, y), 0) : 0.0;
        int k = xFaceIndex(i, j);
        openX[k] = open;
        solidVelocityX[k] = velocity;
        if (pc.writeVelocity != 0 && movable && open == 0.0) u[k] = velocity;
    }
    if (ownsYFace(id)) {
        // Cells a (below) and b (above) of the face.
        Cover a = coverOf(i, j == 0 ? ny - 1 : j - 1);
        Cover b = j < ny ? here : coverOf(i, 0);
        float open;
        if (j == 0) open = boundaryFaceFraction(BILLOW_BOTTOM, fluidOf(b), fluidOf(a));
        else if (j == ny) open = boundaryFaceFraction(BILLOW_TOP, fluidOf(a), fluidOf(b));
        else open = min(fluidOf(a), fluidOf(b));
        bool movable = (j > 0 && j < ny) || periodicY();
        float x = (float(i) + 0.5) * h;
        float velocity = movable ? faceSolidVelocity(a, b, vec2(x, float(j == 0 ? ny : j) * h),
                                                     vec2(x, float(j == ny ? 0 : j) * h), 1) : 0.0;
        int k = yFaceIndex(i, j);
        openY[k] = open;
        solidVelocityY[k] = velocity;
        if (pc.writeVelocity != 0 && movable && open == 0.0) v[k] = velocity;
    }
}
