// volume_light.comp over a SparseSmokeSolver3D: T_light (volume_march.glsl's shadow march, which
// skips open air) at the centre of every cell of every allocated brick, into a light pool laid
// out as the solver's cell pools (slot * 512 + local cell). One workgroup of 8 x 8 x 2 threads (128,
// which every Vulkan device runs), four cells along z each, per allocated brick, dispatched indirectly from the solver's topology header: the bake costs the allocated
// cells only, not the virtual domain.
#version 450
#define VOLUME_BRICK_MAP_BINDING 6
#define VOLUME_COUNTS_BINDING 8
#include "volume_sparse_fields.glsl"

const int kLayers = 4;
layout(local_size_x = BILLOW_BRICK, local_size_y = BILLOW_BRICK, local_size_z = BILLOW_BRICK / kLayers) in;

layout(std430, binding = 5) writeonly buffer LightBuffer { float lightCells[]; };
layout(std430, binding = 7) readonly buffer ActiveList { ivec4 activeList[]; };

float volumeLightAt(vec3 p) { return shadowTransmittance(p); }
float volumeColliderDistance(vec3 p) { return 1e30; }  // the bake's shadows come from the solid cells

void main() {
    ivec4 brick = activeList[gl_WorkGroupID.x];
    for (int layer = 0; layer < kLayers; ++layer) {
        ivec3 local = ivec3(gl_LocalInvocationID) + ivec3(0, 0, layer * (BILLOW_BRICK / kLayers));
        ivec3 c = (brick.xyz << BILLOW_BRICK_SHIFT) + local;
        // Cells of a last brick beyond the domain are never read (the march clamps its taps inside).
        if (any(greaterThanEqual(c, view.grid.xyz))) continue;
        lightCells[cellInBrick(uint(brick.w), local)] = shadowTransmittance(vec3(c) + 0.5);
    }
    volumeAddSampleCounts();
}
