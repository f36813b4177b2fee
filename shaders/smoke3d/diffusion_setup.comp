#version 450
// Multigrid diffusion in 3D, setup of one field's system (pressure/implicit_diffusion.hpp): the step
// (1 + 6a) x - a sum(neighbours) = b of smoke3d/diffuse_velocity.comp / smoke3d/diffuse_cells.comp,
// written for its change delta = x - b as sum over unknown neighbours (delta_nb - delta) - s delta
// = -(L b). Nodes: a velocity component's canonical faces (the duplicate last layer of a periodic
// normal axis left out) or the cells. Neighbours resolve through the boundary taps, as in the
// Jacobi sweeps:
//   - an open face (every cell) in the domain or across a periodic side: an unknown, weight 1;
//   - a closed face (its value is prescribed): delta = 0 there, s += 1;
//   - a face ghost beyond a side, scale * own value + offset (mirror 1, no-slip -1): s += 1 - scale;
//   - a cell ghost: clamped to the cell itself (no flux, nothing), or an inflow's value: s += 1.
// s = 1 / a + those. A closed face gets no weight, no shift and rhs 0 (delta stays 0). Writes the
// node's lower face weight along each axis (and the upper one at the last node), the shift, the
// right-hand side -(L b) and delta = 0.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "smoke3d/smoke3d_types.h"

layout(set = 0, binding = 1) readonly buffer Field { flow_t field[]; };  // b
layout(set = 0, binding = 2) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 3) readonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 4) readonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 5) writeonly buffer WeightX { float weightX[]; };
layout(set = 0, binding = 6) writeonly buffer WeightY { float weightY[]; };
layout(set = 0, binding = 7) writeonly buffer WeightZ { float weightZ[]; };
layout(set = 0, binding = 8) writeonly buffer Shift { float shift[]; };
layout(set = 0, binding = 9) writeonly buffer Rhs { float rhs[]; };
layout(set = 0, binding = 10) writeonly buffer Delta { float delta[]; };
layout(push_constant) uniform Push { DiffusionSetupPush3D pc; };

bool onFaces() { return pc.field < 3; }

// b at a node; pc.field 4 is the temperature, stored from its origin (common/flow_storage.glsl).
float fieldAt(int k) { return pc.field == 4 ? TEMPERATURE_LOAD(field[k]) : FLOW_LOAD(field[k]); }

bool openAt(int index) {
    if (!onFaces()) return true;  // obstacles do not stop scalar diffusion (as the Jacobi sweep)
    return (pc.field == 0 ? openX[index] : pc.field == 1 ? openY[index] : openZ[index]) > 0.0;
}

// The node grid.
ivec3 nodes() {
    ivec3 n = gridCells();
    if (onFaces() && !periodic3(pc.field)) n[pc.field] += 1;
    return n;
}

// The neighbour sample at f: its index, scale and offset (a cell ghost at an inflow: scale 0,
// offset the inflow's value).
Tap3 tapAt(ivec3 f) {
    if (onFaces()) return tapFace3(pc.field, f);
    const CellTap3 t = tapCell3(f);
    if (t.inflowSide >= 0) return Tap3(-1, 0.0, inflowScalar3(t.inflowSide, pc.field - 3));
    return Tap3(t.index, 1.0, 0.0);
}

int indexOf(ivec3 f) { return onFaces() ? faceIndex3(pc.field, f) : cellIndex3(f); }

void writeWeight(int axis, ivec3 face, ivec3 n, float w) {
    ivec3 layers = n;
    layers[axis] += 1;
    const int i = face.x + layers.x * (face.y + layers.y * face.z);
    if (axis == 0) weightX[i] = w; else if (axis == 1) weightY[i] = w; else weightZ[i] = w;
}

void main() {
    const ivec3 id = ivec3(gl_GlobalInvocationID);
    const ivec3 n = nodes();
    if (any(greaterThanEqual(id, n))) return;
    const int self = indexOf(id), node = id.x + n.x * (id.y + n.y * id.z);
    const bool open = openAt(self);
    const float centre = fieldAt(self);
    float s = 0.0, laplacian = 0.0;
    for (int k = 0; k < 6; ++k) {
        const int axis = k / 2;
        ivec3 step = ivec3(0);
        step[axis] = (k & 1) == 0 ? -1 : 1;
        const Tap3 t = tapAt(id + step);
        const float value = t.index >= 0 ? t.scale * fieldAt(t.index) + t.offset : t.offset;
        laplacian += value - centre;
        const bool unknown = open && t.index >= 0 && t.index != self && openAt(t.index);
        if (!unknown) s += t.index == self ? 1.0 - t.scale : 1.0;
        const float w = unknown ? 1.0 : 0.0;
        if ((k & 1) == 0) writeWeight(axis, id, n, w);
        else if (id[axis] == n[axis] - 1) writeWeight(axis, id + step, n, w);
    }
    shift[node] = open ? pc.inverseA + s : 0.0;
    rhs[node] = open ? -laplacian : 0.0;
    delta[node] = 0.0;
}
