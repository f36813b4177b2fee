// Where a vertical line meets a floating body and how much of that lies under the water: the
// quadrature of the bodies' submerged volume (water/bodies.comp) and of the water they push aside
// (water/displacement.comp), which must agree column for column. A body's footprint is sampled
// on BILLOW_BODY_COLUMNS x BILLOW_BODY_COLUMNS columns per cell (midpoint rule over the cell's
// footprint: its square, or the Triangle lattice vertex's brick, water/lattice.glsl's
// cellFootprint); each column sees its cell's terrain and depth (docs/floating-bodies.md).
// Needs water/grid.glsl, water/lattice.glsl, common/collider_shapes.glsl, and buffers terrain[],
// depth[].
#ifndef BILLOW_BODY_COLUMNS_GLSL
#define BILLOW_BODY_COLUMNS_GLSL

// An interval [x, y] of a line's parameter; empty when x >= y.
const vec2 kNoSpan = vec2(1.0, -1.0);
vec2 meetSpans(vec2 a, vec2 b) { return vec2(max(a.x, b.x), min(a.y, b.y)); }
// The union of two intervals that overlap or touch (pieces of one convex shape).
vec2 joinSpans(vec2 a, vec2 b) {
    if (a.x >= a.y) return b;
    if (b.x >= b.y) return a;
    return vec2(min(a.x, b.x), max(a.y, b.y));
}

// The body's geometry as a collider, for the collider shapes' maths.
GpuCollider bodyShape(GpuFloatingBody b) {
    return GpuCollider(b.centre, b.rotation, b.halfExtents, b.velocity, b.angularVelocity, b.shape, b.radius,
                       b.halfLength, 0);
}

// Where o + t d (|d| = 1) lies within `radius` of the origin.
vec2 sphereSpan(vec3 o, vec3 d, float radius) {
    float b = dot(o, d), c = dot(o, o) - radius * radius;
    float disc = b * b - c;
    if (disc < 0.0) return kNoSpan;
    float s = sqrt(disc);
    return vec2(-b - s, -b + s);
}

// Where o + t d lies within the slab |coordinate| <= e of one axis (o, d that axis's components).
vec2 slabSpan(float o, float d, float e) {
    if (abs(d) < 1e-7) return abs(o) <= e ? vec2(-3.0e38, 3.0e38) : kNoSpan;
    float t0 = (-e - o) / d, t1 = (e - o) / d;
    return vec2(min(t0, t1), max(t0, t1));
}

// Where o + t d lies within `radius` of the x axis, between x = -halfLength and +halfLength.
vec2 cylinderSpan(vec3 o, vec3 d, float radius, float halfLength) {
    float a = d.y * d.y + d.z * d.z;
    float b = o.y * d.y + o.z * d.z, c = o.y * o.y + o.z * o.z - radius * radius;
    vec2 span;
    if (a < 1e-12) {
        span = c <= 0.0 ? vec2(-3.0e38, 3.0e38) : kNoSpan;
    } else {
        float disc = b * b - a * c;
        if (disc < 0.0) return kNoSpan;
        float s = sqrt(disc);
        span = vec2((-b - s) / a, (-b + s) / a);
    }
    return meetSpans(span, slabSpan(o.x, d.x, halfLength));
}

// The heights [z_in, z_out] (m) where the vertical line through `xy` is inside the body
// (analytic: slab test for the box; quadratics for the sphere and the capsule, the union of its
// cylinder and its two end spheres); z_in >= z_out when the line misses it.
vec2 bodyColumn(GpuFloatingBody b, vec2 xy) {
    GpuCollider c = bodyShape(b);
    // The line through (x, y, centre z), parameter t = z - centre z, in the body's frame.
    vec3 o = toColliderFrame(c, vec3(xy, b.centre.z));
    vec3 d = rotateByQuaternion(vec4(-b.rotation.xyz, b.rotation.w), vec3(0.0, 0.0, 1.0));
    vec2 span;
    if (b.shape == BILLOW_COLLIDER_BOX) {
        span = meetSpans(meetSpans(slabSpan(o.x, d.x, b.halfExtents.x), slabSpan(o.y, d.y, b.halfExtents.y)),
                         slabSpan(o.z, d.z, b.halfExtents.z));
    } else if (b.shape == BILLOW_COLLIDER_CAPSULE) {
        vec3 end = vec3(b.halfLength, 0.0, 0.0);
        span = joinSpans(cylinderSpan(o, d, b.radius, b.halfLength),
                         joinSpans(sphereSpan(o - end, d, b.radius), sphereSpan(o + end, d, b.radius)));
    } else {
        span = sphereSpan(o, d, b.radius);
    }
    return span + b.centre.z;
}

// The body's horizontal reach from its centre, m (its bounding radius).
float bodyReach(GpuFloatingBody b) {
    if (b.shape == BILLOW_COLLIDER_BOX) return length(b.halfExtents.xyz);
    if (b.shape == BILLOW_COLLIDER_CAPSULE) return b.halfLength + b.radius;
    return b.radius;
}

// The cells [first, last] (inclusive, clipped to the grid) that the body may cover: the rows, and
// the columns, whose footprints meet its bounding square. On the Triangle lattice the odd rows'
// bricks start h / 2 further right, so the first column is the one either parity needs.
ivec4 bodyFootprint(GpuFloatingBody b) {
    float reach = bodyReach(b);
    vec2 size = cellFootprint(ivec2(0)).zw;
    vec2 shift = onTriangleLattice() ? vec2(0.5, 0.0) : vec2(0.0);
    ivec2 first = ivec2(floor((b.centre.xy - reach) / size - shift));
    ivec2 last = ivec2(floor((b.centre.xy + reach) / size));
    return ivec4(max(first, ivec2(0)), min(last, ivec2(water.nx - 1, water.ny - 1)));
}

// The centre of column (a, b) of cell (i, j), m: the midpoints of the cell's footprint split
// BILLOW_BODY_COLUMNS ways along each axis.
vec2 columnPoint(ivec2 cell, ivec2 column) {
    vec4 footprint = cellFootprint(cell);
    return footprint.xy + (vec2(column) + 0.5) * (footprint.zw / float(BILLOW_BODY_COLUMNS));
}

// The plan area of one column, m^2.
float columnArea() { return cellArea() / float(BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS); }

// The part of a column whose span in the body is `span` that lies above the terrain of cell c
// (the body cannot displace the ground); empty in a dry cell.
vec2 aboveGround(vec2 span, int c) {
    if (depth[c] <= water.dryDepth) return kNoSpan;
    return vec2(max(span.x, terrain[c]), span.y);
}

// The column's displacement d, m: its length below the level of the water around the body. Added
// to the head of the flow, it pushes the water under the body out until the surface there, plus
// d, is level with the water around: the body sits in a depression as deep as its draft. It does
// not depend on the depth under the body, so the water is never driven by a lagged copy of itself.
float columnDisplacement(vec2 span, int c, float level) {
    vec2 part = aboveGround(span, c);
    return clamp(level - part.x, 0.0, max(part.y - part.x, 0.0));
}

// The submerged part [bottom, top] of the column: above the terrain and below the effective
// surface terrain + depth + d, d the cell's displacement (the mean of its columns' at the body's
// current pose: the head the flow sees); empty (bottom >= top) where the body is out of the
// water or the cell is dry. At rest the surface plus d is the level around, so every column holds
// rho g (level - bottom) per area: the draft m / (rho A).
vec2 submergedPart(vec2 span, int c, float cellDisplacement) {
    vec2 part = aboveGround(span, c);
    if (!(part.x < part.y)) return kNoSpan;
    return vec2(part.x, min(part.y, terrain[c] + depth[c] + cellDisplacement));
}

#endif
