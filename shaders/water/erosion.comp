#version 450
// The frame's erosion, after the substeps, one thread per cell (either lattice):
//  1. evaporation: depth * exp(-evaporation * dt) (the sediment stays);
//  2. hydraulic erosion (Mei, Decaudin & Hu 2007): the capacity
//       C = capacity * max(sin tilt, minimumTilt) * |v| * ramp
//     (|v| the velocity the last substep wrote, the tilt from the least-squares terrain gradient,
//     ramp = clamp(2 - H / deepWaterLimit, 0, 1) when the limit is on), and the sediment relaxes
//     towards it exactly over dt: s + (C - s) (1 - exp(-k dt)), k = dissolveRate (1 - hardness)
//     while s < C, depositRate while s > C (stable for any k dt); a cell no deeper than
//     max(dryDepth, sheetFlowDepth) (dry, or a sheet of runoff) deposits all it carries. The terrain changes by minus the sediment's change, in the same cell;
//  3. thermal slides across every edge steeper than the talus angle (water/thermal_slide.glsl).
// The terrain is read here (the neighbours' for the slope and the slides) and changed by
// water/erosion_apply.comp: each cell's change goes to `delta`, so no thread reads a terrain
// another has already changed.
#include "water/grid.glsl"

layout(set = 0, binding = 1) readonly buffer Terrain { float terrain[]; };
layout(set = 0, binding = 2) buffer Depth { float depth[]; };
layout(set = 0, binding = 3) readonly buffer Velocity { vec2 velocity[]; };
layout(set = 0, binding = 4) buffer Sediment { float sediment[]; };
layout(set = 0, binding = 5) readonly buffer Hardness { float hardness[]; };
layout(set = 0, binding = 6) writeonly buffer Delta { float delta[]; };
layout(push_constant) uniform Push { WaterErosionPush pc; };

#include "water/lattice.glsl"
#include "water/terrain_slope.glsl"
#include "water/thermal_slide.glsl"

// 1 - exp(-x) for x >= 0, without the cancellation of the subtraction at small x (there the
// series to x^3, whose error x^4 / 24 is below a float's rounding of the result).
float oneMinusExp(float x) { return x < 1e-2 ? x * (1.0 - x * (0.5 - x * (1.0 / 6.0))) : 1.0 - exp(-x); }

// The sediment a cell holding `s` and water `H` carries after the frame's dissolving / deposition.
float relaxedSediment(ivec2 id, int c, float s, float H) {
    if (H <= pc.erodingDepth) return 0.0;
    float ramp = pc.deepWaterLimit > 0.0 ? clamp(2.0 - H / pc.deepWaterLimit, 0.0, 1.0) : 1.0;
    float capacity = pc.capacity * max(sinTilt(terrainGradient(id)), pc.minimumTilt) * length(velocity[c]) * ramp;
    float fraction = s < capacity ? oneMinusExp(pc.dissolveRate * (1.0 - hardness[c]) * pc.dt) : pc.depositFraction;
    return s + (capacity - s) * fraction;
}

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (id.x >= water.nx || id.y >= water.ny) return;
    int c = cellIndex(id.x, id.y);
    float H = depth[c];
    if (pc.evaporationFactor != 1.0) {
        H *= pc.evaporationFactor;
        depth[c] = H;
    }
    float change = 0.0;  // of the terrain, m
    if (pc.hydraulic != 0) {
        float s = sediment[c];
        float next = relaxedSediment(id, c, s, H);
        sediment[c] = next;
        change = -(next - s);
    }
    if (pc.thermal != 0) {
        float here = terrain[c];
        for (int k = 0; k < latticeEdgeCount(); ++k) {
            LatticeEdge e = latticeEdge(id, k);
            if (!insideGrid(e.other)) continue;  // no soil crosses the sides
            int o = cellIndex(e.other.x, e.other.y);
            change += thermalSlide(here, terrain[o], hardness[c], hardness[o]);
        }
    }
    if (pc.hydraulic != 0 || pc.thermal != 0) delta[c] = change;
}
