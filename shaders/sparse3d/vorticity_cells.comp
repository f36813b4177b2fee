#version 450
// The vorticity of every allocated cell: xyz omega, w |omega| (1/s), as the dense
// smoke3d/curl.comp then smoke3d/vorticity_magnitude.comp give it. The curl of each edge of the
// brick (smoke3d/curl_rule.glsl, from the faces through the taps: faces of missing bricks are still
// air) is stored in shared memory, as the dense kernel stores it in its edge buffers, then each
// cell averages its twelve edges (smoke3d/vorticity_cells.glsl). A stored value is rounded as the
// dense one is, so no compiler can fuse an edge's last multiply into the cell's sums in one kernel
// and not in the other.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"

layout(set = 0, binding = 3) readonly buffer UIn { float uIn[]; };
layout(set = 0, binding = 4) readonly buffer VIn { float vIn[]; };
layout(set = 0, binding = 5) readonly buffer WIn { float wIn[]; };
layout(set = 0, binding = 6) writeonly buffer VorticityCells { vec4 vorticityCells[]; };

#include "smoke3d/velocity_sampling.glsl"
#include "smoke3d/curl_rule.glsl"

// The brick's edges along each axis: 8 along it, 9 layers across each other axis (the cells' low
// corners and the brick's upper sides).
const int kBrickEdges = BILLOW_BRICK * (BILLOW_BRICK + 1) * (BILLOW_BRICK + 1);
shared float brickEdges[3 * kBrickEdges];

int brickEdgeIndex(int axis, ivec3 local) {
    ivec3 n = ivec3(BILLOW_BRICK + 1);
    n[axis] = BILLOW_BRICK;
    return axis * kBrickEdges + local.x + n.x * (local.y + n.y * local.z);
}
#define BILLOW_EDGE_CURL3(axis, e) brickEdges[brickEdgeIndex(axis, (e) - (thisBrick() << BILLOW_BRICK_SHIFT))]
#include "smoke3d/vorticity_cells.glsl"

// The edges at the low corner of the cell the body runs for; on the brick's last layers also those
// of the upper sides. Loops, not unrolled: one copy of the edge code.
void cellEdges() {
    [[dont_unroll]] for (int axis = 0; axis < 3; ++axis) {
        int across1 = (axis + 1) % 3, across2 = (axis + 2) % 3;
        int n1 = thisLocal()[across1] == BILLOW_BRICK - 1 ? 2 : 1;
        int n2 = thisLocal()[across2] == BILLOW_BRICK - 1 ? 2 : 1;
        [[dont_unroll]] for (int k = 0; k < n1 * n2; ++k) {
            ivec3 local = thisLocal();
            local[across1] += k % n1;
            local[across2] += k / n1;
            ivec3 e = (thisBrick() << BILLOW_BRICK_SHIFT) + local;
            brickEdges[brickEdgeIndex(axis, local)] = edgeCurl3(axis, canonicalEdge3(e));
        }
    }
}

void main() {
    for (brickLayer = 0; brickLayer < BILLOW_BRICK_LAYERS; ++brickLayer) cellEdges();
    barrier();
    for (brickLayer = 0; brickLayer < BILLOW_BRICK_LAYERS; ++brickLayer) {
        if (!insideCells3(thisCell())) continue;
        vec3 omega = cellVorticity(thisCell());
        vorticityCells[cellInBrick(thisSlot(), thisLocal())] = vec4(omega, length(omega));
    }
}
