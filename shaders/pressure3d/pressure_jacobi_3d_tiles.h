// Shape of the blocked 3D Jacobi kernel (pressure_jacobi_3d.comp), shared with the host, which
// dispatches one workgroup per BILLOW_JACOBI3_TILE^2 column of cells and z-chunk, and with the
// context's device checks (its workgroup and shared memory are within the 2D blocked Jacobi's).
#ifndef BILLOW_PRESSURE_JACOBI_3D_TILES_H
#define BILLOW_PRESSURE_JACOBI_3D_TILES_H

// Most sweeps one dispatch performs; also the xy halo width and the z halo (planes read beyond a
// chunk on each side).
#define BILLOW_JACOBI3_SWEEPS 4
// Output tile edge in x and y, cells. Tile + 2 halos = 32: one thread per column of the region.
#define BILLOW_JACOBI3_TILE 24
#define BILLOW_JACOBI3_REGION (BILLOW_JACOBI3_TILE + 2 * BILLOW_JACOBI3_SWEEPS)
#define BILLOW_JACOBI3_INVOCATIONS (BILLOW_JACOBI3_REGION * BILLOW_JACOBI3_REGION)
// Shared memory: two copies (double buffering) of one region plane per sweep level.
#define BILLOW_JACOBI3_SHARED_BYTES (2 * BILLOW_JACOBI3_SWEEPS * BILLOW_JACOBI3_INVOCATIONS * 4)
// z-chunk depths the host picks from (planes a workgroup streams through, plus its z halo): the
// deepest for which a level still has at least BILLOW_JACOBI3_MIN_GROUPS workgroups, never
// shallower than the smallest (each chunk re-reads 2 * sweeps planes).
#define BILLOW_JACOBI3_CHUNK_MAX 64
#define BILLOW_JACOBI3_CHUNK_MIN 16
#define BILLOW_JACOBI3_MIN_GROUPS 512

#endif
