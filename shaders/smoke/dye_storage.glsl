// The dye buffer's two layouts (SmokeSettings::dyeStorage, grid.dyeHalf): RGBA as a vec4 per cell
// (Float32), or as two uints of packed halves per cell, packHalf2x16(r, g) then
// packHalf2x16(b, a) (Float16, half the bytes to move). Every kernel that touches dye declares its
// dye buffers with BILLOW_DYE_BUFFER and accesses them through BILLOW_LOAD_DYE / BILLOW_STORE_DYE; the
// maths stays in float. packHalf2x16 on uints needs no 16-bit storage feature.
//
// BILLOW_DYE_BUFFER(BINDING, ACCESS, NAME) declares both views of one binding: NAME (vec4) and
// NAME##Half (uvec2). ACCESS is readonly, writeonly or restrict (read and written). The branch on
// grid.dyeHalf is uniform across the dispatch.
#define BILLOW_DYE_BUFFER(BINDING, ACCESS, NAME)                                                        \
    layout(set = 0, binding = BINDING) ACCESS buffer NAME##Block { vec4 NAME[]; };                   \
    layout(set = 0, binding = BINDING) ACCESS buffer NAME##HalfBlock { uvec2 NAME##Half[]; };

vec4 unpackDye(uvec2 packed) { return vec4(unpackHalf2x16(packed.x), unpackHalf2x16(packed.y)); }
uvec2 packDye(vec4 colour) { return uvec2(packHalf2x16(colour.xy), packHalf2x16(colour.zw)); }

#define BILLOW_LOAD_DYE(NAME, k) (grid.dyeHalf != 0 ? unpackDye(NAME##Half[k]) : NAME[k])
#define BILLOW_STORE_DYE(NAME, k, value)                    \
    {                                                     \
        if (grid.dyeHalf != 0) NAME##Half[k] = packDye(value); \
        else NAME[k] = (value);                           \
    }
