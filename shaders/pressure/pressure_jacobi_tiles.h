// Shape of the blocked Jacobi kernel (pressure/jacobi.comp), shared with the host, which
// dispatches one workgroup per BILLOW_JACOBI_TILE x BILLOW_JACOBI_TILE output tile and checks the
// device limits it needs.
#ifndef BILLOW_PRESSURE_JACOBI_TILES_H
#define BILLOW_PRESSURE_JACOBI_TILES_H

// Most sweeps one dispatch performs; also the halo width (one ring of the halo goes stale per sweep).
#define BILLOW_JACOBI_SWEEPS 8
// Output tile edge, cells. Tile + 2 halos = 64 (two warps wide).
#define BILLOW_JACOBI_TILE 48
#define BILLOW_JACOBI_REGION (BILLOW_JACOBI_TILE + 2 * BILLOW_JACOBI_SWEEPS)
// Cells of a column each thread keeps in registers; the workgroup is REGION x REGION/CELLS threads.
#define BILLOW_JACOBI_STRIP 4
#define BILLOW_JACOBI_INVOCATIONS (BILLOW_JACOBI_REGION * (BILLOW_JACOBI_REGION / BILLOW_JACOBI_STRIP))
// Shared memory the kernel declares: two copies of the region's pressure.
#define BILLOW_JACOBI_SHARED_BYTES (2 * BILLOW_JACOBI_REGION * BILLOW_JACOBI_REGION * 4)

#endif
