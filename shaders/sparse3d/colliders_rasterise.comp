#version 450
// The moving colliders rasterised onto the allocated bricks by the dense rules
// (smoke3d/colliders_rasterise_rule.glsl; the sparse grid has no static mask): each cell's solid
// fraction, each stored face's open fraction and solid velocity, and the solid velocity into a face
// closed entirely. Coverage comes from the colliders' shapes, not from stored cells, so a face
// between two bricks gets the same bits in both copies, and one next to a missing brick sees the
// collider there too. Run for every allocated brick each step, it also gives bricks the Topology
// pass just allocated their geometry. One variant per face axis (variant 0 also writes the cells),
// which keeps each pipeline within the storage slots.
#define BILLOW_BRICK_KERNEL
#define BILLOW_KERNEL_VARIANTS 3  // the face axis: 0 x (and the cells), 1 y, 2 z
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"
#include "smoke3d/face_geometry.glsl"

layout(constant_id = 0) const int kKernelVariant = 0;

layout(set = 0, binding = 3) readonly buffer Colliders { GpuCollider colliders[]; };
layout(set = 0, binding = 4) writeonly buffer Solid { float solid[]; };
layout(set = 0, binding = 5) writeonly buffer Open { float open[]; };
layout(set = 0, binding = 6) writeonly buffer SolidVelocity { float solidVelocity[]; };
layout(set = 0, binding = 7) buffer Velocity { float velocity[]; };
layout(push_constant) uniform Push { ColliderPush pc; };

#define BILLOW_STATIC_SOLID3(c) 0.0
#include "smoke3d/colliders_rasterise_rule.glsl"

BILLOW_BRICK_MAIN {
    const int axis = kKernelVariant;
    Cover here = Cover(0.0, 0.0, -1);
    if (insideCells3(thisCell())) {
        here = coverOf(thisCell());
        if (axis == 0) solid[cellInBrick(thisSlot(), thisLocal())] = solidOf(here);
    }
    for (int layer = 0; layer < facesOfThread(axis); ++layer) {
        ivec3 local = thisLocal();
        local[axis] += layer;
        ivec3 f = (thisBrick() << BILLOW_BRICK_SHIFT) + local;
        if (!ownsFace3(axis, f)) continue;
        // Cell f's cover is computed here for both layers (not reused from `here`): the two
        // bricks that store a shared face then evaluate it at the same call site, so a GPU
        // compiler that fuses multiply-adds differently at two inlined sites cannot give the two
        // copies different bits.
        vec2 g = faceWithColliders(axis, f, coverOf(f));
        int i = faceInBrick(axis, thisSlot(), local);
        open[i] = g.x;
        solidVelocity[i] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) velocity[i] = g.y;
    }
}
