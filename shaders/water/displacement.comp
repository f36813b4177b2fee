#version 450
// The floating bodies' push on the water, one thread per cell: the displacement d, m, the
// submerged thickness of every body over the cell (the mean over its columns of the length
// below the effective surface, water/body_columns.glsl), at the bodies' new poses. The flow
// kernels add d to the surface (the pressure head of the body resting on the water), so the
// water under a body leaves until the surface around it is level: the body sits in a depression
// as deep as its draft. The pipes move water only, so the volume is unchanged.
// The surface read here holds last frame's d; each thread rewrites only its own cell.
#include "water/grid.glsl"

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
                vec2 part = submergedPart(bodyColumn(b, columnPoint(cell, ivec2(a, e))), c);
                thickness += max(part.y - part.x, 0.0);
            }
    }
    displacement[c] = thickness / float(BILLOW_BODY_COLUMNS * BILLOW_BODY_COLUMNS);
}
