// The semi-Lagrangian advection of one cell's density, temperature, fuel and colour, shared by the
// dense kernel (smoke3d/advect_cells.comp) and the sparse brick kernels (sparse3d/advect_cells.comp,
// sparse3d/advect_colour.comp), so both carry their fields with the same arithmetic.
//
// The including kernel declares, before including this file (after smoke3d/velocity_sampling.glsl
// and smoke3d/field_interpolation.glsl): `solid`, the push block `pc` (AdvectPush3D), and the
// families it carries:
//   BILLOW_ADVECT_CARRIES_SCALARS  densityIn, temperatureIn, fuelIn, densityOut, temperatureOut, fuelOut
//   BILLOW_ADVECT_CARRIES_COLOUR   colourIn, colourOut
// (a sparse kernel has too few storage bindings for both). Cell samples go through the taps
// (smoke3d/taps.glsl): beyond an inflow side they are the inflow's values; on a sparse grid a cell
// in a missing brick (BILLOW_OPEN_AIR_SIDE, sparse3d/sparse3d_types.h) is open air: density, fuel
// and colour 0, the ambient temperature.
//
// Interior samples are read by their dense index where BILLOW_DIRECT_LIMIT3 allows it (the dense
// grid); a sparse grid sets that limit to 0, so every sample goes through the taps. The scalars
// are read and written through common/flow_storage.glsl (float32 or 16-bit storage).
#include "common/flow_storage.glsl"

// Whether the tap resolved to open air (only a sparse grid has it).
bool openAirTap(CellTap3 t) {
#ifdef BILLOW_OPEN_AIR_SIDE
    return t.inflowSide == BILLOW_OPEN_AIR_SIDE;
#else
    return false;
#endif
}

#ifdef BILLOW_ADVECT_CARRIES_SCALARS
bool scalars() { return (pc.targets & BILLOW_ADVECT_SCALARS) != 0; }
vec3 scalarsAtIndex(int k) {
    return vec3(FLOW_LOAD(densityIn[k]), TEMPERATURE_LOAD(temperatureIn[k]), FLOW_LOAD(fuelIn[k]));
}
void storeScalars(int c, vec3 value) {
    densityOut[c] = FLOW_STORE(value.x);
    temperatureOut[c] = TEMPERATURE_STORE(value.y);
    fuelOut[c] = FLOW_STORE(value.z);
}
// Density, temperature and fuel of a resolved cell sample (one tap for the three).
vec3 scalarsOfTap(CellTap3 t) {
    if (openAirTap(t)) return vec3(0.0, pc.ambient, 0.0);
    if (t.inflowSide >= 0)
        return vec3(inflowScalar3(t.inflowSide, 0), inflowScalar3(t.inflowSide, 1), inflowScalar3(t.inflowSide, 2));
    return scalarsAtIndex(t.index);
}
vec3 readScalars(ivec3 c) { return scalarsOfTap(tapCell3(c)); }
vec3 scalarsAt(ivec3 c) { return scalarsAtIndex(cellIndex3(c)); }
#else
bool scalars() { return false; }
#endif

#ifdef BILLOW_ADVECT_CARRIES_COLOUR
bool colours() { return (pc.targets & BILLOW_ADVECT_COLOUR) != 0 && grid.colourChannels == 4; }
vec4 colourOfTap(CellTap3 t) {
    if (openAirTap(t)) return vec4(0.0);
    return t.inflowSide >= 0 ? grid.inflowColour[t.inflowSide] : colourIn[t.index];
}
vec4 readColour(ivec3 c) { return colourOfTap(tapCell3(c)); }
vec4 colourAtIndex(int k) { return colourIn[k]; }
vec4 colourAt(ivec3 c) { return colourAtIndex(cellIndex3(c)); }
#else
bool colours() { return false; }
#endif

// A fully solid cell (stored at c): the mean of its fluid neighbours inside the grid (open air
// counts as fluid), so samples that reach into an obstacle see the smoke beside it rather than
// an empty sink; without fluid neighbours density, fuel and colour 0 and the ambient temperature.
void fillSolid(ivec3 id, int c) {
    vec4 sum = vec4(0.0), colourSum = vec4(0.0);
    float count = 0.0;
    for (int k = 0; k < 6; ++k) {
        ivec3 n = id;
        n[k / 2] += (k % 2 == 0) ? -1 : 1;
        if (!insideCells3(n)) continue;
        CellTap3 t = tapCell3(n);  // inside the grid: the cell itself (or open air)
        if (!openAirTap(t) && solid[t.index] >= 1.0) continue;
#ifdef BILLOW_ADVECT_CARRIES_SCALARS
        if (scalars()) sum += vec4(scalarsOfTap(t), 0.0);
#endif
#ifdef BILLOW_ADVECT_CARRIES_COLOUR
        if (colours()) colourSum += colourOfTap(t);
#endif
        count += 1.0;
    }
#ifdef BILLOW_ADVECT_CARRIES_SCALARS
    if (scalars()) {
        storeScalars(c, count > 0.0 ? sum.xyz / count : vec3(0.0, pc.ambient, 0.0));
    }
#endif
#ifdef BILLOW_ADVECT_CARRIES_COLOUR
    if (colours()) colourOut[c] = count > 0.0 ? colourSum / count : vec4(0.0);
#endif
}

// Cell id of the grid, stored at c in both the input and output copies: traced back by the
// pre-advection velocity over pc.dt, its fields sampled at the departure point.
void advectCell(ivec3 id, int c) {
    if (solid[c] >= 1.0) {
        fillSolid(id, c);
        return;
    }
    vec3 coord = traceBack3(cellCentre3(id), pc.dt) * grid.invH - 0.5;
#ifdef BILLOW_ADVECT_CARRIES_SCALARS
    if (scalars()) {
        vec3 value;
        BILLOW_INTERPOLATE3(vec3, readScalars, scalarsAt, scalarsAtIndex, BILLOW_DIRECT_LIMIT3(gridCells()), coord, value);
        storeScalars(c, value);
    }
#endif
#ifdef BILLOW_ADVECT_CARRIES_COLOUR
    if (colours()) {
        vec4 value;
        BILLOW_INTERPOLATE3(vec4, readColour, colourAt, colourAtIndex, BILLOW_DIRECT_LIMIT3(gridCells()), coord, value);
        colourOut[c] = value;
    }
#endif
}
