// Sampling a per-vertex field of the Triangle lattice at any point: the lattice triangle that
// holds the point and its barycentric weights (linear interpolation over the triangle), for the
// dye's advection and whatever else samples the lattice (probes, particles).
// Needs: water/lattice.glsl.
#ifndef BILLOW_WATER_TRIANGLE_SAMPLING_GLSL
#define BILLOW_WATER_TRIANGLE_SAMPLING_GLSL

// The three vertices (clamped into the grid) of the triangle holding a point, and its weights.
struct TriangleSample {
    ivec2 a, b, c;
    vec3 weight;
};

// The sample at `p` (m, origin at the domain's lower-left corner). The point is first clamped
// between the first and the last row; beyond the outermost vertices of a row a sample takes the
// edge vertices' values (their indices are clamped), as the square grid's sampling does.
//
// Between rows j and j + 1 the point has skewed coordinates (s, t) along e_x and e_y (from vertex
// (i, j) to its upper-right neighbour (i + j%2, j + 1)): t is the fraction of the row spacing, s
// the offset along the row from the lower row's vertex 0, less t / 2. The rhombus of lower
// vertices (i, i + 1) and upper ones (i + p, i + 1 + p), i = floor(s), splits into the lower
// triangle (f + t <= 1, f = s - i) with weights (1 - f - t, f, t) and the upper one with weights
// (1 - t, 1 - f, f + t - 1) on (lower i + 1, upper i + p, upper i + 1 + p).
TriangleSample triangleSampleAt(vec2 p) {
    float rows = clamp(p.y / (0.5 * kSqrt3 * water.h) - 0.5, 0.0, float(water.ny - 1));
    int j = min(int(floor(rows)), water.ny - 2);
    float t = rows - float(j);
    int parity = j & 1;
    float s = p.x * water.invH - 0.5 - 0.5 * float(parity) - 0.5 * t;
    int i = int(floor(s));
    float f = s - float(i);
    int up = i + parity;  // the upper row's vertex up and right of lower vertex i
    TriangleSample r;
    if (f + t <= 1.0) {
        r.a = ivec2(i, j);
        r.b = ivec2(i + 1, j);
        r.c = ivec2(up, j + 1);
        r.weight = vec3(1.0 - f - t, f, t);
    } else {
        r.a = ivec2(i + 1, j);
        r.b = ivec2(up, j + 1);
        r.c = ivec2(up + 1, j + 1);
        r.weight = vec3(1.0 - t, 1.0 - f, f + t - 1.0);
    }
    int last = water.nx - 1;
    r.a.x = clamp(r.a.x, 0, last);
    r.b.x = clamp(r.b.x, 0, last);
    r.c.x = clamp(r.c.x, 0, last);
    return r;
}

#endif
