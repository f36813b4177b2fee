// The probes as the kernels read and write them (billow::ProbeSample, include/billow/probes.hpp;
// the host side is src/feedback/probe_set.*), shared by the 2D, 3D and water probe kernels and the
// C++ host code (as in common/grid_types.h: only 4-byte scalars).
#ifndef BILLOW_PROBE_TYPES_H
#define BILLOW_PROBE_TYPES_H

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Threads per workgroup of the probe kernels: one thread a probe, in a line.
#define BILLOW_PROBE_GROUP 64
// Words one sample takes in a result slot: the velocity (3 floats), four scalars, the flags.
//   smoke (2D and 3D): density, temperature, fuel, pressure; water: depth, surface, terrain, 0.
#define BILLOW_PROBE_WORDS 8
#define BILLOW_PROBE_VELOCITY 0
#define BILLOW_PROBE_SCALARS 3
#define BILLOW_PROBE_FLAGS 7
// Flag bits (billow::ProbeFlags).
#define BILLOW_PROBE_OUTSIDE 1u
#define BILLOW_PROBE_IN_SOLID 2u

// count: probes in the set; payloadWord: the first payload word of this step's result slot.
struct ProbePush { int count; int payloadWord; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
