// Shape of the blocked Jacobi kernel (pressure/jacobi.comp). The host dispatches one workgroup per
// output tile, whose edge it reads from the kernel's width on its context's workgroup profile
// (the region, BILLOW_JACOBI_TILE + 2 BILLOW_JACOBI_SWEEPS), and BILLOW_JACOBI_SWEEPS, the same in
// both profiles.
#ifndef BILLOW_PRESSURE_JACOBI_TILES_H
#define BILLOW_PRESSURE_JACOBI_TILES_H

// Most sweeps one dispatch performs; also the halo width (one ring of the halo goes stale per sweep).
#define BILLOW_JACOBI_SWEEPS 8
// Output tile edge, cells, and the cells of a column each thread keeps in registers; the workgroup
// is REGION x REGION/STRIP threads. Wide: tile + 2 halos = 64 (two warps wide), 1024 threads and
// 32 KiB of shared memory. Minimum (BILLOW_MINIMUM_WORKGROUPS): a 32-cell region, 128 threads,
// 8 KiB; the halo is the same, so a quarter of the swept cells are output (a third of the wide
// tiles' 56 %), the price of fitting every Vulkan device.
#ifdef BILLOW_MINIMUM_WORKGROUPS
#define BILLOW_JACOBI_TILE 16
#define BILLOW_JACOBI_STRIP 8
#else
#define BILLOW_JACOBI_TILE 48
#define BILLOW_JACOBI_STRIP 4
#endif
#define BILLOW_JACOBI_REGION (BILLOW_JACOBI_TILE + 2 * BILLOW_JACOBI_SWEEPS)

#endif
