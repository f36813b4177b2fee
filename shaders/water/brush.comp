#version 450
// Applies the frame's rain and brushes (springs, sinks, digging): the rain adds rainDepth and
// rainDye to every column whose centre (the vertex on the Triangle lattice) lies in its region;
// each brush adds weight * amount with weight max(0, 1 - distance / radius) (a linear brush),
// distance from that centre. Depth and dye never go below 0.
#include "water/grid.glsl"
#include "water/lattice.glsl"

layout(set = 0, binding = 1) readonly buffer Brushes { WaterBrushGpu brushes[]; };
layout(set = 0, binding = 2) buffer Depth { float depth[]; };
layout(set = 0, binding = 3) buffer Terrain { float terrain[]; };
layout(set = 0, binding = 4) buffer Dye { float dye[]; };
layout(push_constant) uniform Push { WaterBrushPush pc; };

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= water.nx || id.y >= water.ny) return;
    int c = cellIndex(id.x, id.y);
    vec2 centre = cellCentre(id);
    float d = depth[c], t = terrain[c], colour = dye[c];
    bool touched = false;
    if ((pc.rainDepth > 0.0 || pc.rainDye > 0.0) && centre.x >= pc.rainMinX && centre.x < pc.rainMaxX &&
        centre.y >= pc.rainMinY && centre.y < pc.rainMaxY) {
        touched = true;
        d += pc.rainDepth;
        colour += pc.rainDye;
    }
    for (int k = 0; k < pc.count; ++k) {
        WaterBrushGpu b = brushes[k];
        float w = max(0.0, 1.0 - distance(centre, vec2(b.x, b.y)) / b.radius);
        if (w <= 0.0) continue;
        touched = true;
        d = max(d + w * b.water, 0.0);
        t += w * b.terrain;
        colour = max(colour + w * b.dye, 0.0);
    }
    if (touched) {
        depth[c] = d;
        terrain[c] = t;
        dye[c] = colour;
    }
}
