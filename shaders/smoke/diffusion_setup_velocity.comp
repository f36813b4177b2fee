#version 450
// Multigrid viscosity, setup of one velocity component's system (pressure/implicit_diffusion.hpp):
// the step (1 + 4a) x - a sum(neighbours) = b of diffuse_velocity.comp, written for its change
// delta = x - b as sum over unknown neighbours (delta_nb - delta) - s delta = -(L b), one node per
// canonical face of the component (on a periodic axis the last face is face 0). Neighbours
// resolve through the boundary taps, as in the Jacobi sweep:
//   - an open face in the domain or across a periodic side: an unknown, coupled with weight 1;
//   - a closed face (wall, obstacle, inflow: its value is prescribed): delta = 0 there, s += 1;
//   - a ghost beyond a side, value = scale * own value + offset (mirror 1, no-slip -1): s += 1 - scale.
// s = 1 / a + those. A closed node gets no weight, no shift and rhs 0 (delta stays 0). Writes the
// node's lower face weight along each axis (and the upper one at the last node), the shift, the
// right-hand side -(L b) and delta = 0.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer Field { float field[]; };  // the component, b
layout(set = 0, binding = 2) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 3) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 4) writeonly buffer WeightX { float weightX[]; };
layout(set = 0, binding = 5) writeonly buffer WeightY { float weightY[]; };
layout(set = 0, binding = 6) writeonly buffer Shift { float shift[]; };
layout(set = 0, binding = 7) writeonly buffer Rhs { float rhs[]; };
layout(set = 0, binding = 8) writeonly buffer Delta { float delta[]; };
layout(push_constant) uniform Push { DiffusionSetupPush pc; };

bool isU() { return pc.component == 0; }
Tap tapOf(ivec2 f) { return isU() ? tapU(f.x, f.y) : tapV(f.x, f.y); }
bool openAt(int index) { return (isU() ? openX[index] : openY[index]) > 0.0; }
int indexOf(ivec2 f) { return isU() ? xFaceIndex(f.x, f.y) : yFaceIndex(f.x, f.y); }

// The node grid: the component's faces, less the duplicate last layer of a periodic normal axis.
ivec2 nodes() {
    if (isU()) return ivec2(periodicX() ? grid.nx : grid.nx + 1, grid.ny);
    return ivec2(grid.nx, periodicY() ? grid.ny : grid.ny + 1);
}

// Whether the neighbour tap `t` of an open node at `self` is an unknown node (weight 1).
bool coupled(Tap t, int self) { return t.index != self && openAt(t.index); }

void main() {
    const ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    const ivec2 n = nodes();
    if (id.x >= n.x || id.y >= n.y) return;
    const int self = indexOf(id), node = id.x + id.y * n.x;
    const bool open = openAt(self);
    const float centre = field[self];
    const ivec2 steps[4] = ivec2[4](ivec2(-1, 0), ivec2(1, 0), ivec2(0, -1), ivec2(0, 1));
    float s = 0.0, laplacian = 0.0;
    float w[4];
    for (int k = 0; k < 4; ++k) {
        const Tap t = tapOf(id + steps[k]);
        laplacian += t.scale * field[t.index] + t.offset - centre;
        const bool unknown = open && coupled(t, self);
        w[k] = unknown ? 1.0 : 0.0;
        if (!unknown) s += t.index == self ? 1.0 - t.scale : 1.0;
    }
    // Face weights of the node grid: (n.x + 1) x n.y along x, n.x x (n.y + 1) along y.
    weightX[id.x + id.y * (n.x + 1)] = w[0];
    if (id.x == n.x - 1) weightX[n.x + id.y * (n.x + 1)] = w[1];
    weightY[node] = w[2];
    if (id.y == n.y - 1) weightY[id.x + n.y * n.x] = w[3];
    shift[node] = open ? pc.inverseA + s : 0.0;
    rhs[node] = open ? -laplacian : 0.0;
    delta[node] = 0.0;
}
