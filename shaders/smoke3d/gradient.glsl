// The pressure gradient step of the 3D projection, shared by smoke3d/subtract_gradient.comp and
// smoke3d/reflect_velocity.comp: the pressure of a cell (0 beyond outflow sides, wrapped on
// periodic ones) and an open face's velocity after u -= dt (p_c - p_{c-1}) / h. The including
// kernel declares the pressure buffer `p` and includes smoke3d/taps.glsl first.
float pressureAt(ivec3 c) {
    ivec3 n = gridCells();
    for (int b = 0; b < 3; ++b) {
        if (c[b] >= 0 && c[b] < n[b]) continue;
        if (!periodic3(b)) return 0.0;
        c[b] = wrapIndex(c[b], n[b]);
    }
    return p[cellIndex3(c)];
}

// An open face's velocity after the gradient step, from the pressures of the cells above and below
// it (shared with the sparse kernel, sparse3d/subtract_gradient.comp).
float gradientStepOf(float value, float dt, float above, float below) { return value - dt * grid.invH * (above - below); }

// The new velocity of the open face normal to `axis` at f (a duplicate periodic layer computed as
// layer 0).
float gradientStep(int axis, ivec3 f, float value, float dt) {
    ivec3 above = canonicalFace3(axis, f), below = above;
    below[axis] -= 1;
    return gradientStepOf(value, dt, pressureAt(above), pressureAt(below));
}

