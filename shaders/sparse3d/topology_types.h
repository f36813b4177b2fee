// The Topology pass's push constants and sizes (shaders/sparse3d/topology_*.comp; host:
// src/sparse3d/sparse3d_topology.cpp). Only 4-byte scalars (std430 and C++ agree).
#ifndef BILLOW_SPARSE3D_TOPOLOGY_TYPES_H
#define BILLOW_SPARSE3D_TOPOLOGY_TYPES_H

#include "common/grid_types.h"

#ifdef __cplusplus
namespace billow::gpu {
#endif

// The scans over the brick map and the slots: workgroups of 128 threads (which every Vulkan device
// runs, in both workgroup profiles), 8 consecutive elements a thread, so a block of 1024 elements
// per workgroup (16384 blocks for the 256^3 bricks of a 2048^3 domain, within every device's
// workgroup-count limit).
#define BILLOW_TOPOLOGY_THREADS 128
#define BILLOW_TOPOLOGY_ITEMS 8
#define BILLOW_TOPOLOGY_BLOCK 1024
// The largest radius, in bricks, of the neighbourhood a busy brick keeps (speed part plus margin).
#define BILLOW_TOPOLOGY_MAX_RADIUS 4
// The words of the scratch buffer after the new bricks' indirect dispatch (x, y, z): how many
// bricks this update allocated.
#define BILLOW_TOPOLOGY_NEW_COUNT_WORD 3
// Header words (SparseTopologyHeader as uints) the scans write their totals to.
#define BILLOW_TOPOLOGY_FREE_COUNT_WORD 4
#define BILLOW_TOPOLOGY_REQUESTED_WORD 6

// topology_busy: a brick is busy when a cell passes a threshold or a face's speed does; it keeps
// the bricks within min(ceil(maxSpeed dt / (8 h)) + margin, BILLOW_TOPOLOGY_MAX_RADIUS).
struct TopologyBusyPush {
    float dt;
    float densityThreshold, fuelThreshold, temperatureThreshold, speedThreshold;
    float ambientTemperature;
    uint margin;
};
// topology_mark_box: bricks low..high (inclusive) are wanted.
struct TopologyBoxPush { int lowX, lowY, lowZ, highX, highY, highZ; };
// topology_age: slots 0..count-1; a brick not wanted for retireAfterSteps steps is freed.
struct TopologyAgePush { uint count; uint retireAfterSteps; };
// The scans and the kernels over the map or the slots: `count` elements; scan_blocks writes its
// total to header word `totalWord`.
struct TopologyScanPush { uint count; uint totalWord; };
// topology_fill_*: open air in the new bricks (faces along `axis`).
struct TopologyFillPush { float ambientTemperature; int axis; };

#ifdef __cplusplus
}  // namespace billow::gpu
#endif

#endif
