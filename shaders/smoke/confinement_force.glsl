// Vorticity confinement on the faces of the 2D grid (Fedkiw, Stam & Jensen 2001), shared by
// vorticity_force.comp and velocity_forces.comp: f = epsilon h (N x omega) with
// N = grad|omega| / |grad|omega||, from the nodal vorticity (curl.comp): on x-faces
// f_x = eps h N_y omega, on y-faces f_y = -eps h N_x omega. The includer declares the readonly
// node buffer `curl` after common/grid.glsl.

// Nodal vorticity with clamped (or wrapped) node indices.
float omegaAt(int i, int j) {
    i = periodicX() ? wrapIndex(i, grid.nx) : clamp(i, 0, grid.nx);
    j = periodicY() ? wrapIndex(j, grid.ny) : clamp(j, 0, grid.ny);
    return curl[nodeIndex(i, j)];
}

vec2 normalised(vec2 g) {
    float len = length(g);
    return len > 0.0 ? g / len : vec2(0.0);
}

// The force per unit epsilon h on x-face (i, j), i canonical; the face spans nodes (i, j) .. (i, j+1).
float confinementX(int i, int j) {
    float gy = abs(omegaAt(i, j + 1)) - abs(omegaAt(i, j));
    float gx = 0.25 * (abs(omegaAt(i + 1, j)) - abs(omegaAt(i - 1, j)) + abs(omegaAt(i + 1, j + 1)) -
                       abs(omegaAt(i - 1, j + 1)));
    float omega = 0.5 * (omegaAt(i, j) + omegaAt(i, j + 1));
    return normalised(vec2(gx, gy)).y * omega;
}

// The force per unit epsilon h on y-face (i, j), j canonical; the face spans nodes (i, j) .. (i+1, j).
float confinementY(int i, int j) {
    float gx = abs(omegaAt(i + 1, j)) - abs(omegaAt(i, j));
    float gy = 0.25 * (abs(omegaAt(i, j + 1)) - abs(omegaAt(i, j - 1)) + abs(omegaAt(i + 1, j + 1)) -
                       abs(omegaAt(i + 1, j - 1)));
    float omega = 0.5 * (omegaAt(i, j) + omegaAt(i + 1, j));
    return -normalised(vec2(gx, gy)).x * omega;
}
