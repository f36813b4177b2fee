#version 450
// Adds every queued splat (velocity, density, temperature, dye) weighted by its falloff:
// linear max(0, 1 - d/r) (a cone-shaped brush) or Gaussian exp(-d^2/r^2) (the WebGL demo's splat),
// cut off beyond BILLOW_GAUSSIAN_REACH radii.
// target 0: x- and y-faces; 1: density and temperature; 2: dye.
#include "common/grid.glsl"
#include "smoke/smoke_types.h"

layout(set = 0, binding = 1) readonly buffer Splats { GpuSplat splats[]; };
layout(set = 0, binding = 2) buffer U { float u[]; };
layout(set = 0, binding = 3) buffer V { float v[]; };
layout(set = 0, binding = 4) buffer Density { float density[]; };
layout(set = 0, binding = 5) buffer Temperature { float temperature[]; };
#include "smoke/dye_storage.glsl"
BILLOW_DYE_BUFFER(6, restrict, dye)
layout(set = 0, binding = 7) readonly buffer OpenX { float openX[]; };
layout(set = 0, binding = 8) readonly buffer OpenY { float openY[]; };
layout(push_constant) uniform Push { SplatPush pc; };

float splatWeight(GpuSplat s, vec2 p) {
    float d = distance(p, vec2(s.x, s.y));
    if (s.falloff == BILLOW_FALLOFF_LINEAR) return max(0.0, 1.0 - d / s.radius);
    return d > BILLOW_GAUSSIAN_REACH * s.radius ? 0.0 : exp(-(d * d) / (s.radius * s.radius));
}

void main() {
    // The dispatch covers only the splats' bounding box, which starts at the offset.
    ivec2 id = ivec2(gl_GlobalInvocationID.xy) + ivec2(pc.offsetX, pc.offsetY);
    float h = grid.h;
    if (pc.target == 0) {
        if (ownsXFace(id) && openX[xFaceIndex(id.x, id.y)] > 0.0) {
            vec2 p = vec2(float(canonicalUColumn(id.x)) * h, (float(id.y) + 0.5) * h);
            float add = 0.0;
            for (int k = 0; k < pc.count; ++k) add += splatWeight(splats[k], p) * splats[k].vx;
            u[xFaceIndex(id.x, id.y)] += add;
        }
        if (ownsYFace(id) && openY[yFaceIndex(id.x, id.y)] > 0.0) {
            vec2 p = vec2((float(id.x) + 0.5) * h, float(canonicalVRow(id.y)) * h);
            float add = 0.0;
            for (int k = 0; k < pc.count; ++k) add += splatWeight(splats[k], p) * splats[k].vy;
            v[yFaceIndex(id.x, id.y)] += add;
        }
    } else if (pc.target == 1) {
        if (id.x >= grid.nx || id.y >= grid.ny) return;
        vec2 p = (vec2(id) + 0.5) * h;
        float addDensity = 0.0, addTemperature = 0.0;
        for (int k = 0; k < pc.count; ++k) {
            float w = splatWeight(splats[k], p);
            addDensity += w * splats[k].density;
            addTemperature += w * splats[k].temperature;
        }
        int c = cellIndex(id.x, id.y);
        density[c] += addDensity;
        temperature[c] += addTemperature;
    } else {
        if (id.x >= grid.dyeNx || id.y >= grid.dyeNy) return;
        vec2 p = (vec2(id) + 0.5) * vec2(grid.dyeHx, grid.dyeHy);
        vec4 add = vec4(0.0);
        for (int k = 0; k < pc.count; ++k) add += splatWeight(splats[k], p) * splats[k].dye;
        int k = id.x + id.y * grid.dyeNx;
        BILLOW_STORE_DYE(dye, k, BILLOW_LOAD_DYE(dye, k) + add);
    }
}
