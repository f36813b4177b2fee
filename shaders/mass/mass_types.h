// The mass correction's constants and push constants, shared by GLSL and C++ (as in
// common/grid_types.h: only 4-byte scalars). src/grid/mass_correction.hpp runs it.
//
// After a field that is a mass per volume (smoke density, fuel) has been advected, three
// dispatches keep its total to what crossed the domain's open sides: each solver's own sums
// kernel (smoke/mass_sums.comp, smoke3d/mass_sums.comp) reduces, per workgroup, the
// field's total before and after and what the advecting velocity carried out through inflow and
// outflow sides; mass/factor.comp turns them into the factor expected / after; mass/scale.comp
// multiplies the advected field by it.
#ifndef BILLOW_MASS_TYPES_H
#define BILLOW_MASS_TYPES_H

#ifdef __cplusplus
namespace billow::gpu {
#endif

// Threads per workgroup of the three kernels (128, which every Vulkan device runs, in both
// workgroup profiles), and the most workgroups a sums or scale dispatch has (their threads then
// loop over the cells): the factor kernel's one workgroup adds at most this many partial sums,
// four per thread.
#define BILLOW_MASS_GROUP 128
#define BILLOW_MASS_MAX_GROUPS 512
// The relative difference of two totals below which they count as equal: 2^-18, 64 float
// roundings. Each total is a compensated sum per thread then two trees of 8 and 9 levels, about
// 20 roundings of the total (non-negative fields), so two totals of the same values summed in
// different orders differ by at most 40; a smaller correction would only move round-off around.
#define BILLOW_MASS_RESOLUTION (1.0 / 262144.0)
// The most fields one solver corrects (partial sums and factors have a slot each).
#define BILLOW_MASS_MAX_FIELDS 4

// Sums: dt in s; field: the slot of partial sums (and of the factor) the dispatch writes;
// inflowField: which of the solver's inflow values the field takes beyond an inflow side.
struct MassSumsPush { float dt; int field; int inflowField; int unused; };
// Factor: groups: partial sums to add; maxChange: the largest relative change one step may make.
struct MassFactorPush { int groups; int field; float maxChange; int unused; };
// Scale: the field's cell count and its factor's slot.
struct MassScalePush { int cells; int field; int unused0; int unused1; };

#ifdef __cplusplus
} // namespace billow::gpu
#endif

#endif
