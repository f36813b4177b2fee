#version 450
// The moving colliders (include/billow/collider.hpp) rasterised onto the 3D grid, by the Colliders
// pass of a step whose collider set changed, as colliders_rasterise.comp does in 2D:
// - each cell's solid fraction is the larger of the static mask's and the most covering
//   collider's anti-aliased coverage (common/collider_shapes.glsl);
// - each face's open fraction and the solid velocity of the sides' faces follow from its cells by
//   the static rule (smoke3d/face_geometry.glsl);
// - each interior or periodic face a collider (partly) closes carries the normal component of that
//   collider's surface velocity at the face centre (the most covering collider's where several
//   overlap, ties to the lower index), unless the static mask closes more of it; else 0;
// - a face closed entirely takes its solid velocity at once, as the gradient subtraction would.
// With no collider (the set just emptied) it restores the static geometry.
#define BILLOW_FLOW_STORAGE  // float32 and 16-bit flow storage modules (common/flow_storage.glsl)
#include "common/flow_storage.glsl"
#include "smoke3d/taps.glsl"
#include "common/collider_types.h"
#include "common/collider_shapes.glsl"
#include "smoke3d/face_geometry.glsl"

layout(set = 0, binding = 1) readonly buffer Colliders { GpuCollider colliders[]; };
layout(set = 0, binding = 2) readonly buffer StaticSolid { float staticSolid[]; };
layout(set = 0, binding = 3) writeonly buffer Solid { float solid[]; };
layout(set = 0, binding = 4) writeonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 5) writeonly buffer OpenY { float openY[]; };
layout(set = 0, binding = 6) writeonly buffer OpenZ { float openZ[]; };
layout(set = 0, binding = 7) writeonly buffer SolidVelocityX { float solidVelocityX[]; };
layout(set = 0, binding = 8) writeonly buffer SolidVelocityY { float solidVelocityY[]; };
layout(set = 0, binding = 9) writeonly buffer SolidVelocityZ { float solidVelocityZ[]; };
layout(set = 0, binding = 10) buffer U { flow_t u[]; };
layout(set = 0, binding = 11) buffer V { flow_t v[]; };
layout(set = 0, binding = 12) buffer W { flow_t w[]; };
layout(push_constant) uniform Push { ColliderPush pc; };

#include "smoke3d/colliders_rasterise_rule.glsl"

void main() {
    ivec3 id = ivec3(gl_GlobalInvocationID);
    Cover here = Cover(0.0, 0.0, -1);
    if (insideCells3(id)) {
        here = coverOf(id);
        solid[cellIndex3(id)] = solidOf(here);
    }
    if (ownsFace3(0, id)) {
        vec2 g = faceWithColliders(0, id, here);
        int k = xFaceIndex3(id);
        openX[k] = g.x;
        solidVelocityX[k] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) u[k] = FLOW_STORE(g.y);
    }
    if (ownsFace3(1, id)) {
        vec2 g = faceWithColliders(1, id, here);
        int k = yFaceIndex3(id);
        openY[k] = g.x;
        solidVelocityY[k] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) v[k] = FLOW_STORE(g.y);
    }
    if (ownsFace3(2, id)) {
        vec2 g = faceWithColliders(2, id, here);
        int k = zFaceIndex3(id);
        openZ[k] = g.x;
        solidVelocityZ[k] = g.y;
        if (g.x == 0.0 && pc.writeVelocity != 0) w[k] = FLOW_STORE(g.y);
    }
}
