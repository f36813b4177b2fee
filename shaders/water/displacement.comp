#version 450
// The floating bodies' push on the water, one thread per cell (Triangle lattice: per vertex, over
// its brick): the displacement d, m, the mean over the cell's columns of the length where a body
// overlaps the water column [terrain, terrain + depth] (water/body_columns.glsl), at the bodies'
// new poses. The flow kernels add d to the surface: the pressure head of a body resting on the
// water, so the water it overlaps is pushed out until the effective surface terrain + depth + d is
// level with the water around.
// The bodies' buoyancy is measured under that same effective surface, so at rest
// rho g A (surface - bottom) = m g: the draft m / (rho A) (docs/floating-bodies.md). The pipes move
// water only, so the volume is unchanged.
#include "water/grid.glsl"
#include "water/lattice.glsl"

layout(set = 0, binding = 1) readonly buffer Bodies { GpuFloatingBody bodies[]; };
layout(set = 0, binding = 2) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 3) readonly buffer Depth { float depth[]; };
layout(set = 0, binding = 4) buffer Displacement { float displacement[]; };
layout(push_constant) uniform Push { WaterBodyPush pc; };

#include "common/collider_shapes.glsl"
#include "water/body_columns.glsl"

void main() {
    ivec2 cell = ivec2(gl_GlobalInvocationID.xy);
    if (cell.x >= water.nx || cell.y >= water.ny) return;
    int c = cellIndex(cell.x, cell.y);
    float thickness = 0.0;
    for (int k = 0; k < pc.count; ++k) {
        GpuFloatingBody b = bodies[k];
        ivec4 footprint = bodyFootprint(b);
        if (any(lessThan(cell, footprint.xy)) || any(greaterThan(cell, footprint.zw))) continue;
        for (int a = 0; a < BILLOW_BODY_COLUMNS; ++a)
            for (int e = 0; e < BILLOW_BODY_COLUMNS; ++e) {
                thickness += columnDisplacement(bodyColumn(b, columnPoint(cell, ivec2(a, e))), c, b.level);
            }
    }
    displacement[c] = thickness / float(BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS);
}
