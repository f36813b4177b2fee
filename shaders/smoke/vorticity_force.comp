#version 450
// Vorticity confinement (Fedkiw, Stam & Jensen 2001): f = epsilon * h * (N x omega) with
// N = grad|omega| / |grad|omega||, evaluated on each open face from the nodal vorticity:
// on x-faces f_x = eps h N_y omega, on y-faces f_y = -eps h N_x omega. u += dt f.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) buffer U { float u[]; };
layout(set = 0, binding = 2) buffer V { float v[]; };
layout(set = 0, binding = 3) readonly buffer Curl { float curl[]; };
layout(set = 0, binding = 4) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { VorticityPush pc; };

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

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    float strength = pc.dt * pc.epsilon * grid.h;
    if (ownsXFace(id) && openX[xFaceIndex(id.x, id.y)] > 0.0) {
        // The face spans nodes (i, j) .. (i, j+1).
        int i = canonicalUColumn(id.x), j = id.y;
        float gy = abs(omegaAt(i, j + 1)) - abs(omegaAt(i, j));
        float gx = 0.25 * (abs(omegaAt(i + 1, j)) - abs(omegaAt(i - 1, j)) +
                           abs(omegaAt(i + 1, j + 1)) - abs(omegaAt(i - 1, j + 1)));
        float omega = 0.5 * (omegaAt(i, j) + omegaAt(i, j + 1));
        u[xFaceIndex(id.x, j)] += strength * normalised(vec2(gx, gy)).y * omega;
    }
    if (ownsYFace(id) && openY[yFaceIndex(id.x, id.y)] > 0.0) {
        // The face spans nodes (i, j) .. (i+1, j).
        int i = id.x, j = canonicalVRow(id.y);
        float gx = abs(omegaAt(i + 1, j)) - abs(omegaAt(i, j));
        float gy = 0.25 * (abs(omegaAt(i, j + 1)) - abs(omegaAt(i, j - 1)) +
                           abs(omegaAt(i + 1, j + 1)) - abs(omegaAt(i + 1, j - 1)));
        float omega = 0.5 * (omegaAt(i, j) + omegaAt(i + 1, j));
        v[yFaceIndex(i, id.y)] -= strength * normalised(vec2(gx, gy)).x * omega;
    }
}
