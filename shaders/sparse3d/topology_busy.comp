#version 450
// Topology, first step: one workgroup per allocated brick finds whether the brick holds content (a
// cell with density, fuel or a temperature difference above the thresholds) and its fastest face.
// A brick with content wants every brick within r = min(ceil(maxSpeed dt / (8 h)) + margin,
// BILLOW_TOPOLOGY_MAX_RADIUS) along each axis (the velocity's components bound how far content
// moves along each axis in one step, so the cube, not a ball, is the set it can reach). A brick
// whose only activity is a face faster than speedThreshold wants itself alone: moving air keeps
// its bricks, but only content reaches out, since the air a plume sets moving around it (in an
// incompressible flow, everywhere) would otherwise grow the allocated region step after step
// until it filled the domain. Flags are or-ed: the result does not depend on the order.
#define BILLOW_BRICK_KERNEL
layout(std430, set = 0, binding = 1) readonly buffer BrickMap { uint brickMap[]; };
layout(std430, set = 0, binding = 2) readonly buffer ActiveList { ivec4 activeList[]; };
#include "sparse3d/bricks.glsl"
#include "sparse3d/topology_types.h"

layout(std430, set = 0, binding = 3) readonly buffer Density { float density[]; };
layout(std430, set = 0, binding = 4) readonly buffer Temperature { float temperature[]; };
layout(std430, set = 0, binding = 5) readonly buffer Fuel { float fuel[]; };
layout(std430, set = 0, binding = 6) readonly buffer U { float u[]; };
layout(std430, set = 0, binding = 7) readonly buffer V { float v[]; };
layout(std430, set = 0, binding = 8) readonly buffer W { float w[]; };
layout(std430, set = 0, binding = 9) buffer Wanted { uint wanted[]; };
layout(push_constant) uniform Push { TopologyBusyPush pc; };

shared uint contentShared;
shared uint movingShared;
shared uint fastestShared;  // the largest |face velocity|, as float bits (non-negative floats order as uints)

float faceSpeed(int axis, ivec3 local) {
    int i = faceInBrick(axis, thisSlot(), local);
    return abs(axis == 0 ? u[i] : axis == 1 ? v[i] : w[i]);
}

// Whether the cell the body runs for holds content, and its faces' largest speed, into the
// workgroup's flags.
void cellBusy() {
    ivec3 cell = thisCell();
    bool content = false;
    float fastest = 0.0;
    if (insideCells3(cell)) {
        int c = cellInBrick(thisSlot(), thisLocal());
        content = density[c] > pc.densityThreshold || fuel[c] > pc.fuelThreshold ||
               abs(temperature[c] - pc.ambientTemperature) > pc.temperatureThreshold;
    }
    // Every face of the domain the brick stores (the domain's upper sides included, which a
    // thread just beyond the last cell holds).
    for (int axis = 0; axis < 3; ++axis)
        for (int layer = 0; layer < facesOfThread(axis); ++layer) {
            ivec3 local = thisLocal();
            local[axis] += layer;
            ivec3 face = cell;
            face[axis] += layer;
            if (ownsFace3(axis, face)) fastest = max(fastest, faceSpeed(axis, local));
        }
    if (content) atomicOr(contentShared, 1u);
    if (fastest > pc.speedThreshold) atomicOr(movingShared, 1u);
    atomicMax(fastestShared, floatBitsToUint(fastest));
}

void main() {
    if (gl_LocalInvocationIndex == 0) { contentShared = 0u; movingShared = 0u; fastestShared = 0u; }
    barrier();
    for (brickLayer = 0; brickLayer < BILLOW_BRICK_LAYERS; ++brickLayer) cellBusy();
    barrier();
    if (contentShared == 0u) {
        if (movingShared != 0u && gl_LocalInvocationIndex == 0) atomicOr(wanted[brickMapIndex(thisBrick())], 1u);
        return;
    }
    // Bricks the fastest face carries content across in one step, rounded up, plus the margin.
    float reach = ceil(uintBitsToFloat(fastestShared) * pc.dt / (float(BILLOW_BRICK) * grid.h));
    int r = int(min(reach + float(pc.margin), float(BILLOW_TOPOLOGY_MAX_RADIUS)));
    int side = 2 * r + 1;
    ivec3 centre = thisBrick();
    const int threads = int(gl_WorkGroupSize.x * gl_WorkGroupSize.y * gl_WorkGroupSize.z);
    for (int k = int(gl_LocalInvocationIndex); k < side * side * side; k += threads) {
        ivec3 b = centre + ivec3(k % side, (k / side) % side, k / (side * side)) - ivec3(r);
        if (insideBrickGrid(b)) atomicOr(wanted[brickMapIndex(b)], 1u);
    }
}
